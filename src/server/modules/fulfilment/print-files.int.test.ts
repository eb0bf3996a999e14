/**
 * Print files only when bought (issue 31, "Must show" 3): artworks that are never bought never
 * get one; a bought line gets exactly one, made before its order is submitted, and the
 * submission carries its URL. A process that dies between the paid transition and the print
 * file still ends with one print file and one submission.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { image_transformations, order_items, orders } from '../../db/schema.js';
import { createJobHandlers } from '../../job-wiring.js';
import { startJobQueue } from '../../jobs/queue.js';
import { startFakePrintful, type FakePrintful } from '../../testing/fakes/printful-orders-fake.js';
import { cameraPhoto, insertPhoto } from '../../testing/fixtures.js';
import { jobsFor, waitFor } from '../../testing/fixtures/jobs.js';
import { buyArtwork, createArtwork } from '../../testing/fixtures/orders.js';
import { createTestApp, type TestApp } from '../../testing/test-app.js';

const TOKEN = 'pf-print-files-token';
const PUBLIC_URL = 'https://shop.example.com';

let printful: FakePrintful;
beforeAll(async () => {
  printful = await startFakePrintful({ token: TOKEN, storeId: '42' });
});
afterAll(async () => printful?.close());

const env = () => ({
  PUBLIC_URL,
  ...printful.env(),
  ALLOW_TEST_PAYMENTS: 'true',
});

const orderOf = async (shop: TestApp, id: string) =>
  (await shop.context.db.select().from(orders).where(eq(orders.id, id)))[0];
const linesOf = (shop: TestApp, orderId: string) =>
  shop.context.db.select().from(order_items).where(eq(order_items.order_id, orderId));
const postsFor = (orderId: string) =>
  printful.calls.filter(
    (call) =>
      call.method === 'POST' &&
      call.path === '/orders' &&
      (call.body as { external_id?: string }).external_id === orderId.replace(/-/g, ''),
  );
const fileUrlOf = (call: { body: unknown }) =>
  (call.body as { items: Array<{ files: Array<{ url: string }> }> }).items[0].files[0].url;

describe('five artworks, one bought', () => {
  let shop: TestApp;
  beforeAll(async () => {
    shop = await createTestApp({ workers: true, env: env() });
  });
  afterAll(async () => shop?.close());

  it('makes exactly one print file, for the bought line, before the submission that carries its URL', async () => {
    // Large enough to print sharp on the 12×18″ print in any style (issue 37's 100 dpi floor).
    const photo = await insertPhoto(shop.context, await cameraPhoto(undefined, 2400, 1800), 'harbour.jpg');
    const styles: Array<{ id: string }> = (await shop.app.inject({ method: 'GET', url: '/api/styles' })).json();
    const ids: string[] = [];
    for (const style of styles.slice(0, 5)) {
      const started = await shop.app.inject({
        method: 'POST',
        url: '/api/transformations',
        payload: { imageId: photo.id, styleId: style.id },
      });
      ids.push(started.json().transformationId);
    }
    expect(ids).toHaveLength(5);
    for (const id of ids) {
      const state = await waitFor(
        async () => (await shop.app.inject({ method: 'GET', url: `/api/transformations/${id}` })).json(),
        (body) => body.status !== 'processing',
        120_000,
      );
      expect(state.status).toBe('completed');
    }
    // Finished artworks have their previews, and no print file.
    expect(await shop.context.storage.list('print-files/')).toEqual([]);
    const rows = await shop.context.db.select().from(image_transformations);
    expect(rows.filter((row) => row.print_file_path !== null)).toEqual([]);

    const orderId = await buyArtwork(shop, ids[2]);
    const order = await waitFor(
      () => orderOf(shop, orderId),
      (row) => row.provider_order_id !== null,
      120_000,
    );
    expect(order).toMatchObject({ status: 'paid', printful_status: 'confirmed', fulfilment_attempts: 1 });

    const files = await shop.context.storage.list('print-files/');
    const [line] = await linesOf(shop, orderId);
    expect(files.map((file) => file.key)).toEqual([`print-files/order-items/${line.id}.jpg`]);
    expect(line.print_file_path).toBe(files[0].key);
    const printed = await shop.context.storage.get(files[0].key);
    const meta = await sharp(printed).metadata();
    // Made for the product (issue 37): the 12×18″ print's area, hung landscape like the 4:3
    // artwork, at the size Printful's printfile gives it (150 dpi in the fake).
    expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 2700, 1800]);

    const posts = postsFor(orderId);
    expect(posts).toHaveLength(1);
    expect(files[0].lastModified.getTime()).toBeLessThanOrEqual(posts[0].receivedAt);
    const url = fileUrlOf(posts[0]);
    expect(url.startsWith(`${PUBLIC_URL}/files/private/${line.print_file_path}?expires=`)).toBe(true);
    const served = await shop.app.inject({ method: 'GET', url: url.slice(PUBLIC_URL.length) });
    expect(served.statusCode).toBe(200);
    expect(Buffer.compare(served.rawPayload, printed)).toBe(0);
    // None of the other four artworks got one.
    expect(await shop.context.storage.list('print-files/')).toHaveLength(1);
  }, 300_000);
});

describe('a crash between the paid transition and the print file', () => {
  let shop: TestApp;
  beforeAll(async () => {
    shop = await createTestApp({ env: env() });
  });
  afterAll(async () => shop?.close());

  it('still ends with one print file and one submission', async () => {
    const { transformationId } = await createArtwork(shop.context, { printFile: false });
    const orderId = await buyArtwork(shop, transformationId);
    const [line] = await linesOf(shop, orderId);
    // As a process killed while rendering leaves it: the print-file job active, half a file written.
    await shop.context.db.execute(sql`
      update pgboss.job set state = 'active', started_on = now(), heartbeat_on = now()
      where name = 'order.print-file' and data->>'orderItemId' = ${line.id}`);
    await shop.context.storage.put(`print-files/order-items/${line.id}.jpg`, Buffer.from('half a jpeg'), {
      contentType: 'image/jpeg',
    });
    await shop.context.jobs.stop();

    // The restart: on the embedded database the dead process's job is resumed at once; on
    // PostgreSQL, once its heartbeat has stopped.
    const restarted = await startJobQueue(shop.context.database, shop.context.log);
    const context = { ...shop.context, jobs: restarted };
    try {
      await restarted.work(createJobHandlers(context));
      const order = await waitFor(
        () => orderOf(shop, orderId),
        (row) => row.provider_order_id !== null,
        90_000,
      );
      expect(order.fulfilment_attempts).toBe(1);
      expect(postsFor(orderId)).toHaveLength(1);
      const files = await shop.context.storage.list('print-files/');
      expect(files.map((file) => file.key)).toEqual([`print-files/order-items/${line.id}.jpg`]);
      const meta = await sharp(await shop.context.storage.get(files[0].key)).metadata();
      expect(meta.format).toBe('jpeg');
      expect(fileUrlOf(postsFor(orderId)[0])).toContain(`/files/private/print-files/order-items/${line.id}.jpg?`);

      // Nothing runs twice afterwards: one job each, and the sweep finds nothing owed.
      await new Promise((resolve) => setTimeout(resolve, 1500));
      expect(postsFor(orderId)).toHaveLength(1);
      expect(await jobsFor(context, 'order.submit-fulfilment', orderId)).toHaveLength(1);
    } finally {
      await restarted.stop();
    }
  }, 150_000);
});
