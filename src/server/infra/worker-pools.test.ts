import { afterEach, describe, expect, it } from 'vitest';
import { closeAllPools, lazyPool } from './worker-pools.js';

afterEach(() => closeAllPools());

/** Runs one task that schedules a mark, then waits while the thread idles: whether the mark was made. */
async function markedWhileIdle(runsWhileIdle: boolean): Promise<boolean> {
  const pool = lazyPool<{ flag: Int32Array }, void>('../testing/idle-timer-worker', import.meta.url, {
    maxThreads: 1,
    idleTimeout: 60_000,
    runsWhileIdle,
  });
  const flag = new Int32Array(new SharedArrayBuffer(4));
  await pool.run({ flag });
  await new Promise((resolve) => setTimeout(resolve, 500));
  return Atomics.load(flag, 0) === 1;
}

describe('a pool thread between tasks', () => {
  it('runs what it scheduled when the pool says it runs while idle (the render threads let memory go so)', async () => {
    expect(await markedWhileIdle(true)).toBe(true);
  });

  it('is parked by piscina otherwise: nothing it scheduled runs until its next task', async () => {
    expect(await markedWhileIdle(false)).toBe(false);
  });
});
