import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { orders, payment_events } from '../../db/schema.js';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { checkoutBody, createArtwork, sellableProducts } from '../../testing/fixtures/orders.js';
import { jobsFor } from '../../testing/fixtures/jobs.js';
import { applyPaymentEvent, markOrderPaid, type PaymentEvent } from './events.js';
import { paymentProvider } from './providers.js';

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
  return { orderId: order.id, paymentIntentId: order.payment_id!, total: order.total_amount };
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
    expect(await jobsFor(shop.context, 'order.print-file', order.orderId)).toHaveLength(1);
    expect(await jobsFor(shop.context, 'order.send-confirmation', order.orderId)).toHaveLength(1);
    expect(
      await shop.context.db.select().from(payment_events).where(eq(payment_events.order_id, order.orderId)),
    ).toHaveLength(10);
  });

  it('the same event applied ten times at once is recorded once and pays once', async () => {
    const order = await pendingOrder();
    const event = succeeded('evt_same', order);
    const results = await Promise.all(
      Array.from({ length: 10 }, () => applyPaymentEvent(shop.context, paymentProvider(shop.context, 'test'), event)),
    );
    expect(results.filter((result) => !result.duplicate)).toHaveLength(1);
    expect(results.filter((result) => result.paid)).toHaveLength(1);
  });

  it('never pays an order whose payment intent is another one', async () => {
    const order = await pendingOrder();
    const other = await pendingOrder();
    const result = await applyPaymentEvent(shop.context, paymentProvider(shop.context, 'test'), {
      ...succeeded('evt_wrong_pi', order),
      paymentIntentId: other.paymentIntentId,
      amount: other.total,
    });
    expect(result.orderId).toBe(other.orderId);
    const [first] = await shop.context.db.select().from(orders).where(eq(orders.id, order.orderId));
    expect(first.status).toBe('pending');
  });
});

describe('paid transitions asked for together are written together', () => {
  it('twenty orders paid at once are each flipped once, with one e-mail and one fulfilment each', async () => {
    const placed = await Promise.all(Array.from({ length: 20 }, () => pendingOrder()));
    const results = await Promise.all(
      placed.map((order, index) =>
        markOrderPaid(shop.context, order.orderId, { event: succeeded(`evt_batch_${index}`, order) }),
      ),
    );
    expect(results).toEqual(placed.map(() => true));
    for (const order of placed) {
      const [row] = await shop.context.db.select().from(orders).where(eq(orders.id, order.orderId));
      expect(row).toMatchObject({ status: 'paid', payment_id: order.paymentIntentId });
      expect(row.paid_at).not.toBeNull();
      expect(await jobsFor(shop.context, 'order.send-confirmation', order.orderId)).toHaveLength(1);
      expect(await jobsFor(shop.context, 'order.print-file', order.orderId)).toHaveLength(1);
    }
  });

  it('two events for one order in one batch: the one with its payment pays it', async () => {
    const order = await pendingOrder();
    const other = await pendingOrder();
    const [wrong, right] = await Promise.all([
      markOrderPaid(shop.context, order.orderId, {
        event: { ...succeeded('evt_pair_wrong', order), paymentIntentId: other.paymentIntentId },
      }),
      markOrderPaid(shop.context, order.orderId, { event: succeeded('evt_pair_right', order) }),
    ]);
    expect([wrong, right]).toEqual([false, true]);
    const [row] = await shop.context.db.select().from(orders).where(eq(orders.id, order.orderId));
    expect(row).toMatchObject({ status: 'paid', payment_id: order.paymentIntentId });
  });

  it('an event the database refuses fails only its own call; the others in its batch are paid', async () => {
    const placed = await Promise.all(Array.from({ length: 3 }, () => pendingOrder()));
    const results = await Promise.allSettled(
      placed.map((order, index) =>
        markOrderPaid(shop.context, order.orderId, {
          // PostgreSQL refuses a lone surrogate in JSON.
          event: { ...succeeded(`evt_refused_${index}`, order), payload: index === 1 ? { note: '\ud800' } : null },
        }),
      ),
    );
    expect(results.map((result) => result.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    const statuses = await Promise.all(
      placed.map(async (order) => {
        const [row] = await shop.context.db.select().from(orders).where(eq(orders.id, order.orderId));
        return row.status;
      }),
    );
    expect(statuses).toEqual(['paid', 'pending', 'paid']);
    expect(await jobsFor(shop.context, 'order.print-file', placed[1].orderId)).toHaveLength(0);
    expect(
      await shop.context.db.select().from(payment_events).where(eq(payment_events.id, 'evt_refused_1')),
    ).toHaveLength(0);
  });
});
