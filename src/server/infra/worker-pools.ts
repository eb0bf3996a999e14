/**
 * Worker threads: where a worker's code is, and the one lazy pool helper every CPU-heavy
 * part of the server uses. From the sources (run through tsx or vitest) the worker is a
 * `.ts` file and a thread starts as plain Node, so it registers tsx's loader itself; from
 * compiled output it is the `.js` beside its caller.
 */
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { TransferListItem } from 'node:worker_threads';
import Piscina from 'piscina';
import { trimWhenQuiet } from './memory-trim.js';

export interface WorkerScript {
  filename: string;
  execArgv: string[];
  /** Whether the script is TypeScript source (run through tsx). */
  fromSource: boolean;
}

/** `name` without extension, resolved against the caller's `import.meta.url`. */
export function workerScript(name: string, callerUrl: string): WorkerScript {
  const source = new URL(`${name}.ts`, callerUrl);
  if (existsSync(fileURLToPath(source))) {
    const tsx = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;
    return { filename: source.href, execArgv: ['--import', tsx], fromSource: true };
  }
  return { filename: new URL(`${name}.js`, callerUrl).href, execArgv: [], fromSource: false };
}

export interface PoolOptions {
  /** Threads at most; none run until the first task, and idle ones end. */
  maxThreads: number;
  /** How long an idle thread (and the memory it holds) is kept, in milliseconds. */
  idleTimeout: number;
  /** Threads kept however long they idle, once the pool has started (default none). */
  keptThreads?: number;
  /**
   * A thread runs what it scheduled (its timers) between tasks. By default piscina parks an
   * idle thread in `Atomics.wait`, where nothing runs until its next task arrives: a thread
   * that meant to give memory back once idle did so only partway through its next task.
   */
  runsWhileIdle?: boolean;
}

/** A worker-thread pool that starts on its first task and can be closed and used again. */
export interface LazyPool<Task, Result> {
  run(task: Task, options?: { transferList?: TransferListItem[] }): Promise<Result>;
  /**
   * Starts a thread now, if none is running, by giving it `idleTask`, a task that does nothing;
   * resolves once that thread has loaded (a second call while it loads waits for it too), and
   * never rejects.
   */
  start(idleTask: Task): Promise<void>;
  /** Threads running now (loading, working or idle). */
  readonly threads: number;
  close(): Promise<void>;
}

const noop = () => {};

const openPools = new Set<LazyPool<unknown, unknown>>();

/**
 * The one way this server makes a piscina pool: `name` is the worker's file beside
 * `callerUrl` (see workerScript). Every pool made here is ended by closeAllPools().
 */
export function lazyPool<Task, Result>(name: string, callerUrl: string, options: PoolOptions): LazyPool<Task, Result> {
  let pool: Piscina<Task, Result> | undefined;
  /** The last start(), until its thread has loaded and after. */
  let starting: Promise<void> | undefined;
  const lazy: LazyPool<Task, Result> = {
    run(task, runOptions) {
      if (!pool) {
        const { filename, execArgv } = workerScript(name, callerUrl);
        const { keptThreads = 0, runsWhileIdle = false, ...limits } = options;
        pool = new Piscina({
          filename,
          execArgv,
          minThreads: keptThreads,
          atomics: runsWhileIdle ? 'async' : 'sync',
          ...limits,
        });
        // What a task or an ended thread freed is given back to the system once work stops.
        pool.on('workerDestroy', trimWhenQuiet);
        openPools.add(lazy as LazyPool<unknown, unknown>);
      }
      return pool.run(task, runOptions).finally(trimWhenQuiet);
    },
    start(idleTask) {
      // Any failure shows again in the task that needs the thread.
      if (!pool || pool.threads.length === 0) starting = lazy.run(idleTask).then(noop, noop);
      return starting ?? Promise.resolve();
    },
    get threads() {
      return pool?.threads.length ?? 0;
    },
    async close() {
      const current = pool;
      pool = undefined;
      starting = undefined;
      openPools.delete(lazy as LazyPool<unknown, unknown>);
      await current?.destroy();
    },
  };
  return lazy;
}

/** Ends every pool's threads (shutdown, tests); a pool used again starts afresh. */
export async function closeAllPools(): Promise<void> {
  await Promise.all([...openPools].map((pool) => pool.close()));
}
