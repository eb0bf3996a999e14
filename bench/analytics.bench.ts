/**
 * Analytics with 100,000 funnel events and 10,000 paid orders (issue 16, "Must show" 2): the
 * 30-day answer in under 150 ms. Seeds a year of orders (one or two items each, three styles,
 * five countries), refunds on one in twenty, photos with places and their artworks, and
 * 100,000 funnel events over the same year; then times the whole analytics call (every query
 * of the page) for the last 30 days, 90 days and the year, 50 runs after 5 warm-up runs.
 * Runs on the embedded PGlite; `BENCH_DATABASE_URL=postgres://…/any` runs it on a fresh
 * PostgreSQL database too.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AppContext } from '../src/server/context.js';
import type { DatabaseHandle } from '../src/server/db/client.js';
import { analyticsFor } from '../src/server/modules/analytics/service.js';
import { onEachDatabase, timeCases } from './support.js';

const ORDERS = 10_000;
const EVENTS = 100_000;
const END = '2026-11-24';

/** Everything in SQL: generate_series makes the rows in the database itself. */
async function seed(database: DatabaseHandle): Promise<void> {
  const run = (text: string) => database.executor.executeSql(text);
  const year = `timestamptz '${END}T00:00:00Z' - interval '365 days'`;
  await run(`insert into images (id, file_name, storage_path, display_path, checksum, mime_type, byte_size, width, height, location_name, created_at)
    select gen_random_uuid(), 'p.jpg', 'original/' || n, 'display/' || n, md5(n::text), 'image/jpeg', 1000, 64, 48,
           (array['Kyoto, Japan', 'Ushuaia, Argentina', 'Reykjavík, Iceland', null])[1 + n % 4],
           ${year} + (n * interval '1 second' * 3)
    from generate_series(1, ${ORDERS}) n`);
  await run(
    `insert into styles (name, engine) values ('Watercolour', 'watercolour'), ('Pop Art', 'pop-art'), ('Oil Painting', 'oil-painting')`,
  );
  await run(`insert into image_transformations (id, image_id, style_id, status, progress, completed_at, created_at)
    select gen_random_uuid(), i.id, s.id, 'completed', 100, i.created_at + interval '20 seconds', i.created_at
    from (select id, created_at, row_number() over (order by created_at) % 3 as k from images) i
    join (select id, row_number() over (order by name) - 1 as k from styles) s on s.k = i.k`);
  await run(`insert into orders (id, status, customer_email, shipping_country, total_amount, currency, paid_at, created_at, visit_id)
    select gen_random_uuid(), 'paid', 'c' || n || '@example.com', (array['US', 'DE', 'GB', 'FR', 'JP'])[1 + n % 5], 2999, 'usd',
           ${year} + (n * interval '1 second' * 3153), ${year} + (n * interval '1 second' * 3153), gen_random_uuid()
    from generate_series(1, ${ORDERS}) n`);
  await run(`insert into order_items (order_id, product_name, quantity, unit_price, total_price, transformation_id, position)
    select o.id, (array['Classic Mug 11 oz', 'Poster 18×24″', 'Canvas 16×20″', 'Tote Bag'])[1 + o.n % 4], 1, 2999, 2999, t.id, 0
    from (select id, row_number() over (order by paid_at) as n from orders) o
    join (select id, row_number() over (order by created_at) as n from image_transformations) t on t.n = o.n`);
  await run(`insert into order_refunds (order_id, amount, currency, created_at)
    select id, 1000, 'usd', paid_at + interval '2 days' from orders where extract(epoch from paid_at)::bigint % 20 = 0`);
  await run(`insert into funnel_events (visit_id, step, occurred_at)
    select md5((n / 6)::text)::uuid, (array['photo_uploaded', 'artwork_made', 'mockups_viewed', 'added_to_cart', 'checkout_started', 'paid'])[1 + n % 6],
           ${year} + (n * interval '1 second' * 315)
    from generate_series(1, ${EVENTS}) n`);
  await run('analyze');
}

async function bench(label: string, database: DatabaseHandle) {
  const seeding = performance.now();
  await seed(database);
  console.log(
    `\n${label}: seeded ${ORDERS} orders and ${EVENTS} events in ${((performance.now() - seeding) / 1000).toFixed(1)} s`,
  );
  const context = { db: database.db } as unknown as AppContext;
  const back = (days: number) =>
    new Date(Date.parse(`${END}T00:00:00Z`) - (days - 1) * 86_400_000).toISOString().slice(0, 10);
  await timeCases(
    [
      ['last 30 days, per day', { from: back(30), to: END, interval: 'day' as const }],
      ['last 90 days, per week', { from: back(90), to: END, interval: 'week' as const }],
      ['the year, per month', { from: back(365), to: END, interval: 'month' as const }],
    ],
    { warmup: 5, runs: 50 },
    async (query) => ({ total: (await analyticsFor(context, query)).totals.orders }),
  );
}

console.log(
  `analytics: ${cpus().length} cores, load average ${loadavg()
    .map((n) => n.toFixed(2))
    .join(' ')}; target: 30 days < 150 ms`,
);
const dataDir = await mkdtemp(join(tmpdir(), 'wanderer-bench-analytics-'));
try {
  await onEachDatabase(dataDir, bench);
} finally {
  await rm(dataDir, { recursive: true, force: true });
}
