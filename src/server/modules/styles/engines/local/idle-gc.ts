/**
 * A render's pixel buffers are SharedArrayBuffers that both of its threads reference (the
 * pool thread and its helper, see parallel.ts), and memory is returned only once each thread
 * has collected its garbage. A thread that goes quiet after a render allocates nothing more,
 * so V8 never collects on its own, and the last render's buffers stayed resident: measured
 * on six 12 MP renders one after another, 609 MB at the peak and 543 MB after, against
 * 374 MB and 216 MB when both threads collect once they fall idle.
 */
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { releaseScratch } from './scratch.js';

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

/** How long a thread waits for more work before it collects. */
const QUIET_MS = 200;
/**
 * How long the last render's scratch memory (scratch.ts) waits for a next render before it
 * is returned too: renders queued one after another reuse it, an idle shop gives it back.
 */
const SCRATCH_KEPT_MS = 3_000;

let timer: NodeJS.Timeout | undefined;
let scratchTimer: NodeJS.Timeout | undefined;

/** Collects this thread's garbage now: after a step that dropped hundreds of megabytes. */
export function collectNow(): void {
  gc();
}

/**
 * Work has come: the collection waiting for this thread to fall idle is called off. A render
 * that began within its wait had a full collection, or its scratch memory released, partway
 * through: the visitor's next artwork, started a moment after the last, paid for them.
 */
export function cancelIdleCollection(): void {
  clearTimeout(timer);
  clearTimeout(scratchTimer);
}

/**
 * Collects this thread's garbage once it has had no work for a moment (each call restarts the
 * wait), and again as its scratch memory goes. `quick: false` leaves out the first collection:
 * a render thread whose heap was collected between a visitor's clicks grew it again in the
 * next render, 6–7 % of its time.
 */
export function collectWhenIdle({ quick = true }: { quick?: boolean } = {}): void {
  cancelIdleCollection();
  if (quick) {
    timer = setTimeout(gc, QUIET_MS);
    timer.unref();
  }
  scratchTimer = setTimeout(() => {
    releaseScratch();
    gc();
  }, SCRATCH_KEPT_MS);
  scratchTimer.unref();
}
