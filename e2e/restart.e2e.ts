import { afterAll, describe, expect, it } from 'vitest';
import { startShop, type ShopProcess } from './support/server';

interface PublicStyle {
  id: string;
  name: string;
  preview_image_path: string | null;
}

const running: ShopProcess[] = [];
afterAll(async () => {
  for (const shop of running) await shop.stop({ hard: true });
  await running[0]?.cleanup();
});

async function styles(shop: ShopProcess): Promise<PublicStyle[]> {
  return (await fetch(`${shop.url}/api/styles`)).json() as Promise<PublicStyle[]>;
}

describe('jobs survive a crash, data survives a restart', () => {
  it('runs a job queued before the process was killed hard, after the restart', async () => {
    // First start, web only: the seed queues a preview job per style and nothing works them.
    const first = await startShop({ fresh: true, env: { RUN_WORKERS: 'false' } });
    running.push(first);
    const before = await styles(first);
    expect(before.length).toBeGreaterThanOrEqual(6);
    expect(before.every((style) => style.preview_image_path === null)).toBe(true);
    await first.stop({ hard: true });

    // Second start on the same data, with workers: it answers and works the jobs. How fast it
    // answers is the runtime bench's to measure (a loaded machine took 15 s here).
    const startedAt = Date.now();
    const second = await startShop({ dataDir: first.dataDir, port: first.port });
    running.push(second);
    const readyMs = Date.now() - startedAt;

    const ids = before.map((style) => style.id);
    const deadline = Date.now() + 90_000;
    let after = await styles(second);
    while (after.some((style) => style.preview_image_path === null) && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 500));
      after = await styles(second);
    }
    // The same rows (data kept), each now with the preview its queued job rendered.
    expect(after.map((style) => style.id)).toEqual(ids);
    for (const style of after) {
      expect(style.preview_image_path, style.name).toMatch(/^\/files\/style-previews\/.+\.jpg$/);
      const image = await fetch(`${second.url}${style.preview_image_path}`);
      expect(image.headers.get('content-type')).toBe('image/jpeg');
    }
    console.log(`second start answered /healthz after ${readyMs} ms`);
  });
});
