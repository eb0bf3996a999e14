import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { order_refunds, orders } from '../../db/schema.js';
import { SAME_ORIGIN, signInOwner } from '../../testing/admin-session.js';
import type { TestApp } from '../../testing/test-app.js';
import { startFakePrintful, type FakePrintful } from '../../testing/fakes/printful-orders-fake.js';
import { deliverStripeWebhook, startFakeStripe, type FakeStripe } from '../../testing/fakes/fake-stripe.js';
import { checkoutBody, type SellableProduct } from '../../testing/fixtures/orders.js';
import { openShopWithArtwork } from '../../testing/fixtures/shop.js';
import { submitFulfilment } from '../fulfilment/service.js';
import { makePrintFiles } from '../../testing/fixtures/jobs.js';

const WEBHOOK_SECRET = 'whsec_test_secret_for_wanderer';
const PRINTFUL_TOKEN = 'pf-test-token';

let shop: TestApp;
let stripeFake: FakeStripe;
let printfulFake: FakePrintful;
let product: SellableProduct;
let transformationId: string;
let cookie: string;

beforeAll(async () => {
  stripeFake = await startFakeStripe();
  printfulFake = await startFakePrintful({ token: PRINTFUL_TOKEN, storeId: '77' });
  ({ shop, transformationId, product } = await openShopWithArtwork({
    env: {
      ...stripeFake.env(WEBHOOK_SECRET),
      ...printfulFake.env(),
      PRINTFUL_WEBHOOK_SECRET: 'pf-hook-secret',
    },
  }));
  cookie = await signInOwner(shop);
});
afterAll(async () => {
  await shop?.close();
  await stripeFake?.close();
  await printfulFake?.close();
});

/** An order paid through Stripe: checkout, the fake's PaymentIntent succeeds, the signed webhook arrives. */
async function paidOrder(): Promise<{ orderId: string; paymentIntentId: string }> {
  const created = (
    await shop.app.inject({
      method: 'POST',
      url: '/api/checkout',
      payload: checkoutBody([{ product, transformationId, quantity: 3 }]),
    })
  ).json();
  const [order] = await shop.context.db.select().from(orders).where(eq(orders.id, created.order_id));
  const paymentIntentId = order.payment_id!;
  stripeFake.succeed(paymentIntentId);
  const payload = JSON.stringify(stripeFake.event('payment_intent.succeeded', paymentIntentId));
  const hook = await deliverStripeWebhook(shop.app, payload, WEBHOOK_SECRET);
  expect(hook.statusCode, hook.body).toBe(200);
  return { orderId: order.id, paymentIntentId };
}

const refund = async (orderId: string, payload: object = {}) => {
  const response = await shop.app.inject({
    method: 'POST',
    url: `/api/admin/orders/${orderId}/refund`,
    headers: { cookie, origin: SAME_ORIGIN },
    payload,
  });
  return { status: response.statusCode, body: response.json() };
};

describe('refunds through Stripe (the real stripe client against the local fake)', () => {
  it('refunds half, then the rest, each with an idempotency key; the print order is cancelled before the full refund', async () => {
    const { orderId, paymentIntentId } = await paidOrder();
    await makePrintFiles(shop.context, orderId);
    await submitFulfilment(shop.context, orderId);
    const total = (await shop.context.db.select().from(orders).where(eq(orders.id, orderId)))[0].total_amount;
    const half = Math.floor(total / 2);

    const partial = await refund(orderId, { amount: half });
    expect(partial.status, JSON.stringify(partial.body)).toBe(200);
    expect(partial.body).toMatchObject({ status: 'paid', refunded_amount: half });
    expect(printfulFake.calls.filter((call) => call.method === 'DELETE')).toHaveLength(0);

    const rest = await refund(orderId);
    expect(rest.status, JSON.stringify(rest.body)).toBe(200);
    expect(rest.body).toMatchObject({ status: 'refunded', refunded_amount: total, printful_status: 'canceled' });
    expect(
      printfulFake.calls.filter(
        (call) => call.method === 'DELETE' && call.path === `/orders/@${orderId.replace(/-/g, '')}`,
      ),
    ).toHaveLength(1);

    const stripeRefunds = stripeFake.refunds.filter((r) => r.payment_intent === paymentIntentId);
    expect(stripeRefunds.map((r) => r.amount)).toEqual([half, total - half]);
    expect(stripeRefunds.every((r) => r.metadata.order_id === orderId)).toBe(true);
    const keys = stripeFake.requests.filter((r) => r.path === '/v1/refunds').map((r) => r.idempotencyKey);
    expect(keys).toEqual([`refund-${orderId}-0-${half}`, `refund-${orderId}-${half}-${total - half}`]);
    const rows = await shop.context.db.select().from(order_refunds).where(eq(order_refunds.order_id, orderId));
    expect(rows.map((row) => row.provider_refund_id).sort()).toEqual(stripeRefunds.map((r) => r.id).sort());
  });

  it('answers 502 with Stripe’s message and gives the reservation back when Stripe refuses', async () => {
    const { orderId, paymentIntentId } = await paidOrder();
    // Someone refunded in Stripe's own dashboard: Stripe has less left than we think.
    stripeFake.refunds.push({
      id: 're_dashboard',
      object: 'refund',
      amount: stripeFake.paymentIntents.get(paymentIntentId)!.amount,
      currency: 'usd',
      payment_intent: paymentIntentId,
      status: 'succeeded',
      metadata: {},
      created: 0,
    });
    const refused = await refund(orderId, { amount: 100 });
    expect(refused.status).toBe(502);
    expect(refused.body.error).toMatch(/greater than unrefunded amount/);
    const [order] = await shop.context.db.select().from(orders).where(eq(orders.id, orderId));
    expect(order).toMatchObject({ status: 'paid', refunded_amount: 0 });
    expect(await shop.context.db.select().from(order_refunds).where(eq(order_refunds.order_id, orderId))).toHaveLength(
      0,
    );
  });

  it('refuses a full refund with 409 when the print order can no longer be cancelled, refunding nothing', async () => {
    const { orderId } = await paidOrder();
    await makePrintFiles(shop.context, orderId);
    await submitFulfilment(shop.context, orderId);
    printfulFake.orders.get(orderId.replace(/-/g, ''))!.status = 'inprocess';
    const refused = await refund(orderId);
    expect(refused.status).toBe(409);
    expect(refused.body.error).toMatch(/^The print order could not be cancelled/);
    const [order] = await shop.context.db.select().from(orders).where(eq(orders.id, orderId));
    expect(order.refunded_amount).toBe(0);
  });
});
