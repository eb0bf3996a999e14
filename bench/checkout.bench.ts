/**
 * 100 visitors check out at once and pay with the test card 4242, against the real shop
 * (`src/server/main.ts` in its own process, embedded database, in-process workers), then the
 * paid event's work drains: confirmation e-mails and fulfilment submissions. Prints errors
 * and p50/p95 latency of checkout, payment, and the whole visit; then how long until every
 * order was handed to fulfilment.
 *
 * The artwork is put in place before the shop starts (a finished transformation in the
 * data folder), and the visitors arrive once the shop's start-up work (style previews,
 * product pictures, the artwork's mockups) is done, so the figures measure checkout and payment only.
 * `BENCH_COLD=1` sends them in at once instead; `BENCH_WARM=1` has the shop serve a first rush
 * of as many visitors (not measured) and finish its work before the measured one, as a shop
 * does that has taken orders since its start (the JavaScript engine has compiled the
 * checkout's code by then); `BENCH_VISITORS=n` changes the count;
 * `BENCH_DATABASE_URL=postgres://…/any` runs the shop on a fresh PostgreSQL database made
 * (and dropped) on that server instead of the embedded PGlite.
 */
import { readFileSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { freshPostgres, percentile, waitUntilQuiet } from './support.js';
import { openDatabase } from '../src/server/db/client.js';
import { LocalStorage } from '../src/server/infra/storage/index.js';
import { checkoutBody, createArtwork } from '../src/server/testing/fixtures/orders.js';
import { startShop } from '../e2e/support/server.js';

const VISITORS = Number(process.env.BENCH_VISITORS ?? 100);
const COLD = process.env.BENCH_COLD === '1';
const WARM = process.env.BENCH_WARM === '1';

interface Product {
  id: string;
  name: string;
  printful_variant_id: number;
  final_price: number;
}

const ms = (value: number) => `${value.toFixed(0)} ms`;

async function prepareDataDir(databaseUrl?: string): Promise<{ dataDir: string; transformationId: string }> {
  const dataDir = await mkdtemp(join(tmpdir(), 'wanderer-bench-checkout-'));
  const database = await openDatabase({ dataDir, databaseUrl });
  await database.migrate();
  const storage = new LocalStorage(join(dataDir, 'storage'), '');
  await storage.ready();
  const { transformationId } = await createArtwork({ db: database.db, storage });
  await database.close();
  return { dataDir, transformationId };
}

async function json(response: Response): Promise<any> {
  const text = await response.text();
  try {
    return JSON.parse(text);
  } catch {
    return { error: text.slice(0, 200) };
  }
}

/** CPU time a process has used so far, in ms, from /proc (Linux); NaN elsewhere. */
function processCpuMs(pid: number): number {
  try {
    // Fields 14 and 15 (user and system time, in clock ticks of 10 ms) follow the command's closing parenthesis.
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return NaN;
  }
}

async function main(): Promise<void> {
  const postgres = process.env.BENCH_DATABASE_URL ? await freshPostgres(process.env.BENCH_DATABASE_URL) : null;
  const { dataDir, transformationId } = await prepareDataDir(postgres?.url);
  const shop = await startShop({
    dataDir,
    env: { FULFILMENT_SIMULATION_SECONDS: '1', LOG_LEVEL: 'warn', ...(postgres ? { DATABASE_URL: postgres.url } : {}) },
  });
  try {
    const products = (await json(await fetch(`${shop.url}/api/products`))) as Product[];
    console.log(`database: ${postgres ? 'PostgreSQL' : 'PGlite (embedded)'}`);
    console.log(
      `shop at ${shop.url}; ${products.length} products; ${VISITORS} concurrent visitors, card 4242 4242 4242 4242`,
    );
    if (!COLD) console.log(`waited ${ms(await waitUntilQuiet(shop.url))} for the shop's start-up work to finish`);

    const errors: string[] = [];
    const checkoutTimes: number[] = [];
    const paymentTimes: number[] = [];
    const visitTimes: number[] = [];
    const orderIds: string[] = [];
    const year = new Date().getFullYear() + 2;

    const visit = async (index: number) => {
      const product = products[index % products.length];
      const second = products[(index + 5) % products.length];
      const started = performance.now();
      const checkoutResponse = await fetch(`${shop.url}/api/checkout`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(
          checkoutBody(
            [
              { product: product as never, transformationId, quantity: 1 + (index % 3) },
              { product: second as never, transformationId },
            ],
            { customerEmail: `visitor${index}@example.com` },
          ),
        ),
      });
      const created = await json(checkoutResponse);
      const afterCheckout = performance.now();
      if (!checkoutResponse.ok || !created.success)
        throw new Error(`checkout ${checkoutResponse.status}: ${created.error}`);
      checkoutTimes.push(afterCheckout - started);

      const payResponse = await fetch(`${shop.url}/api/payments/test/confirm`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          client_secret: created.client_secret,
          card: { number: '4242 4242 4242 4242', exp_month: 12, exp_year: year, cvc: '123' },
        }),
      });
      const paid = await json(payResponse);
      const done = performance.now();
      if (!payResponse.ok || paid.status !== 'succeeded')
        throw new Error(`payment ${payResponse.status}: ${paid.error ?? paid.status}`);
      paymentTimes.push(done - afterCheckout);
      visitTimes.push(done - started);
      orderIds.push(created.order_id);
    };

    if (WARM) {
      await Promise.allSettled(Array.from({ length: VISITORS }, (_, index) => visit(index)));
      for (const times of [checkoutTimes, paymentTimes, visitTimes, orderIds]) times.length = 0;
      console.log(`served a first rush of ${VISITORS}; waited ${ms(await waitUntilQuiet(shop.url))} for its work`);
    }

    const shopCpuStart = processCpuMs(shop.child.pid!);
    const clientCpuStart = process.cpuUsage();
    const wallStart = performance.now();
    const results = await Promise.allSettled(Array.from({ length: VISITORS }, (_, index) => visit(index)));
    const wall = performance.now() - wallStart;
    const shopCpu = processCpuMs(shop.child.pid!) - shopCpuStart;
    const clientCpu = process.cpuUsage(clientCpuStart);
    for (const result of results)
      if (result.status === 'rejected') errors.push(String(result.reason?.message ?? result.reason));

    // Every order the server says is paid, read back through the public API.
    const reads = await Promise.all(orderIds.map(async (id) => json(await fetch(`${shop.url}/api/orders/${id}`))));
    const paidCount = reads.filter((order) => order.status === 'paid' || order.status === 'shipped').length;

    // The paid event's work: every order handed to fulfilment (and, with the simulation, shipped).
    const drainStart = performance.now();
    let submitted = 0;
    let shipped = 0;
    let submittedAt = NaN;
    for (;;) {
      const states = await Promise.all(orderIds.map(async (id) => json(await fetch(`${shop.url}/api/orders/${id}`))));
      submitted = states.filter((order) => order.printful_status !== null).length;
      shipped = states.filter((order) => order.status === 'shipped').length;
      if (Number.isNaN(submittedAt) && submitted === orderIds.length) submittedAt = performance.now() - drainStart;
      if (shipped === orderIds.length || performance.now() - drainStart > 120_000) break;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    const drained = performance.now() - drainStart;

    console.log('');
    console.log(`visitors            ${VISITORS}`);
    console.log(`errors              ${errors.length}`);
    for (const [message, count] of Object.entries(
      errors.reduce<Record<string, number>>((acc, e) => ({ ...acc, [e]: (acc[e] ?? 0) + 1 }), {}),
    )) {
      console.log(`  ${count} × ${message}`);
    }
    console.log(`orders paid         ${paidCount} (read back from GET /api/orders/:id)`);
    console.log(
      `checkout            p50 ${ms(percentile(checkoutTimes, 50))}   p95 ${ms(percentile(checkoutTimes, 95))}   max ${ms(Math.max(...checkoutTimes))}`,
    );
    console.log(
      `payment (confirm)   p50 ${ms(percentile(paymentTimes, 50))}   p95 ${ms(percentile(paymentTimes, 95))}   max ${ms(Math.max(...paymentTimes))}`,
    );
    console.log(
      `whole visit         p50 ${ms(percentile(visitTimes, 50))}   p95 ${ms(percentile(visitTimes, 95))}   max ${ms(Math.max(...visitTimes))}`,
    );
    console.log(
      `machine             ${cpus().length} cores, load average ${loadavg()
        .map((v) => v.toFixed(1))
        .join(' / ')} (1/5/15 min) at the end`,
    );
    console.log(
      `wall clock          ${ms(wall)} for all ${VISITORS} visits (${(VISITORS / (wall / 1000)).toFixed(1)} paid checkouts/s)`,
    );
    console.log(
      `CPU in the rush     shop ${ms(shopCpu)}, this bench's own client ${ms((clientCpu.user + clientCpu.system) / 1000)} (of ${ms(wall * cpus().length)} on ${cpus().length} cores)`,
    );
    console.log(
      `fulfilment          ${submitted}/${orderIds.length} submitted${Number.isNaN(submittedAt) ? '' : ` within ${ms(submittedAt)} after the last payment`}; ${shipped} shipped (simulation 1 s + 1 s) after ${ms(drained)}`,
    );
    if (errors.length > 0 || paidCount !== VISITORS) process.exitCode = 1;
  } finally {
    await shop.stop();
    await shop.cleanup();
    await postgres?.drop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
