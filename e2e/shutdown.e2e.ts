/**
 * The compiled shop as `npm start` runs it: one request id per answer, and a shutdown
 * that finishes what it started on the first SIGTERM and leaves at once on the second.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { json, uploadPhoto } from './support/api';
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
    const shop = await startShop({ env: { LOG_LEVEL: 'info' } });
    running.push(shop);
    // A render under way, which the first signal would wait for.
    const styles = await json<Array<{ id: string }>>(await fetch(`${shop.url}/api/styles`));
    const { transformationId } = await json<{ transformationId: string }>(
      await fetch(`${shop.url}/api/transformations`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ imageId: await uploadPhoto(shop.url), styleId: styles[0].id }),
      }),
    );
    const status = async () =>
      (await json<{ status: string }>(await fetch(`${shop.url}/api/transformations/${transformationId}`))).status;
    await expect.poll(status, { timeout: 30_000, interval: 20 }).toBe('processing');
    const exited = exitCode(shop);
    shop.child.kill('SIGTERM');
    // Two signals sent together can arrive as one: the second goes once shutdown is under way.
    await expect.poll(() => shop.output(), { timeout: 10_000, interval: 1 }).toContain('SIGTERM: shutting down');
    shop.child.kill('SIGTERM');
    expect(await exited).toBe(1);
  });
});
