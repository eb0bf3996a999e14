import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { orders } from '../../db/schema.js';
import type { TestApp } from '../../testing/test-app.js';
import { checkoutBody, type SellableProduct } from '../../testing/fixtures/orders.js';
import { openShopWithArtwork } from '../../testing/fixtures/shop.js';

let shop: TestApp;
let product: SellableProduct;
let transformationId: string;

beforeAll(async () => {
  ({ shop, transformationId, product } = await openShopWithArtwork());
});
afterAll(async () => shop?.close());

const post = async (url: string, payload: object = {}) => {
  const response = await shop.app.inject({ method: 'POST', url, payload });
  return { status: response.statusCode, body: response.json() };
};
const orderOf = async (id: string) => (await shop.context.db.select().from(orders).where(eq(orders.id, id)))[0]!;
const orderCount = async () => (await shop.context.db.select({ n: count() }).from(orders))[0]!.n;
const card = (number: string) => ({ number, exp_month: 12, exp_year: new Date().getFullYear() + 2, cvc: '123' });

describe('POST /api/orders/:id/payment pays an unpaid order later', () => {
  it('reopens the same order and payment at the price it was placed for, making no new order', async () => {
    const placed = await post('/api/checkout', checkoutBody([{ product, transformationId, quantity: 2 }]));
    const before = await orderOf(placed.body.order_id);
    const orders = await orderCount();

    // The visitor left the payment page; later they come back to pay.
    const again = await post(`/api/orders/${placed.body.order_id}/payment`);
    expect(again).toEqual({
      status: 200,
      body: { success: true, client_secret: placed.body.client_secret, order_id: placed.body.order_id },
    });
    expect(await orderCount()).toBe(orders);

    const paid = await post('/api/payments/test/confirm', {
      client_secret: again.body.client_secret,
      card: card('4242 4242 4242 4242'),
    });
    expect(paid.body.status).toBe('succeeded');
    const after = await orderOf(placed.body.order_id);
    expect(after).toMatchObject({ status: 'paid', total_amount: before.total_amount });
  });

  it('after a declined card the same order can be paid from its page', async () => {
    const placed = await post('/api/checkout', checkoutBody([{ product, transformationId }]));
    const declined = await post('/api/payments/test/confirm', {
      client_secret: placed.body.client_secret,
      card: card('4000 0000 0000 0002'),
    });
    expect(declined.status).toBe(402);
    const again = await post(`/api/orders/${placed.body.order_id}/payment`);
    expect(again.status).toBe(200);
    await post('/api/payments/test/confirm', {
      client_secret: again.body.client_secret,
      card: card('4242424242424242'),
    });
    expect((await orderOf(placed.body.order_id)).status).toBe('paid');
  });

  it('refuses a paid order with 409, and an unknown or malformed id with 404, writing nothing', async () => {
    const placed = await post('/api/checkout', checkoutBody([{ product, transformationId }]));
    await post('/api/payments/test/confirm', {
      client_secret: placed.body.client_secret,
      card: card('4242424242424242'),
    });
    const orders = await orderCount();

    expect(await post(`/api/orders/${placed.body.order_id}/payment`)).toEqual({
      status: 409,
      body: {
        success: false,
        error: 'This order has already been paid, or can no longer be paid.',
        order_id: placed.body.order_id,
      },
    });
    expect(await post('/api/orders/0f8fad5b-d9cb-469f-a165-70867728950e/payment')).toEqual({
      status: 404,
      body: { success: false, error: 'Order not found' },
    });
    expect((await post('/api/orders/not-an-order/payment')).status).toBe(404);
    expect(await orderCount()).toBe(orders);
  });

  it('makes the payment checkout could not make, for the same order and total', async () => {
    const placed = await post('/api/checkout', checkoutBody([{ product, transformationId }]));
    // As if the provider had failed at checkout: the order waits with no payment.
    await shop.context.db
      .update(orders)
      .set({ payment_id: null, payment_error: 'Failed to create payment' })
      .where(eq(orders.id, placed.body.order_id));

    const again = await post(`/api/orders/${placed.body.order_id}/payment`);
    expect(again.status).toBe(200);
    const order = await orderOf(placed.body.order_id);
    expect(order.payment_id).toBe(again.body.client_secret.split('_secret_')[0]);
    expect(order.payment_error).toBeNull();
  });
});
