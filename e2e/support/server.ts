/**
 * Runs the real shop (`npm start`: the compiled server, built first if stale) in a child process on a free port with its own
 * data folder, exactly as `npm start` runs it, and stops it after the test.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { cp, mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { MALLOC_SETTINGS } from '../../scripts/start.mjs';

export const ROOT = resolve(import.meta.dirname, '../..');

export interface ShopProcess {
  url: string;
  port: number;
  dataDir: string;
  child: ChildProcess;
  output: () => string;
  /** Stops the process; `hard` kills it with SIGKILL, as a crash or power cut would. */
  stop(options?: { hard?: boolean }): Promise<void>;
  /** Removes the data folder (after the last start on it). */
  cleanup(): Promise<void>;
}

export async function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolvePort(port));
    });
  });
}

/**
 * The environment variable naming a data folder as a first start left it (see
 * `global-setup.ts`); a shop started on a new data folder starts on a copy of it.
 */
export const FIRST_START_TEMPLATE = 'WANDERER_E2E_FIRST_START';

/** A new data folder: a copy of the first-start template when there is one, else empty. */
export async function newDataDir({ fresh = false } = {}): Promise<string> {
  const dataDir = await mkdtemp(join(tmpdir(), 'wanderer-e2e-'));
  const template = process.env[FIRST_START_TEMPLATE];
  if (template && !fresh) {
    // Everything but the lock the template's shop held while it ran.
    await cp(template, dataDir, { recursive: true, filter: (source) => !source.endsWith('.lock') });
  }
  return dataDir;
}

export interface ShopOptions {
  env?: Record<string, string>;
  dataDir?: string;
  /** A new data folder starts empty, as on a shop's very first start, rather than as a copy of the first-start template. */
  fresh?: boolean;
  port?: number;
  timeoutMs?: number;
}

export async function startShop(options: ShopOptions = {}): Promise<ShopProcess> {
  const dataDir = options.dataDir ?? (await newDataDir(options));
  const port = options.port ?? (await freePort());
  const env: Record<string, string> = {
    ...(process.env as Record<string, string>),
    NODE_ENV: 'production',
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    // As `npm start` sets them, so the shop runs as one process.
    ...MALLOC_SETTINGS,
    ...options.env,
  };
  // The child never inherits the test runner's database selection.
  delete env.TEST_DB;
  const child = spawn(process.execPath, [join(ROOT, 'scripts/start.mjs')], {
    cwd: ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  child.stdout!.on('data', (chunk) => (log += chunk));
  child.stderr!.on('data', (chunk) => (log += chunk));
  const exited = new Promise<void>((resolveExit) => child.once('exit', () => resolveExit()));
  // A test runner that gives up on a test (its time-out) leaves no shop running behind it.
  const killOnExit = () => child.kill('SIGKILL');
  process.once('exit', killOnExit);
  void exited.then(() => process.off('exit', killOnExit));
  const url = `http://127.0.0.1:${port}`;

  const deadline = Date.now() + (options.timeoutMs ?? 60_000);
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the shop exited during start:\n${log}`);
    try {
      // A shop that listens but never answers fails its start here, with its log.
      const response = await fetch(`${url}/healthz`, { signal: AbortSignal.timeout(5_000) });
      if (response.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`the shop did not answer /healthz in time:\n${log}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }

  return {
    url,
    port,
    dataDir,
    child,
    output: () => log,
    async stop({ hard = false } = {}) {
      if (child.exitCode === null) child.kill(hard ? 'SIGKILL' : 'SIGTERM');
      await exited;
    },
    cleanup: () => rm(dataDir, { recursive: true, force: true }),
  };
}
