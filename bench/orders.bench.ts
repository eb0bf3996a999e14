/**
 * The back office's orders with 10,000 orders (issue 13, "Must show" 2): the list with a
 * search and a status filter in under 50 ms, and the CSV export of every order streamed with
 * flat memory. Seeds 10,000 orders (one or two items each) over a year in every status, then
 * times the list's service call (page, count and stat-card queries, items, mapping) per
 * filter over 200 runs after 20 warm-up runs, and streams the export while sampling the heap.
 * Runs on the embedded PGlite; `BENCH_DATABASE_URL=postgres://…/any` runs it on a fresh
 * PostgreSQL database made (and dropped) on that server as well.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { adminOrderListQuery } from '../src/domain/orders.js';
import type { AppContext } from '../src/server/context.js';
import { onEachDatabase, timeCases } from './support.js';
import type { DatabaseHandle } from '../src/server/db/client.js';
import { order_items, orders } from '../src/server/db/schema.js';
import { exportOrdersCsv, listOrdersForAdmin } from '../src/server/modules/orders/admin-service.js';

const COUNT = 10_000;
const RUNS = 200;
const WARMUP = 20;
const FIRST = ['Jane', 'Amir', 'Sofia', 'Kenji', 'Lena', 'Tomás', 'Priya', 'Olu', 'Mia', 'Noah'];
const LAST = ['Traveller', 'Okafor', 'Lindqvist', 'Tanaka', 'Moreau', 'Silva', 'Rao', 'Adeyemi', 'Novak', 'Berg'];
const PRODUCTS = ['Classic Mug 11 oz', 'Poster 18×24″', 'Canvas 16×20″', 'Tote Bag', 'Throw Pillow'];

type Status = (typeof orders.$inferInsert)['status'];

async function seed(database: DatabaseHandle): Promise<string> {
  const start = Date.UTC(2025, 10, 1);
  const step = (365 * 86_400_000) / COUNT;
  let sampleId = '';
  for (let offset = 0; offset < COUNT; offset += 500) {
    const orderRows: (typeof orders.$inferInsert)[] = [];
    const itemRows: (typeof order_items.$inferInsert)[] = [];
    for (let n = offset; n < Math.min(COUNT, offset + 500); n += 1) {
      const id = randomUUID();
      if (n === 7_777) sampleId = id;
      const at = new Date(start + n * step);
      const name = `${FIRST[n % FIRST.length]} ${LAST[Math.floor(n / FIRST.length) % LAST.length]}`;
      const roll = (n * 37) % 20;
      const status: Status =
        roll < 3
          ? 'pending'
          : roll < 4
            ? 'failed'
            : roll < 12
              ? 'paid'
              : roll < 18
                ? 'shipped'
                : roll < 19
                  ? 'refunded'
                  : 'cancelled';
      const paid = status === 'paid' || status === 'shipped' || status === 'refunded';
      const unit = 1500 + (n % 7) * 500;
      orderRows.push({
        id,
        status,
        customer_email: `${name.toLowerCase().replace(/[^a-z]+/g, '.')}${n}@example.com`,
        shipping_name: name,
        shipping_city: 'Portland',
        shipping_country: 'US',
        billing_name: name,
        total_amount: unit * (1 + (n % 3)),
        currency: 'USD',
        created_at: at,
        paid_at: paid ? at : null,
        shipped_at: status === 'shipped' ? at : null,
        printful_status:
          status === 'shipped' ? 'shipped' : status === 'paid' ? (n % 4 === 0 ? null : 'confirmed') : null,
        provider_order_id: status === 'shipped' || (status === 'paid' && n % 4 !== 0) ? `SIM-${n}` : null,
        confirmation_email_sent_at: paid ? at : null,
        payment_id: `tpi_${randomBytes(12).toString('hex')}`,
      });
      for (let line = 0; line < 1 + (n % 2); line += 1) {
        itemRows.push({
          order_id: id,
          product_name: PRODUCTS[(n + line) % PRODUCTS.length],
          quantity: 1 + (n % 3),
          unit_price: unit,
          total_price: unit * (1 + (n % 3)),
          mockup_urls: [`/files/mockups/${id}/${line}.jpg`],
          position: line,
        });
      }
    }
    await database.db.insert(orders).values(orderRows);
    await database.db.insert(order_items).values(itemRows);
  }
  await database.executor.executeSql('analyze');
  return sampleId;
}

async function measure(label: string, database: DatabaseHandle): Promise<void> {
  const sampleId = await seed(database);
  const context = { db: database.db } as unknown as AppContext;
  const cases: Array<[string, Record<string, string>]> = [
    ['no filter, page 1', {}],
    ['status paid', { status: 'paid' }],
    ['search e-mail "kenji" + paid', { search: 'kenji', status: 'paid' }],
    ['search name "Moreau" + shipped', { search: 'Moreau', status: 'shipped' }],
    ['search exact e-mail + all', { search: 'jane.traveller0@example.com' }],
    ['search id prefix (8 chars)', { search: sampleId.slice(0, 8) }],
    ['search "example.com" + pending, p3', { search: 'example.com', status: 'pending', page: '3' }],
    ['no filter, page 400 (deep)', { page: '400' }],
  ];
  console.log(`\n${label}: ${COUNT} orders; ${RUNS} runs per filter after ${WARMUP} warm-up runs`);
  await timeCases(cases, { warmup: WARMUP, runs: RUNS }, (query) =>
    listOrdersForAdmin(context, adminOrderListQuery.parse(query)),
  );

  // The export: every order, streamed. The heap is sampled after each chunk; "flat" means the
  // peak stays near the start however many rows go out (the whole CSV is never held).
  const mb = (n: number) => (n / 1024 / 1024).toFixed(1);
  const heapStart = process.memoryUsage().heapUsed;
  let heapPeak = heapStart;
  let bytes = 0;
  let rows = -1;
  let chunks = 0;
  const samples: string[] = [];
  const started = performance.now();
  for await (const chunk of exportOrdersCsv(context, adminOrderListQuery.parse({}))) {
    bytes += Buffer.byteLength(chunk);
    rows += chunk.split('\n').length - 1;
    chunks += 1;
    const heap = process.memoryUsage().heapUsed;
    heapPeak = Math.max(heapPeak, heap);
    if (chunks % 4 === 0) samples.push(`${rows} rows ${mb(heap)} MB`);
  }
  const elapsed = performance.now() - started;
  console.log(
    `  CSV export: ${rows} rows, ${mb(bytes)} MB in ${chunks} chunks, ${elapsed.toFixed(0)} ms; heap at start ${mb(heapStart)} MB, peak ${mb(heapPeak)} MB (+${mb(heapPeak - heapStart)} MB for ${mb(bytes)} MB of CSV)`,
  );
  console.log(`  heap while streaming: ${samples.join(', ')}`);
}

async function main(): Promise<void> {
  const dataDir = await mkdtemp(join(tmpdir(), 'wanderer-bench-orders-'));
  try {
    await onEachDatabase(dataDir, measure);
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
