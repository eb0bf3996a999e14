/**
 * `npm start` (and `npm run worker`): runs the compiled server from `dist/`, building it
 * first only when `dist` is missing or older than the sources. The build runs in a child
 * process, so the server never holds the build tools' memory.
 *
 *   node scripts/start.mjs          the shop: HTTP and in-process workers
 *   node scripts/start.mjs worker   job workers only, for scaling out
 *   node scripts/start.mjs admin …  the admin account command (`npm run admin`)
 *   node scripts/start.mjs backup [FILE], restore FILE [--data-dir DIR]   backups (`npm run backup`, `npm run restore`)
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { constants } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

const ROOT = resolve(import.meta.dirname, '..');
const STAMP = join(ROOT, 'dist/.build-stamp');
const INPUTS = ['src', 'package.json', 'vite.config.ts', 'scripts/build-server.mjs'];

function newestChange(path) {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const name of readdirSync(path)) newest = Math.max(newest, newestChange(join(path, name)));
  return newest;
}

/** Whether `dist` lacks a build, or some source changed after the last one. */
export function buildIsStale() {
  if (!existsSync(STAMP) || !existsSync(join(ROOT, 'dist/web/index.html'))) return true;
  // Without the sources (an image that ships only dist/) the build is what there is.
  if (!existsSync(join(ROOT, 'src'))) return false;
  const built = statSync(STAMP).mtimeMs;
  return INPUTS.some((input) => existsSync(join(ROOT, input)) && newestChange(join(ROOT, input)) > built);
}

export function ensureBuilt() {
  if (!buildIsStale()) return;
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const result = spawnSync(npm, ['run', '--silent', 'build'], {
    cwd: ROOT,
    stdio: 'inherit',
    // Vite keeps a NODE_ENV it finds (a test runner's 'test') and would bundle React's development build.
    env: { ...process.env, NODE_ENV: 'production' },
  });
  if (result.status !== 0) {
    console.error('The build failed; the shop was not started.');
    process.exit(result.status ?? 1);
  }
}

/**
 * glibc's malloc keeps memory a render has freed: past its first large free it stops giving
 * big blocks their own mappings, and pixel buffers freed by worker threads stay resident
 * (measured: 1,000 MB two minutes after six 12 MP renders, 500 MB with these settings). It
 * reads its settings from the environment at start: `npm start` and the Docker image set
 * them; started any other way, on Linux, the shop restarts itself once with them.
 */
export const MALLOC_SETTINGS = { MALLOC_MMAP_THRESHOLD_: '131072', MALLOC_ARENA_MAX: '2' };

function restartWithMallocSettings() {
  const child = spawn(process.execPath, [...process.execArgv, ...process.argv.slice(1)], {
    // The IPC channel tells the shop if this process dies, even by SIGKILL (see below).
    stdio: ['inherit', 'inherit', 'inherit', 'ipc'],
    env: { ...MALLOC_SETTINGS, ...process.env },
    // Its own process group: a terminal's Ctrl-C reaches it once, through this process, not twice.
    detached: true,
  });
  // The shop handles shutdown; this process passes the signals on and leaves with its code. A
  // second signal means "now", but two sent close together can reach the shop as one, so a
  // shop still running shortly after the second is ended here.
  let signals = 0;
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
    process.on(signal, () => {
      signals += 1;
      child.kill(signal);
      if (signals > 1) setTimeout(() => child.kill('SIGKILL'), 200).unref();
    });
  }
  child.on('exit', (code, signal) => process.exit(code ?? (signals > 1 ? 1 : 128 + (constants.signals[signal] ?? 0))));
}

/** In the restarted shop: whatever ends the process that started it ends the shop at once. */
function dieWithParent() {
  if (!process.channel) return;
  process.channel.unref();
  process.on('disconnect', () => process.kill(process.pid, 'SIGKILL'));
}

if (
  import.meta.url === pathToFileURL(process.argv[1]).href &&
  process.platform === 'linux' &&
  !process.env.MALLOC_MMAP_THRESHOLD_
) {
  ensureBuilt();
  restartWithMallocSettings();
} else if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  dieWithParent();
  // Restarted by the branch above, which has built already.
  if (!process.channel) ensureBuilt();
  process.setSourceMapsEnabled(true);
  const entries = { worker: 'worker', admin: 'admin-cli', backup: 'backup-cli', restore: 'restore-cli' };
  const entry = entries[process.argv[2]] ?? 'main';
  // The entry's own arguments follow, as if it had been started directly.
  if (entry !== 'main') process.argv.splice(2, 1);
  await import(pathToFileURL(join(ROOT, `dist/server/${entry}.js`)).href);
}
