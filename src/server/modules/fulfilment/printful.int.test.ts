import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { order_items, orders } from '../../db/schema.js';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { startFakePrintful, type FakePrintful } from '../../testing/fakes/printful-orders-fake.js';
import { checkoutBody, createArtwork, sellableProducts } from '../../testing/fixtures/orders.js';
import { completeJobs, jobsFor, makePrintFiles } from '../../testing/fixtures/jobs.js';
import { retryFulfilment } from '../orders/service.js';
import { appSecret } from '../../infra/secrets/app-secret.js';
import { signPrivateFileUrl } from '../../infra/storage/signed-urls.js';
import { submitFulfilment } from './service.js';

const TOKEN = 'pf-secret-token';
const HOOK = 'hook-secret-123';
const PUBLIC_URL = 'https://shop.example.com';

let shop: TestApp;
let printful: FakePrintful;

beforeAll(async () => {
  printful = await startFakePrintful({ token: TOKEN, storeId: '42' });
  shop = await createTestApp({
    env: {
      PUBLIC_URL,
      ...printful.env(),
      PRINTFUL_WEBHOOK_SECRET: HOOK,
      // These tests pay with the test card for real (fake) Printful orders.
      ALLOW_TEST_PAYMENTS: 'true',
    },
  });
});
afterAll(async () => {
  await shop?.close();
  await printful?.close();
});

/** A paid order (through the test card) with its print files made; the tests run the submission. */
async function paidOrder(options: { printFile?: boolean; printFilesMade?: boolean } = {}): Promise<string> {
  const { transformationId } = await createArtwork(shop.context, options);
  const [product] = await sellableProducts(shop.context);
  const created = (
    await shop.app.inject({
      method: 'POST',
      url: '/api/checkout',
      payload: checkoutBody([{ product, transformationId, quantity: 2 }]),
    })
  ).json();
  await shop.app.inject({
    method: 'POST',
    url: '/api/payments/test/confirm',
    payload: {
      client_secret: created.client_secret,
      card: { number: '4242424242424242', exp_month: 12, exp_year: new Date().getFullYear() + 3, cvc: '123' },
    },
  });
  if (options.printFilesMade !== false) await makePrintFiles(shop.context, created.order_id);
  return created.order_id;
}

const orderOf = async (id: string) => (await shop.context.db.select().from(orders).where(eq(orders.id, id)))[0];
const external = (id: string) => id.replace(/-/g, '');
const callsFor = (id: string, method: string) =>
  printful.calls.filter(
    (call) =>
      call.method === method &&
      (call.path === `/orders/@${external(id)}` ||
        (call.body as { external_id?: string })?.external_id === external(id)),
  );

function webhook(
  type: string,
  orderId: string,
  data: object = {},
  secret = HOOK,
  created = Math.floor(Date.now() / 1000),
) {
  return shop.app.inject({
    method: 'POST',
    url: `/api/fulfilment/printful/webhook/${secret}`,
    payload: {
      type,
      created,
      retries: 0,
      store: 42,
      data: {
        order: { id: printful.orders.get(external(orderId))?.id, external_id: external(orderId), status: 'pending' },
        ...data,
      },
    },
  });
}

describe('the Printful adapter submits a paid order (against the local fake)', () => {
  it('posts /orders?confirm=true with our id as external_id, the recipient and a signed print-file URL', async () => {
    const orderId = await paidOrder();
    expect(await submitFulfilment(shop.context, orderId)).toBe('submitted');

    const [post] = callsFor(orderId, 'POST');
    expect(post.query).toBe('?confirm=true');
    const body = post.body as {
      external_id: string;
      recipient: object;
      items: Array<{ variant_id: number; quantity: number; files: Array<{ url: string }> }>;
    };
    expect(body.external_id).toBe(external(orderId));
    expect(body.external_id.length).toBeLessThanOrEqual(32);
    expect(body.recipient).toMatchObject({
      name: 'Jane Traveller',
      address1: '1 Harbour Road',
      address2: 'Flat 2',
      city: 'Portland',
      state_code: 'OR',
      country_code: 'US',
      zip: '97201',
      email: 'jane@example.com',
    });
    const [product] = await sellableProducts(shop.context);
    expect(body.items).toMatchObject([{ variant_id: product.printful_variant_id, quantity: 2 }]);

    const fileUrl = body.items[0].files[0].url;
    expect(fileUrl).toMatch(
      new RegExp(
        `^${PUBLIC_URL}/files/private/print-files/order-items/[0-9a-f-]+\\.jpg\\?expires=\\d+&signature=[0-9a-f]{64}$`,
      ),
    );
    const file = await shop.app.inject({ method: 'GET', url: fileUrl.slice(PUBLIC_URL.length) });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/jpeg');

    expect(await orderOf(orderId)).toMatchObject({
      fulfilment_provider: 'printful',
      provider_order_id: String(printful.orders.get(external(orderId))!.id),
      printful_status: 'confirmed',
      fulfilment_attempts: 1,
      fulfilment_error: null,
    });
    // The job run again finds the order accepted and does nothing.
    expect(await submitFulfilment(shop.context, orderId)).toBe('skipped');
    expect(callsFor(orderId, 'POST')).toHaveLength(1);
  });

  it('serves a print file only with a valid, unexpired signature', async () => {
    const orderId = await paidOrder();
    await submitFulfilment(shop.context, orderId);
    const url = (
      callsFor(orderId, 'POST')[0].body as { items: Array<{ files: Array<{ url: string }> }> }
    ).items[0].files[0].url.slice(PUBLIC_URL.length);
    const tampered = url.replace(/signature=(.)/, (_m, c: string) => `signature=${c === 'a' ? 'b' : 'a'}`);
    expect((await shop.app.inject({ method: 'GET', url: tampered })).statusCode).toBe(404);
    const secret = await appSecret(shop.config);
    const key = url.split('?')[0].replace('/files/private/', '');
    const expired = signPrivateFileUrl(secret, key, { baseUrl: '', expiresInSeconds: -10 });
    expect((await shop.app.inject({ method: 'GET', url: expired })).statusCode).toBe(404);
    expect(() => signPrivateFileUrl(secret, 'original/x.jpg', { baseUrl: '', expiresInSeconds: 60 })).toThrow();
    const forgedOriginal = `/files/private/original/x.jpg?expires=9999999999&signature=${'0'.repeat(64)}`;
    expect((await shop.app.inject({ method: 'GET', url: forgedOriginal })).statusCode).toBe(404);
  });

  it('waits for the print file made at payment, then sends it, never the preview', async () => {
    const orderId = await paidOrder({ printFile: false, printFilesMade: false });
    const [ordered] = await shop.context.db.select().from(order_items).where(eq(order_items.order_id, orderId));
    expect(ordered.print_file_path).toBeNull();
    expect(await submitFulfilment(shop.context, orderId)).toBe('skipped');
    expect(callsFor(orderId, 'POST')).toHaveLength(0);
    expect((await orderOf(orderId)).fulfilment_attempts).toBe(0);

    await makePrintFiles(shop.context, orderId);
    const [item] = await shop.context.db.select().from(order_items).where(eq(order_items.order_id, orderId));
    expect(item.print_file_path).toBe(`print-files/order-items/${item.id}.jpg`);
    expect(await submitFulfilment(shop.context, orderId)).toBe('submitted');
    const url = (callsFor(orderId, 'POST')[0].body as { items: Array<{ files: Array<{ url: string }> }> }).items[0]
      .files[0].url;
    expect(url.startsWith(`${PUBLIC_URL}/files/private/${item.print_file_path}?`)).toBe(true);
  });

  it('looks the order up before any retry, so a submission whose answer was lost is never made twice', async () => {
    const orderId = await paidOrder();
    // Printful makes the order but the answer fails; the client's own retry meets "already exists".
    printful.failNext({ method: 'POST', path: '/orders' }, 502, { applyFirst: true });
    await expect(submitFulfilment(shop.context, orderId)).rejects.toThrow();
    const failed = await orderOf(orderId);
    expect(failed.fulfilment_error).toBeTruthy();
    expect(failed.fulfilment_attempts).toBe(1);
    expect(failed.printful_status).toBeNull();

    expect(await submitFulfilment(shop.context, orderId)).toBe('submitted');
    expect(callsFor(orderId, 'GET')).toHaveLength(1);
    expect(printful.orders.get(external(orderId))).toBeDefined();
    expect([...printful.orders.values()].filter((o) => o.external_id === external(orderId))).toHaveLength(1);
    expect(await orderOf(orderId)).toMatchObject({
      printful_status: 'confirmed',
      fulfilment_attempts: 2,
      fulfilment_error: null,
    });
  });

  it('waits out a 429 and then submits once', async () => {
    const orderId = await paidOrder();
    printful.failNext({ method: 'POST', path: '/orders' }, 429, { retryAfter: 1 });
    const started = Date.now();
    expect(await submitFulfilment(shop.context, orderId)).toBe('submitted');
    expect(Date.now() - started).toBeGreaterThanOrEqual(900);
    expect(callsFor(orderId, 'POST')).toHaveLength(2);
    expect(printful.orders.get(external(orderId))!.status).toBe('pending');
  });

  it('keeps a refused submission visible on the order for the admin', async () => {
    const orderId = await paidOrder();
    printful.failNext({ method: 'POST', path: '/orders' }, 400, { times: 1 });
    await expect(submitFulfilment(shop.context, orderId)).rejects.toThrow(/Fake failure 400/);
    expect(await orderOf(orderId)).toMatchObject({
      fulfilment_error: expect.stringContaining('Fake failure 400'),
      fulfilment_attempts: 1,
      printful_status: null,
    });
  });
});

describe('the Printful webhook', () => {
  it('ships the order with the tracking details of package_shipped', async () => {
    const orderId = await paidOrder();
    await submitFulfilment(shop.context, orderId);
    const response = await webhook('package_shipped', orderId, {
      shipment: {
        id: 9,
        carrier: 'FEDEX',
        service: 'FedEx SmartPost',
        tracking_number: 449044304137821,
        tracking_url: 'https://www.fedex.com/fedextrack/?tracknumbers=449044304137821',
      },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ received: true, outcome: 'applied' });
    const order = await orderOf(orderId);
    expect(order).toMatchObject({
      status: 'shipped',
      printful_status: 'shipped',
      tracking_carrier: 'FEDEX',
      tracking_number: '449044304137821',
      tracking_url: 'https://www.fedex.com/fedextrack/?tracknumbers=449044304137821',
    });
    expect(order.shipped_at).toBeInstanceOf(Date);
    const read = (await shop.app.inject({ method: 'GET', url: `/api/orders/${orderId}` })).json();
    expect(read).toMatchObject({ status_label: 'Shipped', tracking_carrier: 'FEDEX' });
  });

  it('records order_failed, order_put_hold and order_canceled with their reason', async () => {
    const orderId = await paidOrder();
    await submitFulfilment(shop.context, orderId);
    const created = Math.floor(Date.now() / 1000);
    await webhook('order_put_hold', orderId, { reason: 'Address needs checking' }, HOOK, created);
    expect(await orderOf(orderId)).toMatchObject({
      printful_status: 'onhold',
      fulfilment_error: 'Address needs checking',
      status: 'paid',
    });
    await webhook('order_failed', orderId, { reason: 'Print file could not be downloaded' }, HOOK, created + 1);
    expect(await orderOf(orderId)).toMatchObject({
      printful_status: 'failed',
      fulfilment_error: 'Print file could not be downloaded',
      status: 'paid',
    });

    const other = await paidOrder();
    await submitFulfilment(shop.context, other);
    await webhook('order_canceled', other, { reason: 'Canceled by the store' });
    expect(await orderOf(other)).toMatchObject({
      printful_status: 'canceled',
      fulfilment_error: 'Canceled by the store',
    });
  });

  it('ignores a repeated event and refuses a wrong secret', async () => {
    const orderId = await paidOrder();
    await submitFulfilment(shop.context, orderId);
    const created = Math.floor(Date.now() / 1000);
    expect((await webhook('order_put_hold', orderId, { reason: 'first' }, HOOK, created)).json().outcome).toBe(
      'applied',
    );
    await shop.context.db.update(orders).set({ fulfilment_error: 'changed since' }).where(eq(orders.id, orderId));
    expect((await webhook('order_put_hold', orderId, { reason: 'first' }, HOOK, created)).json().outcome).toBe(
      'duplicate',
    );
    expect((await orderOf(orderId)).fulfilment_error).toBe('changed since');

    const wrong = await webhook('order_failed', orderId, {}, 'not-the-secret');
    expect(wrong.statusCode).toBe(404);
    expect((await orderOf(orderId)).printful_status).toBe('onhold');
  });
});

describe('retry fulfilment (admin)', () => {
  it('is allowed for a failed Printful order and re-confirms it with the lookup first, never a second order', async () => {
    const orderId = await paidOrder();
    await submitFulfilment(shop.context, orderId);
    printful.orders.get(external(orderId))!.status = 'failed';
    await webhook('order_failed', orderId, { reason: 'Charge failed' });
    await completeJobs(shop.context, 'order.submit-fulfilment', orderId);

    const { jobId } = await retryFulfilment(shop.context, orderId);
    expect(jobId).toEqual(expect.any(String));
    // The paid event queued print files, whose job would queue the first submission; this is the retry's.
    expect(await jobsFor(shop.context, 'order.submit-fulfilment', orderId)).toHaveLength(1);
    await expect(retryFulfilment(shop.context, orderId)).rejects.toMatchObject({ statusCode: 409 });

    // The job's work, run here: the lookup finds the failed order and confirms it again.
    expect(await submitFulfilment(shop.context, orderId)).toBe('submitted');
    expect(callsFor(orderId, 'POST')).toHaveLength(1);
    expect(callsFor(orderId, 'PUT')).toHaveLength(1);
    expect(callsFor(orderId, 'PUT')[0].query).toBe('?confirm=true');
    expect(await orderOf(orderId)).toMatchObject({
      printful_status: 'confirmed',
      fulfilment_error: null,
      fulfilment_attempts: 2,
    });
  });

  it('is refused once the order is accepted for production, or before it is paid', async () => {
    const orderId = await paidOrder();
    await submitFulfilment(shop.context, orderId);
    await expect(retryFulfilment(shop.context, orderId)).rejects.toMatchObject({ statusCode: 409 });
    const { transformationId } = await createArtwork(shop.context);
    const [product] = await sellableProducts(shop.context);
    const unpaid = (
      await shop.app.inject({
        method: 'POST',
        url: '/api/checkout',
        payload: checkoutBody([{ product, transformationId }]),
      })
    ).json();
    await expect(retryFulfilment(shop.context, unpaid.order_id)).rejects.toMatchObject({ statusCode: 409 });
  });
});
