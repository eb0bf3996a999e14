/**
 * `npm start` (and `npm run worker`): runs the compiled server from `dist/`, building it
 * first only when `dist` is missing or older than the sources. The build runs in a child
 * process, so the server never holds the build tools' memory.
 *
 *   node scripts/start.mjs          the shop: HTTP and in-process workers
 *   node scripts/start.mjs worker   job workers only, for scaling out
 *   node scripts/start.mjs admin …  the admin account command (`npm run admin`)
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
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
  const result = spawnSync(npm, ['run', '--silent', 'build'], { cwd: ROOT, stdio: 'inherit' });
  if (result.status !== 0) {
    console.error('The build failed; the shop was not started.');
    process.exit(result.status ?? 1);
  }
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  ensureBuilt();
  process.setSourceMapsEnabled(true);
  const entries = { worker: 'worker', admin: 'admin-cli' };
  const entry = entries[process.argv[2]] ?? 'main';
  // The entry's own arguments follow, as if it had been started directly.
  if (entry !== 'main') process.argv.splice(2, 1);
  await import(pathToFileURL(join(ROOT, `dist/server/${entry}.js`)).href);
}
