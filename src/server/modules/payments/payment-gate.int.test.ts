/**
 * The test provider can never pay for a real fulfilment (issue 10, finding 1): while Printful
 * is live — its key from the environment or saved in Settings — and Stripe is not, nothing
 * is paid and nothing reaches Printful, unless ALLOW_TEST_PAYMENTS=true. The shop tells its
 * visitors when the test provider takes the cards; Stripe's keys may be saved in Settings.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { orders, payment_events } from '../../db/schema.js';
import { startFakePrintful, type FakePrintful } from '../../testing/fakes/printful-orders-fake.js';
import { createAccount, SAME_ORIGIN, signInCookie } from '../../testing/admin-session.js';
import { checkoutBody, createArtwork, sellableProducts } from '../../testing/fixtures/orders.js';
import { jobsFor, makePrintFiles, waitFor } from '../../testing/fixtures/jobs.js';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { submitFulfilment } from '../fulfilment/service.js';

const TOKEN = 'pf-live-token-1234';
const card = { number: '4242 4242 4242 4242', exp_month: 12, exp_year: new Date().getFullYear() + 2, cvc: '123' };

let printful: FakePrintful;
const shops: TestApp[] = [];

beforeAll(async () => {
  printful = await startFakePrintful({ token: TOKEN });
});
afterEach(() => {
  printful.calls.length = 0;
});
afterAll(async () => {
  for (const shop of shops) await shop.close();
  await printful?.close();
});

async function shopWith(env: Record<string, string>, options: { workers?: boolean } = {}): Promise<TestApp> {
  const shop = await createTestApp({
    env: { PRINTFUL_BASE_URL: printful.url, ...env },
    workers: options.workers ?? true,
  });
  shops.push(shop);
  return shop;
}

async function checkout(shop: TestApp) {
  const { transformationId } = await createArtwork(shop.context);
  const [product] = await sellableProducts(shop.context);
  const response = await shop.app.inject({
    method: 'POST',
    url: '/api/checkout',
    payload: checkoutBody([{ product, transformationId }]),
  });
  return { status: response.statusCode, body: response.json() };
}

/** A pending test-provider order made while test payments were on (before Printful went live). */
async function orderFromBeforePrintful(shop: TestApp): Promise<{ orderId: string; clientSecret: string }> {
  const live = shop.context.config.printful;
  shop.context.config.printful = undefined;
  try {
    const { status, body } = await checkout(shop);
    expect(status).toBe(200);
    return { orderId: body.order_id, clientSecret: body.client_secret };
  } finally {
    shop.context.config.printful = live;
  }
}

const confirm = (shop: TestApp, clientSecret: string) =>
  shop.app.inject({
    method: 'POST',
    url: '/api/payments/test/confirm',
    payload: { client_secret: clientSecret, card },
  });
const orderOf = async (shop: TestApp, id: string) =>
  (await shop.context.db.select().from(orders).where(eq(orders.id, id)))[0];
const orderCount = async (shop: TestApp) => (await shop.context.db.select({ n: count() }).from(orders))[0].n;
const printfulOrderCalls = () => printful.calls.filter((call) => call.path.startsWith('/orders'));
const config = async (shop: TestApp) => (await shop.app.inject({ url: '/api/payments/config' })).json();

/** Lets any job the workers might run finish: a quiet second after the queue is empty. */
async function settle(shop: TestApp, orderId: string): Promise<void> {
  await new Promise((resolve) => setTimeout(resolve, 1500));
  await waitFor(
    () => jobsFor(shop.context, 'order.submit-fulfilment', orderId),
    (jobs) => jobs.every((job) => job.state === 'completed' || job.state === 'failed'),
  );
}

describe('with a Printful key in the environment and no Stripe', () => {
  let shop: TestApp;
  beforeAll(async () => {
    shop = await shopWith({ PRINTFUL_API_KEY: TOKEN });
  });

  it('the payments config names no provider and no test mode', async () => {
    expect(await config(shop)).toEqual({ success: true, provider: null, testMode: false });
  });

  it("checkout answers 503 'Payments are not configured' and writes no order", async () => {
    const before = await orderCount(shop);
    const { status, body } = await checkout(shop);
    expect(status).toBe(503);
    expect(body).toEqual({ success: false, error: 'Payments are not configured' });
    expect(await orderCount(shop)).toBe(before);
  });

  it('POST /api/payments/test/confirm never pays, and Printful receives no order request', async () => {
    const { orderId, clientSecret } = await orderFromBeforePrintful(shop);
    const response = await confirm(shop, clientSecret);
    expect(response.statusCode).toBe(503);
    expect(response.json().error).toBe('Payments are not configured');
    const authenticate = await shop.app.inject({
      method: 'POST',
      url: '/api/payments/test/authenticate',
      payload: { client_secret: clientSecret, outcome: 'approve' },
    });
    expect(authenticate.statusCode).toBe(503);

    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(await orderOf(shop, orderId)).toMatchObject({ status: 'pending', paid_at: null });
    expect(await shop.context.db.select().from(payment_events).where(eq(payment_events.order_id, orderId))).toEqual([]);
    expect(await jobsFor(shop.context, 'order.submit-fulfilment', orderId)).toEqual([]);
    expect(printfulOrderCalls()).toEqual([]);
  });
});

describe('an order the test provider paid before Printful went live', () => {
  it('is made by the simulation, never sent to Printful', async () => {
    const shop = await shopWith({ PRINTFUL_API_KEY: TOKEN }, { workers: false });
    const { orderId, clientSecret } = await orderFromBeforePrintful(shop);
    const live = shop.context.config.printful;
    shop.context.config.printful = undefined;
    try {
      expect((await confirm(shop, clientSecret)).json().status).toBe('succeeded');
    } finally {
      shop.context.config.printful = live;
    }
    // Its print file and fulfilment jobs run now that Printful is live.
    await makePrintFiles(shop.context, orderId);
    expect(await submitFulfilment(shop.context, orderId)).toBe('simulated');
    const order = await orderOf(shop, orderId);
    expect(order.fulfilment_provider).toBe('simulated');
    expect(order.provider_order_id).toMatch(/^SIM-/);
    expect(printfulOrderCalls()).toEqual([]);
  });
});

describe('with a Printful key saved in the admin Settings and no Stripe', () => {
  it('checkout answers 503 and the test provider pays nothing once the key is saved', async () => {
    const shop = await shopWith({});
    expect(await config(shop)).toEqual({ success: true, provider: 'test', testMode: true });
    const pending = await checkout(shop);
    expect(pending.status).toBe(200);

    await createAccount(shop.context, 'owner@example.com', 'owner-password-1', 'admin');
    const cookie = await signInCookie(shop.app, 'owner@example.com', 'owner-password-1');
    const saved = await shop.app.inject({
      method: 'PUT',
      url: '/api/admin/settings',
      headers: { cookie, origin: SAME_ORIGIN },
      payload: { keys: { printful_api_key: TOKEN } },
    });
    expect(saved.statusCode).toBe(200);

    expect(await config(shop)).toEqual({ success: true, provider: null, testMode: false });
    expect((await checkout(shop)).status).toBe(503);
    expect((await confirm(shop, pending.body.client_secret)).statusCode).toBe(503);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect((await orderOf(shop, pending.body.order_id)).status).toBe('pending');
    expect(printfulOrderCalls()).toEqual([]);

    const integrations = (
      await shop.app.inject({ url: '/api/admin/settings/integrations', headers: { cookie } })
    ).json();
    const payments = integrations.find((status: { id: string }) => status.id === 'payments');
    expect(payments.check).toMatchObject({
      ok: false,
      message: expect.stringContaining('Payments are not configured'),
    });
  });
});

describe('with ALLOW_TEST_PAYMENTS=true', () => {
  it('the test provider pays, in test mode, and the order reaches Printful once', async () => {
    const shop = await shopWith({ PRINTFUL_API_KEY: TOKEN, ALLOW_TEST_PAYMENTS: 'true' });
    expect(await config(shop)).toEqual({ success: true, provider: 'test', testMode: true });
    const { status, body } = await checkout(shop);
    expect(status).toBe(200);
    const paid = await confirm(shop, body.client_secret);
    expect(paid.json().status).toBe('succeeded');

    const order = await waitFor(
      () => orderOf(shop, body.order_id),
      (row) => row.provider_order_id !== null,
    );
    expect(order).toMatchObject({ status: 'paid', fulfilment_provider: 'printful' });
    await settle(shop, body.order_id);
    const external = body.order_id.replace(/-/g, '');
    const posts = printfulOrderCalls().filter((call) => call.method === 'POST');
    expect(posts.map((call) => (call.body as { external_id: string }).external_id)).toEqual([external]);
  });
});

describe('Stripe keys saved in Settings', () => {
  it('make Stripe the provider, out of test mode; the environment’s keys win over saved ones', async () => {
    const shop = await shopWith({ STRIPE_PUBLISHABLE_KEY: 'pk_test_from_environment' }, { workers: false });
    await createAccount(shop.context, 'owner@example.com', 'owner-password-1', 'admin');
    const cookie = await signInCookie(shop.app, 'owner@example.com', 'owner-password-1');
    const save = (keys: object) =>
      shop.app.inject({
        method: 'PUT',
        url: '/api/admin/settings',
        headers: { cookie, origin: SAME_ORIGIN },
        payload: { keys },
      });

    expect(await config(shop)).toMatchObject({ provider: 'test', testMode: true });
    const saved = await save({
      stripe_secret_key: 'sk_test_saved_4321',
      stripe_publishable_key: 'pk_test_saved',
      stripe_webhook_secret: 'whsec_saved',
    });
    expect(saved.statusCode).toBe(200);
    const keys = saved.json().keys as Array<{ key: string; source: string | null; last4: string | null }>;
    expect(keys.find((key) => key.key === 'stripe_secret_key')).toMatchObject({ source: 'saved', last4: '4321' });
    expect(keys.find((key) => key.key === 'stripe_publishable_key')).toMatchObject({ source: 'environment' });
    expect(JSON.stringify(saved.json())).not.toContain('sk_test_saved');

    expect(await config(shop)).toEqual({
      success: true,
      provider: 'stripe',
      publishableKey: 'pk_test_from_environment',
      testMode: false,
    });
    expect(shop.context.config.stripe).toMatchObject({ secretKey: 'sk_test_saved_4321', webhookSecret: 'whsec_saved' });
    const testConfirm = await shop.app.inject({
      method: 'POST',
      url: '/api/payments/test/confirm',
      payload: { client_secret: 'x', card },
    });
    expect(testConfirm.statusCode).toBe(404);

    await save({ stripe_secret_key: null });
    expect(await config(shop)).toMatchObject({ provider: 'test', testMode: true });
  });
});
