/**
 * The runtime image's contents, assembled by the same script the Dockerfile runs
 * (deploy/assemble.sh), started as the image starts them: compiled code, production
 * dependencies only, no sources. Docker itself is not needed (nor available on CI).
 */
import { spawn, execFileSync, type ChildProcess } from 'node:child_process';
import { existsSync, symlinkSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, ROOT } from './support/server';

let checkout: string;
let out: string;
let dataDir: string;
let child: ChildProcess | undefined;
let url: string;

beforeAll(async () => {
  // A copy of the checkout, so that building it leaves this checkout's dist/ to the other
  // test files, which may be serving from it meanwhile.
  checkout = await mkdtemp(join(tmpdir(), 'wanderer-image-checkout-'));
  const excluded = ['node_modules', 'dist', 'data', '.git', 'e2e/artifacts'].map((path) => `--exclude=./${path}`);
  execFileSync('sh', ['-c', `tar -C "$1" ${excluded.join(' ')} -cf - . | tar -C "$2" -xf -`, 'sh', ROOT, checkout]);
  symlinkSync(join(ROOT, 'node_modules'), join(checkout, 'node_modules'));
  out = await mkdtemp(join(tmpdir(), 'wanderer-image-'));
  dataDir = await mkdtemp(join(tmpdir(), 'wanderer-image-data-'));
  execFileSync(join(checkout, 'deploy/assemble.sh'), [out], { cwd: checkout, stdio: 'pipe', timeout: 300_000 });
}, 320_000);

afterAll(async () => {
  child?.kill('SIGKILL');
  await rm(checkout, { recursive: true, force: true });
  await rm(out, { recursive: true, force: true });
  await rm(dataDir, { recursive: true, force: true });
});

describe('the runtime image (deploy/assemble.sh, as the Dockerfile runs it)', () => {
  it('holds the build and production dependencies only: no sources, no build tools', () => {
    expect(existsSync(join(out, 'dist/server/main.js'))).toBe(true);
    expect(existsSync(join(out, 'dist/web/index.html'))).toBe(true);
    expect(existsSync(join(out, 'src'))).toBe(false);
    // (TypeScript itself still arrives, as a dependency of offline-geocode-city's own.)
    for (const tool of ['vite', 'tsx', 'vitest', 'react', 'tailwindcss', 'drizzle-kit']) {
      expect(existsSync(join(out, 'node_modules', tool)), tool).toBe(false);
    }
    expect(existsSync(join(out, 'node_modules/sharp'))).toBe(true);
  });

  it('starts with its command, serves the shop, and renders in worker threads from plain JavaScript', async () => {
    const port = await freePort();
    url = `http://127.0.0.1:${port}`;
    child = spawn(process.execPath, ['scripts/start.mjs'], {
      cwd: out,
      env: {
        PATH: process.env.PATH,
        NODE_ENV: 'production',
        HOST: '127.0.0.1',
        PORT: String(port),
        DATA_DIR: dataDir,
        LOG_LEVEL: 'warn',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let log = '';
    child.stdout!.on('data', (chunk) => (log += chunk));
    child.stderr!.on('data', (chunk) => (log += chunk));
    const deadline = Date.now() + 60_000;
    while (
      !(await fetch(`${url}/healthz`).then(
        (r) => r.ok,
        () => false,
      ))
    ) {
      if (child.exitCode !== null || Date.now() > deadline) throw new Error(`the image did not start:\n${log}`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    const home = await fetch(url);
    expect(await home.text()).toContain('<div id="root">');
    expect(((await (await fetch(`${url}/api/products`)).json()) as unknown[]).length).toBeGreaterThanOrEqual(12);

    // The seed queues a preview per style; the style engine's worker threads render them.
    let styles: Array<{ preview_image_path: string | null }> = [];
    while (Date.now() < deadline + 60_000) {
      styles = (await (await fetch(`${url}/api/styles`)).json()) as typeof styles;
      if (styles.length > 0 && styles.every((style) => style.preview_image_path)) break;
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    expect(
      styles.every((style) => style.preview_image_path),
      log,
    ).toBe(true);
  });
});
