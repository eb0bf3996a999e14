/**
 * The helper thread of a render thread: runs its share of row-parallel kernels (parallel.ts).
 * Importing the styles, and the steps every render runs before and after them (the analysis,
 * the exposure step, the levels), registers every kernel they use.
 */
import { parentPort } from 'node:worker_threads';
import { collectNow, collectWhenIdle } from './idle-gc.js';
import { runKernelChunks } from './parallel.js';
import './styles/index.js';
import './kernels/analysis.js';
import './kernels/exposure.js';
import './kernels/tone.js';

parentPort?.on(
  'message',
  (
    m:
      | { collect: true }
      | {
          collect?: undefined;
          id: number;
          name: string;
          args: object;
          counter: Int32Array;
          rows: number;
          chunk: number;
        },
  ) => {
    if (m.collect) {
      collectNow();
      return;
    }
    try {
      runKernelChunks(m.name, m.args, m.counter, m.rows, m.chunk);
      parentPort?.postMessage({ id: m.id });
    } catch (e) {
      parentPort?.postMessage({ id: m.id, error: e instanceof Error ? e.message : String(e) });
    }
    collectWhenIdle();
  },
);

parentPort?.postMessage({ ready: true });
