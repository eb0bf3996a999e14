/**
 * The compiled shop as `npm start` runs it, on the embedded database:
 *
 *   start            5 starts on an existing data folder: spawn until /healthz answers
 *   idle memory      resident memory of the process tree 3 s after start, while the render
 *                    engines still warm up (issue 31), and 20 s after, once they have and the
 *                    shop has given back what the warm-up freed
 *   first mockups    a freshly started process renders the whole product grid for an
 *                    artwork it has never seen (one request per product, all at once, as
 *                    the storefront's grid asks)
 *   six renders      six 12 MP photos transformed at once (six styles): peak memory, then
 *                    memory while the shop idles for two minutes
 *
 * Targets (issue 11): start ≤ 1.5 s, idle ≤ 300 MB, first grid ≤ 1 s, peak ≤ 900 MB,
 * back to ≤ 400 MB within 2 minutes idle. `BENCH_QUICK=1` skips the two idle minutes.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { cameraPhoto, PHOTOS_DIR } from '../src/server/testing/fixtures.js';
import { startShop, type ShopProcess } from '../e2e/support/server.js';
import { percentile, sharpFloor } from './support.js';

const QUICK = process.env.BENCH_QUICK === '1';
const mb = (bytes: number) => `${Math.round(bytes / 1024 / 1024)} MB`;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Memory of a process and all its descendants, in bytes: resident (RSS, the figure,
 * which counts pages the processes share, such as the node binary, once per process) and
 * proportional (PSS, each shared page split between its sharers: what the tree really holds).
 */
function treeMemory(pid: number): { rss: number; pss: number } {
  let rss = 0;
  let pss = 0;
  try {
    const rollup = readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8');
    rss += Number(/^Rss:\s+(\d+)/m.exec(rollup)?.[1] ?? 0) * 1024;
    pss += Number(/^Pss:\s+(\d+)/m.exec(rollup)?.[1] ?? 0) * 1024;
  } catch {
    return { rss: 0, pss: 0 };
  }
  let children: string[] = [];
  try {
    children = execFileSync('pgrep', ['-P', String(pid)], { encoding: 'utf8' })
      .split('\n')
      .filter(Boolean);
  } catch {
    // no children
  }
  for (const child of children) {
    const memory = treeMemory(Number(child));
    rss += memory.rss;
    pss += memory.pss;
  }
  return { rss, pss };
}

const treeRss = (pid: number): number => treeMemory(pid).rss;
const memoryOf = (pid: number): string => {
  const { rss, pss } = treeMemory(pid);
  return `${mb(rss)} (PSS ${mb(pss)})`;
};

async function json(response: Response): Promise<any> {
  const text = await response.text();
  if (!response.ok) throw new Error(`${response.status} ${response.url}: ${text.slice(0, 200)}`);
  return JSON.parse(text);
}

/** Until no job is queued or running, by the shop's own /metrics. */
async function jobsDrained(shop: ShopProcess, timeoutMs = 180_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const metrics = await (await fetch(`${shop.url}/metrics`)).text();
    const busy = [...metrics.matchAll(/^wanderer_job_queue_depth\{[^}]*\} (\d+)/gm)].some(
      (match) => Number(match[1]) > 0,
    );
    if (!busy) return;
    if (Date.now() > deadline) throw new Error('jobs did not drain');
    await sleep(250);
  }
}

async function upload(shop: ShopProcess, photo: Buffer, name: string): Promise<string> {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }), name);
  return (await json(await fetch(`${shop.url}/api/images`, { method: 'POST', body: form }))).id;
}

async function transform(shop: ShopProcess, imageId: string, styleId: string): Promise<string> {
  const started = await json(
    await fetch(`${shop.url}/api/transformations`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ imageId, styleId }),
    }),
  );
  for (;;) {
    const state = await json(await fetch(`${shop.url}/api/transformations/${started.transformationId}`));
    if (state.status === 'completed') return started.transformationId;
    if (state.status === 'failed') throw new Error(`render failed: ${state.error}`);
    await sleep(100);
  }
}

const load = () =>
  loadavg()
    .map((n) => n.toFixed(2))
    .join(' ');
const floor = await sharpFloor();
/** A time, and its ratio to the sharp floor measured at the start of this run. */
const timed = (ms: number) => `${ms.toFixed(0)} ms (${(ms / floor).toFixed(1)}× floor)`;
console.log(`sharp floor (decode 12 MP, resize to 2048, encode): ${floor.toFixed(0)} ms; load average ${load()}`);

// A data folder that has been through a first start: seeded, style previews rendered.
const first = await startShop({ env: { LOG_LEVEL: 'warn' } });
await jobsDrained(first);
const styles = (await json(await fetch(`${first.url}/api/styles`))) as Array<{ id: string; name: string }>;
const products = (await json(await fetch(`${first.url}/api/products`))) as Array<{ printful_variant_id: number }>;
const gridArtwork = await transform(
  first,
  await upload(first, await cameraPhoto('lake-boats-sunset.jpg', 2048, 1536), 'grid.jpg'),
  styles[0]!.id,
);
await jobsDrained(first);
await first.stop();
const dataDir = first.dataDir;

console.log('\n1. start on an existing data folder (target ≤ 1.5 s), and idle memory (target ≤ 300 MB)');
const starts: number[] = [];
const idle: number[] = [];
const median = (values: number[]) => percentile(values, 50);
for (let run = 1; run <= 5; run += 1) {
  const started = performance.now();
  const shop = await startShop({ dataDir, env: { LOG_LEVEL: 'warn' } });
  starts.push(performance.now() - started);
  const listening = performance.now();
  await sleep(3000);
  const warming = memoryOf(shop.child.pid!);
  await sleep(20_000 - (performance.now() - listening));
  idle.push(treeRss(shop.child.pid!));
  console.log(
    `   run ${run}: /healthz after ${timed(starts.at(-1)!)}; resident ${warming} 3 s later (warming up), ` +
      `${memoryOf(shop.child.pid!)} 20 s later (idle)`,
  );
  await shop.stop();
}
console.log(
  `   start median ${timed(median(starts))}, worst ${timed(Math.max(...starts))}; ` +
    `idle median ${mb(median(idle))}, worst ${mb(Math.max(...idle))}`,
);

console.log('\n2. first mockup grid in a freshly started process (target ≤ 1 s)');
{
  const shop = await startShop({ dataDir, env: { LOG_LEVEL: 'warn' } });
  const started = performance.now();
  const answers = await Promise.all(
    products.map(async (product) =>
      json(
        await fetch(`${shop.url}/api/mockups`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ transformationId: gridArtwork, variant_ids: [product.printful_variant_id] }),
        }),
      ),
    ),
  );
  const elapsed = performance.now() - started;
  const views = answers.reduce((sum, answer) => sum + (answer.mockups?.length ?? answer.views?.length ?? 0), 0);
  console.log(`   ${products.length} products (${views} views) in ${timed(elapsed)}`);
  await shop.stop();
}

console.log('\n3. six 12 MP photos transformed at once (peak target ≤ 900 MB; ≤ 400 MB within 2 min idle)');
{
  const shop = await startShop({ dataDir, env: { LOG_LEVEL: 'warn' } });
  const pid = shop.child.pid!;
  const photoNames = ['lake-boats-sunset.jpg', 'beach-dune.jpg'];
  const available = photoNames.filter((name) => {
    try {
      readFileSync(join(PHOTOS_DIR, name));
      return true;
    } catch {
      return false;
    }
  });
  const imageIds: string[] = [];
  for (let index = 0; index < 6; index += 1) {
    imageIds.push(
      await upload(shop, await cameraPhoto(available[index % available.length], 4000, 3000), `photo-${index}.jpg`),
    );
  }
  console.log(`   after six uploads: ${memoryOf(pid)}`);
  let peak = 0;
  let sampling = true;
  const sampler = (async () => {
    while (sampling) {
      peak = Math.max(peak, treeRss(pid));
      await sleep(50);
    }
  })();
  const started = performance.now();
  await Promise.all(imageIds.map((id, index) => transform(shop, id, styles[index % styles.length]!.id)));
  const previews = performance.now() - started;
  await jobsDrained(shop);
  const all = performance.now() - started;
  sampling = false;
  await sampler;
  console.log(`   six previews in ${timed(previews)}, every job done in ${timed(all)}; peak ${mb(peak)}`);
  const idleFor = QUICK ? [5] : [5, 30, 60, 90, 120];
  let waited = 0;
  for (const seconds of idleFor) {
    await sleep((seconds - waited) * 1000);
    waited = seconds;
    console.log(`   idle ${String(seconds).padStart(3)} s: ${memoryOf(pid)}`);
  }
  await shop.stop();
}

await first.cleanup();
console.log(`\nload average after: ${load()}`);
