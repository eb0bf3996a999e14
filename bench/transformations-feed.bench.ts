/**
 * The Transformations feed with 5,000 artworks (issue 15, "Must show" 2: a filtered page in
 * under 50 ms). Seeds 5,000 photos and artworks over a year in six styles, then times the
 * feed's service call (both SQL queries, page and count, and the mapping) for the filters the
 * owner uses: none, a style, a date range, style + date + homepage, a file-name search, a
 * deep page. Prints p50/p95/max per filter over 200 runs after 20 warm-up runs.
 * Runs on the embedded PGlite; `BENCH_DATABASE_URL=postgres://…/any` runs it on a fresh
 * PostgreSQL database made (and dropped) on that server as well.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { transformationFiltersSchema } from '../src/domain/admin-transformations.js';
import type { AppContext } from '../src/server/context.js';
import { onEachDatabase, timeCases } from './support.js';
import type { DatabaseHandle } from '../src/server/db/client.js';
import { image_transformations, images, styles } from '../src/server/db/schema.js';
import { listTransformations } from '../src/server/modules/transformations/admin-feed.js';
import { LocalStorage } from '../src/server/infra/storage/index.js';

const COUNT = 5000;
const RUNS = 200;
const WARMUP = 20;
const STYLE_NAMES = ['Watercolour', 'Ink Sketch', 'Oil Painting', 'Pop Art', 'Stained Glass', 'Travel Poster'];
const PLACES = ['lisbon', 'porto', 'kyoto', 'ushuaia', 'reykjavik', 'cusco', 'hanoi', 'marrakech'];

async function seed(database: DatabaseHandle): Promise<string[]> {
  const styleRows = await database.db
    .insert(styles)
    .values(STYLE_NAMES.map((name) => ({ name, engine: 'hosted-ai', style_prompt: name })))
    .returning({ id: styles.id });
  const start = Date.UTC(2025, 10, 1);
  const step = (365 * 86_400_000) / COUNT;
  for (let offset = 0; offset < COUNT; offset += 500) {
    const imageRows = [];
    const artworkRows = [];
    for (let n = offset; n < Math.min(COUNT, offset + 500); n += 1) {
      const imageId = randomUUID();
      const at = new Date(start + n * step);
      imageRows.push({
        id: imageId,
        file_name: `IMG_${String(n).padStart(5, '0')} ${PLACES[n % PLACES.length]}.jpg`,
        storage_path: `original/${at.getTime()}-${imageId}`,
        display_path: `display/${imageId}.jpg`,
        checksum: randomBytes(16).toString('hex'),
        mime_type: 'image/jpeg',
        byte_size: 2_000_000,
        width: 4000,
        height: 3000,
        camera_make: n % 3 === 0 ? 'Canon' : null,
        camera_model: n % 3 === 0 ? 'Canon EOS R5' : null,
        iso: n % 3 === 0 ? 400 : null,
        created_at: at,
      });
      const id = randomUUID();
      artworkRows.push({
        id,
        image_id: imageId,
        // One artwork in 12 lost its style (Unknown Style).
        style_id: n % 12 === 11 ? null : styleRows[n % styleRows.length].id,
        status: 'completed' as const,
        progress: 100,
        storage_path: `artworks/${id}.jpg`,
        is_homepage_example: n === 100 || n === 4000,
        created_at: at,
      });
    }
    await database.db.insert(images).values(imageRows);
    await database.db.insert(image_transformations).values(artworkRows);
  }
  await database.executor.executeSql('analyze');
  return styleRows.map((row) => row.id);
}

async function measure(label: string, database: DatabaseHandle, storage: LocalStorage): Promise<void> {
  const styleIds = await seed(database);
  const context = { db: database.db, storage } as unknown as AppContext;
  const cases: Array<[string, Record<string, string>]> = [
    ['no filter, page 1', {}],
    ['one style', { style_id: styleIds[2] }],
    ['Unknown Style', { style_id: 'unknown' }],
    ['date range (one month)', { from: '2026-03-01', to: '2026-03-31' }],
    [
      'style + month + not homepage',
      { style_id: styleIds[0], from: '2026-03-01', to: '2026-03-31', homepage: 'false' },
    ],
    ['file-name search "kyoto"', { search: 'kyoto' }],
    ['search + style, page 3', { search: 'lisbon', style_id: styleIds[0], page: '3' }],
    ['no filter, page 200 (deep)', { page: '200' }],
  ];
  console.log(`\n${label}: ${COUNT} transformations; ${RUNS} runs per filter after ${WARMUP} warm-up runs`);
  await timeCases(cases, { warmup: WARMUP, runs: RUNS }, (query) =>
    listTransformations(context, transformationFiltersSchema.parse(query)),
  );
}

async function main(): Promise<void> {
  const dataDir = await mkdtemp(join(tmpdir(), 'wanderer-bench-feed-'));
  const storage = new LocalStorage(join(dataDir, 'storage'), '');
  try {
    await onEachDatabase(dataDir, (label, database) => measure(label, database, storage));
    console.log(
      `\nmachine: ${cpus().length} cores shared with other work, load average ${loadavg()
        .map((v) => v.toFixed(1))
        .join(' / ')}`,
    );
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
