import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { orders, payment_events } from '../../db/schema.js';
import type { TestApp } from '../../testing/test-app.js';
import { checkoutBody, type SellableProduct } from '../../testing/fixtures/orders.js';
import { openShopWithArtwork } from '../../testing/fixtures/shop.js';
import { jobsFor } from '../../testing/fixtures/jobs.js';

let shop: TestApp;
let product: SellableProduct;
let transformationId: string;

beforeAll(async () => {
  ({ shop, transformationId, product } = await openShopWithArtwork());
});
afterAll(async () => shop?.close());

const card = (number: string, overrides: object = {}) => ({
  number,
  exp_month: 12,
  exp_year: new Date().getFullYear() + 2,
  cvc: '123',
  ...overrides,
});

async function newOrder(): Promise<{ orderId: string; clientSecret: string }> {
  const response = await shop.app.inject({
    method: 'POST',
    url: '/api/checkout',
    payload: checkoutBody([{ product, transformationId }]),
  });
  const body = response.json();
  return { orderId: body.order_id, clientSecret: body.client_secret };
}

const post = async (url: string, payload: object) => {
  const response = await shop.app.inject({ method: 'POST', url, payload });
  return { status: response.statusCode, body: response.json() };
};
const confirm = (clientSecret: string, cardInput: object) =>
  post('/api/payments/test/confirm', { client_secret: clientSecret, card: cardInput });
const orderOf = async (id: string) => (await shop.context.db.select().from(orders).where(eq(orders.id, id)))[0];
const eventsOf = (id: string) => shop.context.db.select().from(payment_events).where(eq(payment_events.order_id, id));

describe('the test provider honours Stripe’s test cards', () => {
  it('4242 4242 4242 4242 → paid, through a recorded payment event, queuing the e-mail and fulfilment once', async () => {
    const { orderId, clientSecret } = await newOrder();
    const { status, body } = await confirm(clientSecret, card('4242 4242 4242 4242'));
    expect(status).toBe(200);
    expect(body).toEqual({
      status: 'succeeded',
      payment_intent_id: clientSecret.split('_secret_')[0],
      order_id: orderId,
    });
    const order = await orderOf(orderId);
    expect(order.status).toBe('paid');
    expect(order.paid_at).toBeInstanceOf(Date);
    const events = await eventsOf(orderId);
    expect(events.map((event) => [event.provider, event.type])).toEqual([['test', 'payment_intent.succeeded']]);
    expect(JSON.stringify(events[0].payload)).not.toContain('4242424242424242');
    expect(await jobsFor(shop.context, 'order.send-confirmation', orderId)).toHaveLength(1);
    expect(await jobsFor(shop.context, 'order.print-file', orderId)).toHaveLength(1);

    // Confirming again (a double click) answers succeeded and queues nothing more.
    expect((await confirm(clientSecret, card('4242424242424242'))).body.status).toBe('succeeded');
    expect(await jobsFor(shop.context, 'order.print-file', orderId)).toHaveLength(1);
  });

  it('4000 0000 0000 0002 → not paid, with “Your card was declined.”', async () => {
    const { orderId, clientSecret } = await newOrder();
    const { status, body } = await confirm(clientSecret, card('4000000000000002'));
    expect(status).toBe(402);
    expect(body).toMatchObject({
      error: 'Your card was declined.',
      code: 'card_declined',
      decline_code: 'generic_decline',
    });
    const order = await orderOf(orderId);
    expect(order).toMatchObject({ status: 'pending', paid_at: null, payment_error: 'Your card was declined.' });
    const read = (await shop.app.inject({ method: 'GET', url: `/api/orders/${orderId}` })).json();
    expect(read).toMatchObject({
      status: 'pending',
      status_label: 'Payment Pending',
      payment_error: 'Your card was declined.',
    });
    expect(await jobsFor(shop.context, 'order.print-file', orderId)).toHaveLength(0);
  });

  it('4000 0000 0000 9995 → not paid, with “Your card has insufficient funds.”, and another card may then pay', async () => {
    const { orderId, clientSecret } = await newOrder();
    const { status, body } = await confirm(clientSecret, card('4000 0000 0000 9995'));
    expect(status).toBe(402);
    expect(body).toMatchObject({ error: 'Your card has insufficient funds.', decline_code: 'insufficient_funds' });
    expect((await orderOf(orderId)).status).toBe('pending');

    expect((await confirm(clientSecret, card('4242424242424242'))).status).toBe(200);
    expect(await orderOf(orderId)).toMatchObject({ status: 'paid', payment_error: null });
  });

  it('4000 0025 0000 3155 asks for authentication; approving pays, failing does not', async () => {
    const approved = await newOrder();
    const first = await confirm(approved.clientSecret, card('4000002500003155'));
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({
      status: 'requires_action',
      next_action: { type: 'test_3ds', authenticate_url: '/api/payments/test/authenticate' },
    });
    expect((await orderOf(approved.orderId)).status).toBe('pending');
    const ok = await post('/api/payments/test/authenticate', {
      client_secret: approved.clientSecret,
      outcome: 'approve',
    });
    expect(ok.body.status).toBe('succeeded');
    expect((await orderOf(approved.orderId)).status).toBe('paid');

    const refused = await newOrder();
    await confirm(refused.clientSecret, card('4000002500003155'));
    const failed = await post('/api/payments/test/authenticate', {
      client_secret: refused.clientSecret,
      outcome: 'fail',
    });
    expect(failed.status).toBe(402);
    expect(failed.body.error).toBe(
      'We are unable to authenticate your payment method. Please choose a different payment method and try again.',
    );
    expect((await orderOf(refused.orderId)).status).toBe('pending');
  });

  it('never authenticates a payment that was not asked to', async () => {
    const { orderId, clientSecret } = await newOrder();
    const { status } = await post('/api/payments/test/authenticate', {
      client_secret: clientSecret,
      outcome: 'approve',
    });
    expect(status).toBe(400);
    expect((await orderOf(orderId)).status).toBe('pending');
  });

  it('refuses bad card details with Stripe’s messages and records nothing', async () => {
    const { orderId, clientSecret } = await newOrder();
    const year = new Date().getFullYear();
    const cases: Array<[object, string]> = [
      [card('4242424242424241'), 'Your card number is invalid.'],
      [card('4242'), 'Your card number is incomplete.'],
      [card('4242424242424242', { exp_year: year - 1 }), "Your card's expiration year is in the past."],
      [card('4242424242424242', { exp_month: 13 }), "Your card's expiration month is invalid."],
      [card('4242424242424242', { cvc: '1' }), "Your card's security code is incomplete."],
    ];
    for (const [input, message] of cases) {
      const { status, body } = await confirm(clientSecret, input);
      expect(status, message).toBe(400);
      expect(body.error).toBe(message);
    }
    expect(await eventsOf(orderId)).toHaveLength(0);
    expect((await orderOf(orderId)).payment_error).toBeNull();
  });

  it('answers Stripe’s card-network messages for its other test numbers', async () => {
    const { clientSecret } = await newOrder();
    expect((await confirm(clientSecret, card('4000000000000069'))).body.error).toBe('Your card has expired.');
    expect((await confirm(clientSecret, card('4000000000000127'))).body.error).toBe(
      "Your card's security code is incorrect.",
    );
  });

  it('refuses a forged client secret', async () => {
    const { clientSecret } = await newOrder();
    const forged = clientSecret.replace(/.$/, (c) => (c === '0' ? '1' : '0'));
    const { status, body } = await confirm(forged, card('4242424242424242'));
    expect(status).toBe(404);
    expect(body.error).toBe('The client_secret provided does not match any associated PaymentIntent on this account.');
  });
});

describe('only the server marks an order paid', () => {
  it('the verify-payment call on return never pays an unpaid test order', async () => {
    const { orderId, clientSecret } = await newOrder();
    const paymentIntentId = clientSecret.split('_secret_')[0];
    const { status, body } = await post(`/api/orders/${orderId}/verify-payment`, {
      payment_intent_id: paymentIntentId,
    });
    expect(status).toBe(200);
    expect(body.status).toBe('pending');
    expect((await orderOf(orderId)).paid_at).toBeNull();
  });
});
