import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { orders, payment_events } from '../../db/schema.js';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { checkoutBody, createArtwork, sellableProducts } from '../../testing/fixtures/orders.js';
import { jobsFor } from '../../testing/fixtures/jobs.js';
import { applyPaymentEvent, markOrderPaid, type PaymentEvent } from './events.js';

let shop: TestApp;
beforeAll(async () => {
  shop = await createTestApp();
});
afterAll(async () => shop?.close());

async function pendingOrder(): Promise<{ orderId: string; paymentIntentId: string; total: number }> {
  const { transformationId } = await createArtwork(shop.context);
  const [product] = await sellableProducts(shop.context);
  const created = (
    await shop.app.inject({
      method: 'POST',
      url: '/api/checkout',
      payload: checkoutBody([{ product, transformationId }]),
    })
  ).json();
  const [order] = await shop.context.db.select().from(orders).where(eq(orders.id, created.order_id));
  return { orderId: order.id, paymentIntentId: order.stripe_payment_intent_id!, total: order.total_amount };
}

const succeeded = (id: string, order: { orderId: string; paymentIntentId: string; total: number }): PaymentEvent => ({
  id,
  provider: 'stripe',
  type: 'payment_intent.succeeded',
  paymentIntentId: order.paymentIntentId,
  orderId: order.orderId,
  amount: order.total,
  currency: 'usd',
});

describe('only the call that flips the order to paid queues its work', () => {
  it('ten concurrent markOrderPaid calls with different events: exactly one returns true and queues', async () => {
    const order = await pendingOrder();
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, index) =>
        markOrderPaid(shop.context, order.orderId, { event: succeeded(`evt_flip_${index}`, order) }),
      ),
    );
    expect(results.filter((result) => result === true)).toHaveLength(1);
    expect(results.filter((result) => result === false)).toHaveLength(9);
    expect(await jobsFor(shop.context, 'order.submit-fulfilment', order.orderId)).toHaveLength(1);
    expect(await jobsFor(shop.context, 'order.send-confirmation', order.orderId)).toHaveLength(1);
    expect(
      await shop.context.db.select().from(payment_events).where(eq(payment_events.order_id, order.orderId)),
    ).toHaveLength(10);
  });

  it('the same event applied ten times at once is recorded once and pays once', async () => {
    const order = await pendingOrder();
    const event = succeeded('evt_same', order);
    const results = await Promise.all(Array.from({ length: 10 }, () => applyPaymentEvent(shop.context, event)));
    expect(results.filter((result) => !result.duplicate)).toHaveLength(1);
    expect(results.filter((result) => result.paid)).toHaveLength(1);
  });

  it('never pays an order whose payment intent is another one', async () => {
    const order = await pendingOrder();
    const other = await pendingOrder();
    const result = await applyPaymentEvent(shop.context, {
      ...succeeded('evt_wrong_pi', order),
      paymentIntentId: other.paymentIntentId,
      amount: other.total,
    });
    expect(result.orderId).toBe(other.orderId);
    const [first] = await shop.context.db.select().from(orders).where(eq(orders.id, order.orderId));
    expect(first.status).toBe('pending');
  });
});
