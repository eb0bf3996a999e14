/**
 * The scaled-out shop (README "Scale out", compose.yaml): two web processes with no job
 * workers and one worker process, sharing one PostgreSQL database and one S3-compatible
 * store (s3rver). A whole order crosses all three: the photo is uploaded to web A, the
 * artwork's progress read from web B, rendered by the worker, paid on B, and shipped by the
 * worker's simulated fulfilment; an owner's change on A reaches B's in-memory reads.
 *
 * Needs a PostgreSQL server: TEST_DATABASE_URL (set by .ci/run); skipped without one.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkoutBody } from '../src/server/testing/fixtures/orders';
import { ROOT, startShop, type ShopProcess } from './support/server';

const serverUrl = process.env.TEST_DATABASE_URL;
const ADMIN = { email: 'owner@scale.test', password: 'scale-out-owner-password' };

let folder: string;
let s3: S3rver;
let databaseName: string;
let webA: ShopProcess;
let webB: ShopProcess;
let worker: ChildProcess;
let workerLog = '';

async function sql(text: string, url = serverUrl!): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query(text);
  await client.end();
}

async function eventually<T>(
  read: () => Promise<T>,
  done: (value: T) => boolean,
  timeoutMs: number,
  what: string,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline)
      throw new Error(`${what}: not within ${timeoutMs} ms (last: ${JSON.stringify(value)})\nworker:\n${workerLog}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const json = async (response: Response) => {
  const body = await response.text();
  if (!response.ok) throw new Error(`${response.status} ${response.url}: ${body}`);
  return JSON.parse(body);
};

describe.skipIf(!serverUrl)('two web processes and a worker on one PostgreSQL and one S3 store', () => {
  beforeAll(async () => {
    folder = await mkdtemp(join(tmpdir(), 'wanderer-scale-'));
    s3 = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory: join(folder, 's3') });
    const { port: s3Port } = await s3.run();
    databaseName = `wanderer_scale_${randomBytes(5).toString('hex')}`;
    await sql(`create database ${databaseName}`);
    const databaseUrl = new URL(serverUrl!);
    databaseUrl.pathname = `/${databaseName}`;

    const shared = {
      DATABASE_URL: databaseUrl.toString(),
      APP_SECRET: 'one-secret-for-every-process-of-this-shop',
      S3_BUCKET: 'wanderer',
      S3_ENDPOINT: `http://127.0.0.1:${s3Port}`,
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_FORCE_PATH_STYLE: 'true',
      S3_PUBLIC_URL: `http://127.0.0.1:${s3Port}/wanderer`,
      FULFILMENT_SIMULATION_SECONDS: '1',
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
    };
    // A migrates and seeds first; B and the worker then start on the prepared database.
    webA = await startShop({ env: { ...shared, RUN_WORKERS: 'false' } });
    webB = await startShop({ env: { ...shared, RUN_WORKERS: 'false' } });
    const workerData = await mkdtemp(join(tmpdir(), 'wanderer-scale-worker-'));
    worker = spawn(process.execPath, [join(ROOT, 'scripts/start.mjs'), 'worker'], {
      cwd: ROOT,
      env: { ...process.env, ...shared, NODE_ENV: 'production', DATA_DIR: workerData, LOG_LEVEL: 'info', TEST_DB: '' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    worker.stdout!.on('data', (chunk) => (workerLog += chunk));
    worker.stderr!.on('data', (chunk) => (workerLog += chunk));
    await eventually(
      async () => workerLog,
      (log) => log.includes('worker started'),
      30_000,
      'the worker starting',
    );
  }, 120_000);

  afterAll(async () => {
    worker?.kill('SIGKILL');
    for (const shop of [webA, webB]) {
      await shop?.stop({ hard: true });
      await shop?.cleanup();
    }
    await s3?.close();
    if (databaseName) await sql(`drop database if exists ${databaseName} with (force)`).catch(() => {});
    await rm(folder, { recursive: true, force: true });
  });

  it('takes an order from upload on A, through the worker, to shipped, read on B', async () => {
    const photo = await readFile(join(ROOT, 'assets/photos/lake-boats-sunset.jpg'));
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }), 'lake.jpg');
    const image = await json(await fetch(`${webA.url}/api/images`, { method: 'POST', body: form }));
    const styles = (await json(await fetch(`${webB.url}/api/styles`))) as Array<{ id: string; name: string }>;
    const style = styles.find((entry) => entry.name === 'Watercolour') ?? styles[0]!;

    const started = await json(
      await fetch(`${webA.url}/api/transformations`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ imageId: image.id, styleId: style.id }),
      }),
    );
    // Neither web process renders: the worker does, and B sees its progress in the database.
    const done = await eventually(
      async () => json(await fetch(`${webB.url}/api/transformations/${started.transformationId}`)),
      (state) => state.status === 'completed' || state.status === 'failed',
      90_000,
      'the artwork',
    );
    expect(done.status).toBe('completed');
    expect(workerLog).not.toContain('"level":50');
    const artwork = await fetch(done.publicUrl);
    expect(artwork.headers.get('content-type')).toContain('image/jpeg');

    const products = (await json(await fetch(`${webB.url}/api/products`))) as Array<{
      id: string;
      final_price: number;
    }>;
    const checkout = await json(
      await fetch(`${webB.url}/api/checkout`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(
          checkoutBody([{ product: products[0] as never, transformationId: started.transformationId, quantity: 2 }]),
        ),
      }),
    );
    const year = new Date().getFullYear() + 2;
    const paid = await json(
      await fetch(`${webB.url}/api/payments/test/confirm`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          client_secret: checkout.client_secret,
          card: { number: '4242 4242 4242 4242', exp_month: 12, exp_year: year, cvc: '123' },
        }),
      }),
    );
    expect(paid.status).toBe('succeeded');

    const order = await eventually(
      async () => json(await fetch(`${webA.url}/api/orders/${checkout.order_id}`)),
      (state) => state.status === 'shipped',
      60_000,
      'the order shipping',
    );
    // The items as the catalog prices them, and the total with the shipping and tax the server
    // quoted (issue 33).
    const { money } = order;
    expect(money.subtotal_amount).toBe(Math.round(products[0]!.final_price * 100) * 2);
    expect(money.shipping_amount).toBeGreaterThan(0);
    const addedTax = money.tax_inclusive ? 0 : money.tax_amount;
    expect(order.total_amount).toBe(money.subtotal_amount + money.shipping_amount + addedTax);
  });

  it("an owner's change on A is seen by B's in-memory reads within a second", async () => {
    const login = await fetch(`${webA.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: webA.url },
      body: JSON.stringify(ADMIN),
    });
    expect(login.status).toBe(200);
    const cookie = login.headers.get('set-cookie')!.split(';')[0]!;
    const before = (await json(await fetch(`${webB.url}/api/styles`))) as Array<{ id: string }>;
    const target = before[0]!.id;

    const switched = await fetch(`${webA.url}/api/admin/styles/${target}/active`, {
      method: 'PATCH',
      headers: { 'content-type': 'application/json', origin: webA.url, cookie },
      body: JSON.stringify({ is_active: false }),
    });
    expect(switched.status).toBe(200);
    const changedAt = Date.now();
    await eventually(
      async () =>
        ((await json(await fetch(`${webB.url}/api/styles`))) as Array<{ id: string }>).map((style) => style.id),
      (ids) => !ids.includes(target),
      1_000,
      "B's styles dropping the switched-off style",
    );
    expect(Date.now() - changedAt).toBeLessThan(1_000);
  });
});
