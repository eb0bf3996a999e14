/** What several benchmarks share. */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import sharp from 'sharp';
import { openDatabase, type DatabaseHandle } from '../src/server/db/client.js';
import { makeTwelveMegapixelJpeg } from './test-photo.js';

/** A fresh database on the PostgreSQL server named by `serverUrl` (BENCH_DATABASE_URL), and how to drop it. */
export async function freshPostgres(serverUrl: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `wanderer_bench_${randomBytes(6).toString('hex')}`;
  const run = async (text: string) => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    await client.query(text);
    await client.end();
  };
  await run(`create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => run(`drop database if exists ${name} with (force)`) };
}

/** The value below which `p` % of `values` fall (nearest rank). */
export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.max(0, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
}

/**
 * Times `query` on each named case: `warmup` runs first, then `runs` timed ones. Prints each
 * case's matching total, p50, p95 and worst time.
 */
export async function timeCases<Input>(
  cases: Array<[string, Input]>,
  options: { warmup: number; runs: number },
  query: (input: Input) => Promise<{ total: number }>,
): Promise<void> {
  const width = Math.max(...cases.map(([name]) => name.length)) + 2;
  const ms = (value: number) => `${value.toFixed(1).padStart(6)} ms`;
  for (const [name, input] of cases) {
    const times: number[] = [];
    let total = 0;
    for (let run = 0; run < options.warmup + options.runs; run += 1) {
      const started = performance.now();
      total = (await query(input)).total;
      if (run >= options.warmup) times.push(performance.now() - started);
    }
    console.log(
      `  ${name.padEnd(width)} total ${String(total).padStart(5)}   p50 ${ms(percentile(times, 50))}   p95 ${ms(percentile(times, 95))}   max ${ms(Math.max(...times))}`,
    );
  }
}

/**
 * Runs `measure` on a migrated, empty PGlite database in `dataDir`, then, when
 * BENCH_DATABASE_URL names a PostgreSQL server, on a fresh database there (dropped after).
 */
export async function onEachDatabase(
  dataDir: string,
  measure: (label: string, database: DatabaseHandle) => Promise<void>,
): Promise<void> {
  const pglite = await openDatabase({ dataDir });
  await pglite.migrate();
  await measure('PGlite (embedded)', pglite);
  await pglite.close();
  const serverUrl = process.env.BENCH_DATABASE_URL;
  if (!serverUrl) return;
  const database = await freshPostgres(serverUrl);
  try {
    const postgres = await openDatabase({ dataDir, databaseUrl: database.url });
    await postgres.migrate();
    await measure('PostgreSQL', postgres);
    await postgres.close();
  } finally {
    await database.drop();
  }
}

/** The jobs queued or running in the shop, from its `/metrics`. */
async function jobsInQueue(url: string): Promise<number> {
  const text = await (await fetch(`${url}/metrics`)).text();
  return [...text.matchAll(/^wanderer_job_queue_depth\{[^}]*\} (\d+)$/gm)].reduce((sum, [, n]) => sum + Number(n), 0);
}

/**
 * Waits until the shop's start-up work is done: no job queued or running (style previews,
 * product pictures and the artwork's mockups render on worker threads, which share the two
 * cores with the rush), then /healthz answered quickly five times in a row.
 */
export async function waitUntilQuiet(url: string, timeoutMs = 90_000): Promise<number> {
  const started = performance.now();
  let quick = 0;
  while (quick < 5 && performance.now() - started < timeoutMs) {
    const before = performance.now();
    await (await fetch(`${url}/healthz`)).text();
    quick = performance.now() - before < 30 && (await jobsInQueue(url)) === 0 ? quick + 1 : 0;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  return performance.now() - started;
}

let twelveMegapixels: Promise<Buffer> | undefined;
/** The 12 MP test photo (4000 × 3000 JPEG), made once per run for every bench step that needs it. */
export function twelveMegapixelPhoto(): Promise<Buffer> {
  twelveMegapixels ??= makeTwelveMegapixelJpeg();
  return twelveMegapixels;
}

/**
 * The sharp floor: decode a 12 MP JPEG, resize it to 2048 px, encode it; the median of five
 * after one to warm up. What any artwork must at least cost, and the unit a bench's timings are
 * read in on a machine faster or slower than this one.
 */
export async function sharpFloor(): Promise<number> {
  const photo = await twelveMegapixelPhoto();
  const times: number[] = [];
  for (let run = 0; run < 6; run += 1) {
    const started = performance.now();
    await sharp(photo)
      .rotate()
      .resize({ width: 2048, height: 2048, fit: 'inside', withoutEnlargement: true })
      .jpeg({ quality: 90 })
      .toBuffer();
    if (run > 0) times.push(performance.now() - started);
  }
  return percentile(times, 50);
}
