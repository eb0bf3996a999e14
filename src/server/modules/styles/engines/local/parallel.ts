/**
 * Row-parallel kernels over two threads. A render runs in one pool thread; its heaviest loops
 * (flow-guided filters, the Kuwahara filter, the final compositing) are split across that thread
 * and one helper thread it owns, both pulling chunks of rows from a shared counter so a busy core
 * never holds the other back. Every array a kernel is given must live in a SharedArrayBuffer
 * (checked on each run), so nothing is copied; other arguments are cloned into the helper.
 */
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { workerScript } from '../../../../infra/worker-pools.js';
import { sharedMemory } from './scratch.js';

/** Processes rows (or any index range) y0 ≤ y < y1 of a task. */
export type RowKernel<A> = (args: A, y0: number, y1: number) => void;

const registry = new Map<string, RowKernel<never>>();

/** Rows in a chunk at least, unless a kernel asks for more. */
const MIN_CHUNK = 8;

/** Columns in a chunk at least for a kernel over columns (see rowKernel). */
export const COLUMN_CHUNK = 64;

/**
 * Registers a kernel under a name both threads know (modules register at import). A name taken
 * twice throws: the second kernel would silently replace the first in both threads.
 *
 * `minChunk` is the fewest rows a chunk has (default 8). A kernel over columns wants wider
 * chunks (COLUMN_CHUNK): it walks down the image a chunk wide, and a chunk of 22 columns (a
 * 1024 px image's share) read a few bytes of each row, a whole image row apart, which the
 * caches serve badly. At 64 columns the domain transform's vertical pass ran in 11 ms on one
 * thread rather than 16.
 */
export function rowKernel<A>(
  name: string,
  fn: RowKernel<A>,
  minChunk = MIN_CHUNK,
): (args: A, rows: number) => Promise<void> {
  if (registry.has(name)) throw new Error(`Row kernel ${name} is registered twice`);
  registry.set(name, fn as RowKernel<never>);
  return (args: A, rows: number) => runRows(name, args as object, rows, minChunk);
}

/**
 * Throws unless every typed array in a kernel's arguments (in arrays and objects too) lives in a
 * SharedArrayBuffer. Any other array is copied into the helper thread: what the helper writes
 * there is lost, and the artwork comes out with holes only when the helper was running.
 */
function assertSharedArguments(name: string, args: object): void {
  const unshared: string[] = [];
  // Runs before every kernel: numbers and strings are passed over without building a path.
  const visit = (value: object, path: string): void => {
    if (ArrayBuffer.isView(value)) {
      if (!(value.buffer instanceof SharedArrayBuffer)) unshared.push(path);
    } else if (Array.isArray(value)) {
      value.forEach((v, i) => isObject(v) && visit(v, `${path}[${i}]`));
    } else {
      for (const [key, v] of Object.entries(value)) if (isObject(v)) visit(v, path ? `${path}.${key}` : key);
    }
  };
  visit(args, '');
  if (unshared.length > 0) {
    throw new Error(`Row kernel ${name}: ${unshared.join(', ')} must be in shared memory (shared.* or f32)`);
  }
}

const isObject = (value: unknown): value is object => typeof value === 'object' && value !== null;

/** Runs chunks until none are left; returns how many this thread ran. */
export function runKernelChunks(name: string, args: object, counter: Int32Array, rows: number, chunk: number): number {
  const fn = registry.get(name) as RowKernel<object> | undefined;
  if (!fn) throw new Error(`Unknown row kernel ${name}`);
  const chunks = Math.ceil(rows / chunk);
  for (let done = 0; ; done++) {
    const c = Atomics.add(counter, 0, 1);
    if (c >= chunks) return done;
    fn(args, c * chunk, Math.min(rows, (c + 1) * chunk));
  }
}

/** Zero-filled arrays both threads can use (in a render, from its scratch memory). */
export const shared = {
  f32: (n: number) => new Float32Array(sharedMemory(n * 4), 0, n),
  f64: (n: number) => new Float64Array(sharedMemory(n * 8), 0, n),
  i32: (n: number) => new Int32Array(sharedMemory(n * 4), 0, n),
  u16: (n: number) => new Uint16Array(sharedMemory(n * 2), 0, n),
  u8: (n: number) => new Uint8Array(sharedMemory(n), 0, n),
  u8c: (n: number) => new Uint8ClampedArray(sharedMemory(n), 0, n),
  /** For arrays the caller fills whole before reading them: a reused buffer is not cleared. */
  toFill: {
    f32: (n: number) => new Float32Array(sharedMemory(n * 4, { clear: false }), 0, n),
    u8: (n: number) => new Uint8Array(sharedMemory(n, { clear: false }), 0, n),
  },
};

/** The array itself when it is in shared memory already, else a shared copy. */
export function inSharedMemory<T extends Uint8Array | Float32Array>(data: T): T {
  if (data.buffer instanceof SharedArrayBuffer) return data;
  const copy = data instanceof Float32Array ? shared.toFill.f32(data.length) : shared.toFill.u8(data.length);
  copy.set(data);
  return copy as T;
}

let helper: Worker | null | undefined;
/** The helper has loaded its kernels; until then work is not handed to it. */
let helperReady = false;
let nextId = 1;
const pending = new Map<number, { resolve: () => void; reject: (e: Error) => void }>();

function helperThread(): Worker | null {
  if (helper !== undefined) return helper;
  try {
    const script = workerScript('./parallel-helper', import.meta.url);
    const execArgv = script.execArgv;
    // The helper's entry is TypeScript: like piscina, load it through require() (tsx hooks
    // CommonJS loading in a worker, not a worker's ESM entry), from a tiny data: module.
    const entry = fileURLToPath(script.filename);
    const code = script.fromSource
      ? `import { createRequire } from 'node:module'; createRequire(${JSON.stringify(entry)})(${JSON.stringify(entry)});`
      : `import(${JSON.stringify(pathToFileURL(entry).href)});`;
    const w = new Worker(new URL(`data:text/javascript,${encodeURIComponent(code)}`), { execArgv });
    w.unref();
    w.on('message', (m: { id: number; error?: string; ready?: boolean }) => {
      if (m.ready) {
        helperReady = true;
        return;
      }
      const p = pending.get(m.id);
      if (!p) return;
      pending.delete(m.id);
      if (m.error) p.reject(new Error(m.error));
      else p.resolve();
    });
    const gone = (e: Error) => {
      for (const p of pending.values()) p.reject(e);
      pending.clear();
      if (helper === w) {
        helper = null;
        helperReady = false;
      }
    };
    w.on('error', gone);
    w.on('exit', () => gone(new Error('style helper thread exited')));
    helper = w;
    helperReady = false;
  } catch {
    // No helper thread (e.g. workers unavailable): the kernels simply run on this thread.
    helper = null;
  }
  return helper;
}

/** Starts this thread's helper ahead of the first render (it takes a moment to load). */
export function warmHelper(): void {
  helperThread();
}

/**
 * Has the helper collect its garbage now: a buffer it was handed is freed only once both
 * threads have let go of it, and a helper that only runs kernels seldom collects (idle-gc.ts).
 */
export function collectHelperNow(): void {
  if (helper && helperReady) helper.postMessage({ collect: true });
}

async function runRows(name: string, args: object, rows: number, minChunk: number): Promise<void> {
  // Checked whether or not the helper takes part, so a mistake fails every time, not on a busy day.
  assertSharedArguments(name, args);
  const chunk = Math.max(minChunk, Math.ceil(rows / 48));
  const counter = new Int32Array(new SharedArrayBuffer(4));
  const h = rows >= 64 ? helperThread() : null;
  if (!h || !helperReady) {
    runKernelChunks(name, args, counter, rows, chunk);
    return;
  }
  const id = nextId++;
  const done = new Promise<void>((resolve, reject) => pending.set(id, { resolve, reject }));
  h.ref();
  h.postMessage({ id, name, args, counter, rows, chunk });
  try {
    runKernelChunks(name, args, counter, rows, chunk);
    await done;
  } finally {
    if (pending.size === 0) h.unref();
  }
}
