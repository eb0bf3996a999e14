/**
 * The crash drill (issue 10, "Must show" 4): visitors check out and pay over HTTP against the
 * real shop in its own process, with Printful live (a local fake that counts every order
 * request) and test payments allowed, while the shop is killed with SIGKILL at random
 * moments and started again on the same data. After the last order is paid the shop is
 * killed once more and restarted; from then on, every paid order must reach Printful exactly
 * once and get exactly one confirmation e-mail (the outbox), within the time limit.
 */
import { randomInt } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { openDatabase } from '../../src/server/db/client.js';
import { email_messages, order_items, orders } from '../../src/server/db/schema.js';
import { LocalStorage } from '../../src/server/infra/storage/index.js';
import { startFakePrintful } from '../../src/server/testing/fakes/printful-orders-fake.js';
import { checkoutBody, createArtwork, type SellableProduct } from '../../src/server/testing/fixtures/orders.js';
import { freePort, newDataDir, startShop, type ShopProcess } from './server.js';

export interface CrashDrillOptions {
  /** Orders to take to paid. */
  checkouts: number;
  /** Visitors at once. */
  concurrency?: number;
  /** The gap between kills is drawn uniformly from this range (ms). */
  killEveryMs?: [number, number];
  /** How long after the last restart every paid order must have its submission and e-mail. */
  deadlineMs?: number;
  log?: (line: string) => void;
}

export interface CrashDrillReport {
  paidOrders: number;
  kills: number;
  /** Whether every paid order had its submission and e-mail within the time limit. */
  recovered: boolean;
  /** From the last restart answering /healthz until every paid order had both. */
  recoveredMs: number;
  /** Paid orders without exactly one Printful order request (POST /orders) and one order there. */
  wrongSubmissions: string[];
  /** Paid orders without exactly one .eml in the outbox and one sent message row. */
  wrongEmails: string[];
  /** Lines of paid orders without their one print file, or submitted with another URL (issue 31). */
  wrongPrintFiles: string[];
  /** Orders never paid that reached Printful or got a confirmation. */
  unpaidWithWork: string[];
  pendingOrders: number;
}

const TOKEN = 'pf-crash-drill-token';
const card = { number: '4242 4242 4242 4242', exp_month: 12, exp_year: new Date().getFullYear() + 2, cvc: '123' };
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const externalId = (orderId: string) => orderId.replace(/-/g, '');
const emailOf = (index: number) => `crash-${index}@example.com`;

async function prepareDataDir(): Promise<{ dataDir: string; transformationId: string }> {
  const dataDir = await newDataDir();
  const database = await openDatabase({ dataDir });
  await database.migrate();
  const storage = new LocalStorage(join(dataDir, 'storage'), '');
  await storage.ready();
  const { transformationId } = await createArtwork({ db: database.db, storage });
  await database.close();
  return { dataDir, transformationId };
}

/** How many outbox messages went to each address. */
async function outboxByAddress(dataDir: string): Promise<Map<string, number>> {
  const counts = new Map<string, number>();
  let names: string[] = [];
  try {
    names = await readdir(join(dataDir, 'outbox'));
  } catch {
    return counts;
  }
  for (const name of names.filter((entry) => entry.endsWith('.eml'))) {
    const text = await readFile(join(dataDir, 'outbox', name), 'utf8').catch(() => '');
    const to = /^To: (.+)$/m.exec(text)?.[1]?.trim();
    if (to) counts.set(to, (counts.get(to) ?? 0) + 1);
  }
  return counts;
}

/** Waits until no order job is queued or running, read from the shop's /metrics. */
async function waitForIdleOrderQueues(url: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const text = await (await fetch(`${url}/metrics`)).text();
    const busy = text
      .split('\n')
      .filter((line) => /^wanderer_job_queue_depth\{.*queue="order\./.test(line))
      .some((line) => Number(line.split(' ').at(-1)) > 0);
    if (!busy) return;
    await sleep(500);
  }
}

export async function runCrashDrill(options: CrashDrillOptions): Promise<CrashDrillReport> {
  const { checkouts, concurrency = 6, killEveryMs = [1500, 5000], deadlineMs = 90_000 } = options;
  const log = options.log ?? (() => {});
  const printful = await startFakePrintful({ token: TOKEN });
  const { dataDir, transformationId } = await prepareDataDir();
  const port = await freePort();
  const env = {
    PRINTFUL_API_KEY: TOKEN,
    PRINTFUL_BASE_URL: printful.url,
    ALLOW_TEST_PAYMENTS: 'true',
    LOG_LEVEL: 'error',
  };
  let shop: ShopProcess = await startShop({ dataDir, port, env });
  const url = shop.url;
  let kills = 0;

  try {
    const products = (await (await fetch(`${url}/api/products`)).json()) as SellableProduct[];
    /** Order id by visitor index, once paid; the visitor's e-mail says whose confirmation is whose. */
    const paid = new Map<number, string>();
    let next = 0;

    /** One HTTP call, repeated while the shop is down or restarting. */
    const call = async (path: string, body: object): Promise<any> => {
      for (;;) {
        try {
          const response = await fetch(`${url}${path}`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify(body),
          });
          const answer = await response.json();
          if (response.status < 500) return answer;
        } catch {
          // killed mid-request, or not listening yet
        }
        await sleep(200);
      }
    };

    // The first kill comes at a random number of paid orders, so that every drill has one
    // mid-way however fast the checkouts go; later ones at random times. The payment that
    // reaches that number starts it: polling for it could miss the last payments' burst.
    const firstKillAt = randomInt(1, Math.max(2, checkouts));
    let firstKillDue!: () => void;
    const firstKill = new Promise<void>((resolve) => (firstKillDue = resolve));

    const visitor = async () => {
      for (let index = next++; index < checkouts; index = next++) {
        const product = products[index % products.length];
        const created = await call(
          '/api/checkout',
          checkoutBody([{ product, transformationId, quantity: 1 + (index % 2) }], { customerEmail: emailOf(index) }),
        );
        if (!created.success) throw new Error(`checkout refused: ${created.error}`);
        // A confirmation the kill cut off is simply sent again: it answers succeeded once paid.
        const result = await call('/api/payments/test/confirm', { client_secret: created.client_secret, card });
        if (result.status !== 'succeeded') throw new Error(`payment refused: ${JSON.stringify(result)}`);
        paid.set(index, created.order_id);
        if (paid.size === firstKillAt) firstKillDue();
      }
    };

    let visiting = true;
    const killer = (async () => {
      await firstKill;
      while (visiting) {
        // Each restarted shop takes at least one more payment before it is killed again: on a
        // loaded machine a start can outlast the gap, and the drill would then never end.
        const paidBefore = paid.size;
        if (kills > 0) await sleep(randomInt(killEveryMs[0], killEveryMs[1]));
        while (visiting && kills > 0 && paid.size === paidBefore) await sleep(20);
        if (!visiting) break;
        await shop.stop({ hard: true });
        kills += 1;
        log(`kill ${kills} after ${paid.size} paid`);
        shop = await startShop({ dataDir, port, env });
      }
    })();
    await Promise.all(Array.from({ length: concurrency }, visitor));
    visiting = false;
    await killer;

    // The last kill comes right after the last payment, with the paid orders' work under way.
    await shop.stop({ hard: true });
    kills += 1;
    shop = await startShop({ dataDir, port, env });
    const restarted = Date.now();
    log(`all ${paid.size} paid; killed and restarted (${kills} kills)`);

    const done = async () => {
      const mails = await outboxByAddress(dataDir);
      return [...paid].every(
        ([index, orderId]) => printful.orders.has(externalId(orderId)) && (mails.get(emailOf(index)) ?? 0) >= 1,
      );
    };
    let recovered = await done();
    while (!recovered && Date.now() - restarted < deadlineMs) {
      await sleep(250);
      recovered = await done();
    }
    const recoveredMs = Date.now() - restarted;
    // A mail written just before the kill is in the outbox while its job still has to record
    // it: the shop runs on until the order queues are idle, and anything that would double a
    // submission or a mail has had the time to show.
    await waitForIdleOrderQueues(url, 60_000);
    await shop.stop();

    const database = await openDatabase({ dataDir });
    try {
      const rows = await database.db.select().from(orders);
      const sent = await database.db
        .select({ order_id: email_messages.order_id })
        .from(email_messages)
        .where(eq(email_messages.status, 'sent'));
      const sentByOrder = new Map<string, number>();
      for (const row of sent) sentByOrder.set(row.order_id!, (sentByOrder.get(row.order_id!) ?? 0) + 1);
      const mails = await outboxByAddress(dataDir);
      const posts = new Map<string, number>();
      const submittedFiles = new Map<string, string[]>();
      for (const call of printful.calls) {
        if (call.method !== 'POST' || call.path !== '/orders') continue;
        const body = call.body as { external_id: string; items: Array<{ files: Array<{ url: string }> }> };
        posts.set(body.external_id, (posts.get(body.external_id) ?? 0) + 1);
        submittedFiles.set(
          body.external_id,
          body.items.map((item) => item.files[0]?.url ?? ''),
        );
      }
      const lines = await database.db.select().from(order_items);
      const printFiles = new Set(
        (await readdir(join(dataDir, 'storage/print-files/order-items')).catch(() => [] as string[])).map(
          (name) => `print-files/order-items/${name}`,
        ),
      );
      const paidIds = new Set(paid.values());
      const paidRows = rows.filter((row) => row.status === 'paid' || row.status === 'shipped');
      const wrongSubmissions: string[] = [];
      const wrongEmails: string[] = [];
      const wrongPrintFiles: string[] = [];
      for (const row of paidRows) {
        const urls = submittedFiles.get(externalId(row.id)) ?? [];
        lines
          .filter((line) => line.order_id === row.id)
          .forEach((line, index) => {
            // A JPEG, or a PNG where the product prints on a transparent ground (issue 37).
            const key = [`print-files/order-items/${line.id}.jpg`, `print-files/order-items/${line.id}.png`].find(
              (candidate) => candidate === line.print_file_path,
            );
            if (!key || !printFiles.has(key) || !urls[index]?.includes(`/${key}?`))
              wrongPrintFiles.push(`${row.id}: line ${line.id} has ${line.print_file_path}, sent ${urls[index]}`);
          });
        if (posts.get(externalId(row.id)) !== 1 || !printful.orders.has(externalId(row.id)) || !row.provider_order_id) {
          wrongSubmissions.push(
            `${row.id}: ${posts.get(externalId(row.id)) ?? 0} POST /orders, provider order ${row.provider_order_id}`,
          );
        }
        if ((mails.get(row.customer_email) ?? 0) !== 1 || sentByOrder.get(row.id) !== 1) {
          wrongEmails.push(
            `${row.id}: ${mails.get(row.customer_email) ?? 0} in the outbox, ${sentByOrder.get(row.id) ?? 0} sent rows`,
          );
        }
      }
      const unpaid = rows.filter((row) => row.status === 'pending');
      const unpaidWithWork = unpaid
        .filter(
          (row) =>
            posts.has(externalId(row.id)) ||
            sentByOrder.has(row.id) ||
            lines.some((line) => line.order_id === row.id && line.print_file_path !== null),
        )
        .map((row) => row.id);
      const missing = [...paidIds].filter((id) => !paidRows.some((row) => row.id === id));
      if (missing.length > 0)
        wrongSubmissions.push(...missing.map((id) => `${id}: answered succeeded but not paid in the database`));
      return {
        paidOrders: paidRows.length,
        kills,
        recovered,
        recoveredMs,
        wrongSubmissions,
        wrongEmails,
        wrongPrintFiles,
        unpaidWithWork,
        pendingOrders: unpaid.length,
      };
    } finally {
      await database.close();
    }
  } finally {
    await shop.stop({ hard: true });
    await shop.cleanup();
    await printful.close();
  }
}
