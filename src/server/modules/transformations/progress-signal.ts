/**
 * A nudge from a render job to the event streams of the same process: "this transformation
 * changed, read it now". Streams still poll the database, which is what reaches them when
 * the job runs in another process; the nudge only removes the wait when it runs here.
 */
import { EventEmitter } from 'node:events';

const signal = new EventEmitter();
signal.setMaxListeners(0);

export function announceChange(transformationId: string): void {
  signal.emit(transformationId);
}

/** Resolves at the next change of this transformation, or after `ms`, whichever is first. */
export function nextChange(transformationId: string, ms: number): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      signal.off(transformationId, done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal.once(transformationId, done);
  });
}
