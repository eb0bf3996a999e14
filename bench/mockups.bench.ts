/**
 * Local mockups: time to render every view of every default store product for one artwork.
 *
 *   cold, fresh process   a new process renders its first artwork: worker threads start and
 *                         build every template (the products drawn without print) on the way
 *   new artwork           templates built (as after warmLocalMockups() at server start): an
 *                         artwork never seen before, decoded once per worker
 *   same artwork again    what a repeated request costs before the storage cache answers
 *
 * "all at once" asks for every product together (the storefront's grid asks for several at a
 * time); "one by one" gives each product's own time. Target: new artwork, all at once, ≤ 1 s.
 * `npm run bench -- mockups`
 */
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { defaultStoreProducts } from '../src/domain/builtin-catalog.js';
import { closeLocalMockups, renderLocalMockups, warmLocalMockups } from '../src/server/modules/mockups/local/index.js';

const here = dirname(fileURLToPath(import.meta.url));
const TARGET_MS = 1000;
const mode = process.argv[2];

async function artworks(): Promise<Buffer[]> {
  const dir = join(here, '..', 'assets', 'photos');
  let files: string[] = [];
  try {
    files = readdirSync(dir)
      .filter((f) => /\.(jpe?g|png)$/i.test(f))
      .sort();
  } catch {
    // no photos yet: synthesise
  }
  const photos: Buffer[] = await Promise.all(
    files.slice(0, 2).map((f) =>
      sharp(readFileSync(join(dir, f)))
        .resize(2048, 2048, { fit: 'inside' })
        .jpeg({ quality: 90 })
        .toBuffer(),
    ),
  );
  while (photos.length < 2) photos.push(await synthetic(photos.length));
  return photos;
}

/** A colourful 2048 px painting-like image. */
function synthetic(seed: number): Promise<Buffer> {
  const blobs = Array.from({ length: 40 }, (_, i) => {
    const h = (i * 47 + seed * 90) % 360;
    const x = (i * 431 + seed * 97) % 2048;
    const y = (i * 277 + seed * 53) % 1536;
    return `<ellipse cx="${x}" cy="${y}" rx="${150 + ((i * 37) % 260)}" ry="${110 + ((i * 53) % 200)}" fill="hsl(${h},70%,55%)" fill-opacity="0.7"/>`;
  }).join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="2048" height="1536"><rect width="2048" height="1536" fill="#f4e9d0"/>${blobs}</svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 90 }).toBuffer();
}

const ids = defaultStoreProducts.map((p) => p.variantId);
const nameOf = new Map(defaultStoreProducts.map((p) => [p.variantId, p.name]));

/** Wall time, and the CPU time of every thread of the process (a figure the machine's load barely moves). */
async function allAtOnce(artwork: Buffer): Promise<{ ms: number; cpu: number; views: number }> {
  const cpuStart = process.cpuUsage();
  const start = performance.now();
  const results = await Promise.all(ids.map((id) => renderLocalMockups(artwork, id)));
  const cpu = process.cpuUsage(cpuStart);
  return {
    ms: performance.now() - start,
    cpu: (cpu.user + cpu.system) / 1000,
    views: results.reduce((n, r) => n + r.length, 0),
  };
}

async function oneByOne(artwork: Buffer): Promise<Array<{ id: number; ms: number; views: number }>> {
  const rows = [];
  for (const id of ids) {
    const start = performance.now();
    const views = await renderLocalMockups(artwork, id);
    rows.push({ id, ms: performance.now() - start, views: views.length });
  }
  return rows;
}

const fmt = (ms: number) => `${ms.toFixed(0).padStart(6)} ms`;

if (mode === '--cold-all' || mode === '--cold-each') {
  const [artwork] = await artworks();
  const result = mode === '--cold-all' ? await allAtOnce(artwork) : await oneByOne(artwork);
  await closeLocalMockups();
  console.log(JSON.stringify(result));
} else {
  const child = (flag: string) => {
    const run = spawnSync(process.execPath, ['--import', 'tsx', fileURLToPath(import.meta.url), flag], {
      encoding: 'utf8',
    });
    if (run.status !== 0) throw new Error(run.stderr);
    return JSON.parse(run.stdout.trim().split('\n').pop()!);
  };
  console.log(
    `${ids.length} default store products, 2048 px artwork, ${availableParallelism()} cores, load average ${loadavg()[0].toFixed(1)}\n`,
  );
  const coldAll = child('--cold-all') as { ms: number; cpu: number; views: number };
  const coldEach = child('--cold-each') as Array<{ id: number; ms: number; views: number }>;

  const [first, second] = await artworks();
  const warmCpu = process.cpuUsage();
  const warmStart = performance.now();
  await warmLocalMockups();
  const warmMs = performance.now() - warmStart;
  const warmUsage = process.cpuUsage(warmCpu);
  const warmCpuMs = (warmUsage.user + warmUsage.system) / 1000;
  await allAtOnce(first); // the first artwork pays for nothing but itself; use a second one below
  const newAll = await allAtOnce(second);
  const sameAll = await allAtOnce(second);
  const newEach = await oneByOne(first);
  await closeLocalMockups();

  console.log('per product, one by one          cold, fresh process   templates built');
  for (const [i, row] of coldEach.entries()) {
    console.log(
      `  ${nameOf.get(row.id)!.padEnd(24)} ${String(row.views).padStart(2)} views  ${fmt(row.ms)}          ${fmt(newEach[i].ms)}`,
    );
  }
  const sum = (rows: Array<{ ms: number }>) => rows.reduce((n, r) => n + r.ms, 0);
  console.log(`  ${'total, one by one'.padEnd(33)}${fmt(sum(coldEach))}          ${fmt(sum(newEach))}`);
  console.log('');
  console.log(`all at once (${coldAll.views} views)                 wall        CPU, all threads`);
  console.log(
    `  cold, fresh process          ${fmt(coldAll.ms)}   ${fmt(coldAll.cpu)}   worker start-up and every template included`,
  );
  console.log(
    `  warmLocalMockups()           ${fmt(warmMs)}   ${fmt(warmCpuMs)}   templates only (portrait and landscape), at server start`,
  );
  console.log(
    `  new artwork                  ${fmt(newAll.ms)}   ${fmt(newAll.cpu)}   ${newAll.ms <= TARGET_MS ? 'within' : 'OVER'} the ${TARGET_MS} ms target`,
  );
  console.log(`  same artwork again           ${fmt(sameAll.ms)}   ${fmt(sameAll.cpu)}`);
  if (loadavg()[0] > availableParallelism())
    console.log(`\n(load average above the core count: wall times are inflated; CPU times are the steadier figure)`);
}
