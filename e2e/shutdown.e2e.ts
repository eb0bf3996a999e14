/**
 * The compiled shop as `npm start` runs it: one request id per answer, and a shutdown
 * that finishes what it started on the first SIGTERM and leaves at once on the second.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { startShop, type ShopProcess } from './support/server';

const running: ShopProcess[] = [];
afterAll(async () => {
  for (const shop of running) {
    await shop.stop({ hard: true });
    await shop.cleanup();
  }
});

const exitCode = (shop: ShopProcess) =>
  new Promise<number | null>((resolve) => {
    if (shop.child.exitCode !== null) resolve(shop.child.exitCode);
    else shop.child.once('exit', (code) => resolve(code));
  });

describe('npm start runs the compiled server', () => {
  it('runs dist/server/main.js, not the TypeScript sources', async () => {
    const shop = await startShop();
    running.push(shop);
    const { stdout } = await import('node:child_process').then(({ execFileSync }) => ({
      stdout: execFileSync('ps', ['-o', 'args=', '-p', String(shop.child.pid)], { encoding: 'utf8' }),
    }));
    expect(stdout).toContain('scripts/start.mjs');
    expect(stdout).not.toContain('tsx');
    const response = await fetch(`${shop.url}/api/styles`);
    expect(response.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe('graceful shutdown', () => {
  it('on SIGTERM stops taking requests, closes everything and exits 0', async () => {
    const shop = await startShop();
    running.push(shop);
    expect((await fetch(`${shop.url}/healthz`)).ok).toBe(true);
    const exited = exitCode(shop);
    shop.child.kill('SIGTERM');
    expect(await exited).toBe(0);
    await expect(fetch(`${shop.url}/healthz`)).rejects.toThrow();
  });

  it('a second SIGTERM exits at once, without waiting for running work', async () => {
    const shop = await startShop();
    running.push(shop);
    const exited = exitCode(shop);
    shop.child.kill('SIGTERM');
    // Two signals sent together arrive as one; the second comes once shutdown is under way.
    await new Promise((resolve) => setTimeout(resolve, 5));
    shop.child.kill('SIGTERM');
    expect(await exited).toBe(1);
  });
});
