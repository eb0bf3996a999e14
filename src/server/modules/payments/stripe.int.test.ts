import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { email_messages, orders, payment_events } from '../../db/schema.js';
import type { TestApp } from '../../testing/test-app.js';
import { startFakePrintful, type FakePrintful } from '../../testing/fakes/printful-orders-fake.js';
import { deliverStripeWebhook, startFakeStripe, type FakeStripe } from '../../testing/fakes/fake-stripe.js';
import { checkoutBody, type SellableProduct } from '../../testing/fixtures/orders.js';
import { openShopWithArtwork } from '../../testing/fixtures/shop.js';
import { jobsFor, waitFor } from '../../testing/fixtures/jobs.js';

const WEBHOOK_SECRET = 'whsec_test_secret_for_wanderer';
const PRINTFUL_TOKEN = 'pf-test-token';

let shop: TestApp;
let stripeFake: FakeStripe;
let printfulFake: FakePrintful;
let product: SellableProduct;
let transformationId: string;
const stripe = new Stripe('sk_test_local');

beforeAll(async () => {
  stripeFake = await startFakeStripe();
  printfulFake = await startFakePrintful({ token: PRINTFUL_TOKEN, storeId: '77' });
  ({ shop, transformationId, product } = await openShopWithArtwork({
    workers: true,
    env: {
      ...stripeFake.env(WEBHOOK_SECRET),
      ...printfulFake.env(),
      PRINTFUL_WEBHOOK_SECRET: 'pf-hook-secret',
    },
  }));
});
afterAll(async () => {
  await shop?.close();
  await stripeFake?.close();
  await printfulFake?.close();
});

async function newOrder(quantity = 1): Promise<{ orderId: string; clientSecret: string; paymentIntentId: string }> {
  const response = await shop.app.inject({
    method: 'POST',
    url: '/api/checkout',
    payload: checkoutBody([{ product, transformationId, quantity }]),
  });
  const body = response.json();
  expect(response.statusCode, JSON.stringify(body)).toBe(200);
  const [order] = await shop.context.db.select().from(orders).where(eq(orders.id, body.order_id));
  return { orderId: body.order_id, clientSecret: body.client_secret, paymentIntentId: order.payment_id! };
}

function deliver(event: object, secret = WEBHOOK_SECRET) {
  return deliverStripeWebhook(shop.app, JSON.stringify(event), secret);
}

const orderOf = async (id: string) => (await shop.context.db.select().from(orders).where(eq(orders.id, id)))[0];
const printfulCreates = (orderId: string) =>
  printfulFake.calls.filter(
    (call) =>
      call.method === 'POST' &&
      call.path === '/orders' &&
      (call.body as { external_id: string }).external_id === orderId.replace(/-/g, ''),
  );

describe('Stripe PaymentIntents (against the local fake, with the real stripe client)', () => {
  it('tells the browser to load the Payment Element with the publishable key', async () => {
    const response = await shop.app.inject({ method: 'GET', url: '/api/payments/config' });
    expect(response.json()).toEqual({
      success: true,
      provider: 'stripe',
      publishableKey: 'pk_test_local',
      testMode: false,
    });
  });

  it('creates the PaymentIntent with amount, currency, automatic payment methods, our order id and an idempotency key', async () => {
    const { orderId, clientSecret, paymentIntentId } = await newOrder(2);
    const intent = stripeFake.paymentIntents.get(paymentIntentId)!;
    expect(clientSecret).toBe(intent.client_secret);
    const order = await orderOf(orderId);
    expect(intent).toMatchObject({
      amount: order.total_amount,
      currency: 'usd',
      metadata: { order_id: orderId },
      automatic_payment_methods: { enabled: true },
      receipt_email: null,
    });
    const request = stripeFake.requests.find(
      (r) => r.method === 'POST' && (r.params.metadata as { order_id: string })?.order_id === orderId,
    )!;
    expect(request.idempotencyKey).toBe(`order-${orderId}-payment`);
    expect(request.authorization).toBe('Bearer sk_test_local');
    expect(order.payment_provider).toBe('stripe');
  });

  it('keeps the order pending without a client secret when Stripe refuses, answering its message', async () => {
    stripeFake.failNextCreate(400, { type: 'invalid_request_error', message: 'Amount must be at least $0.50 usd' });
    const refused = await shop.app.inject({
      method: 'POST',
      url: '/api/checkout',
      payload: checkoutBody([{ product, transformationId }]),
    });
    expect(refused.statusCode).toBe(502);
    expect(refused.json()).toMatchObject({
      success: false,
      error: 'Amount must be at least $0.50 usd',
      order_id: expect.any(String),
    });
    const order = await orderOf(refused.json().order_id);
    expect(order).toMatchObject({ status: 'pending', payment_id: null });

    stripeFake.failNextCreate(401, {
      type: 'invalid_request_error',
      message: 'Invalid API Key provided: sk_live_****',
    });
    const failed = await shop.app.inject({
      method: 'POST',
      url: '/api/checkout',
      payload: checkoutBody([{ product, transformationId }]),
    });
    expect(failed.json()).toMatchObject({ success: false, error: 'Failed to create payment' });
  });

  it('has no test-card routes while Stripe is the provider', async () => {
    const response = await shop.app.inject({
      method: 'POST',
      url: '/api/payments/test/confirm',
      payload: { client_secret: 'x', card: {} },
    });
    expect(response.statusCode).toBe(404);
  });
});

describe('paying an unpaid order later (POST /api/orders/:id/payment)', () => {
  it('reopens a declined PaymentIntent, and makes a new one for the same total when it was cancelled', async () => {
    const { orderId, clientSecret, paymentIntentId } = await newOrder(2);
    const intents = stripeFake.paymentIntents.size;
    stripeFake.decline(paymentIntentId, 'Your card was declined.');
    const reopened = await shop.app.inject({ method: 'POST', url: `/api/orders/${orderId}/payment` });
    expect(reopened.json()).toEqual({ success: true, client_secret: clientSecret, order_id: orderId });

    Object.assign(stripeFake.paymentIntents.get(paymentIntentId)!, { status: 'canceled' });
    const renewed = await shop.app.inject({ method: 'POST', url: `/api/orders/${orderId}/payment` });
    expect(renewed.statusCode).toBe(200);
    const [order] = await shop.context.db.select().from(orders).where(eq(orders.id, orderId));
    expect(order!.payment_id).not.toBe(paymentIntentId);
    const intent = stripeFake.paymentIntents.get(order!.payment_id!)!;
    expect(renewed.json().client_secret).toBe(intent.client_secret);
    expect(intent).toMatchObject({ amount: order!.total_amount, metadata: { order_id: orderId } });

    // Money already moving is never asked for twice.
    Object.assign(intent, { status: 'processing' });
    const settling = await shop.app.inject({ method: 'POST', url: `/api/orders/${orderId}/payment` });
    expect(settling.statusCode).toBe(409);
    expect(stripeFake.paymentIntents.size).toBe(intents + 1);
  });
});

describe('the Stripe webhook', () => {
  it('pays the order for a signed payment_intent.succeeded; the same event ten times, concurrently and replayed, submits fulfilment exactly once', async () => {
    const { orderId, paymentIntentId } = await newOrder();
    stripeFake.succeed(paymentIntentId);
    const event = stripeFake.event('payment_intent.succeeded', paymentIntentId);

    const concurrent = await Promise.all(Array.from({ length: 10 }, () => deliver(event)));
    expect(concurrent.map((response) => response.statusCode)).toEqual(Array(10).fill(200));
    for (let replay = 0; replay < 10; replay += 1) expect((await deliver(event)).statusCode).toBe(200);

    const order = await orderOf(orderId);
    expect(order.status).toBe('paid');
    expect(order.paid_at).toBeInstanceOf(Date);

    await waitFor(
      () => orderOf(orderId),
      (row) => row.printful_status === 'confirmed' && row.confirmation_email_sent_at !== null,
    );
    // Once the jobs are done the queue no longer holds them: a replay now (and a second event
    // for the same payment, as the return check makes) must be stopped by the paid guard itself.
    await waitFor(
      async () => [
        ...(await jobsFor(shop.context, 'order.print-file', orderId)),
        ...(await jobsFor(shop.context, 'order.send-confirmation', orderId)),
      ],
      (jobs) => jobs.every((job) => job.state === 'completed'),
    );
    expect((await deliver(event)).statusCode).toBe(200);
    expect((await deliver(stripeFake.event('payment_intent.succeeded', paymentIntentId))).statusCode).toBe(200);
    // Leave time for any duplicate to show itself.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(printfulCreates(orderId)).toHaveLength(1);
    expect(await jobsFor(shop.context, 'order.print-file', orderId)).toHaveLength(1);
    expect(await jobsFor(shop.context, 'order.send-confirmation', orderId)).toHaveLength(1);
    expect(
      await shop.context.db.select().from(email_messages).where(eq(email_messages.order_id, orderId)),
    ).toHaveLength(1);
    expect(
      await shop.context.db
        .select()
        .from(payment_events)
        .where(eq(payment_events.id, event.id as string)),
    ).toHaveLength(1);

    const submitted = printfulCreates(orderId)[0];
    expect(submitted.query).toBe('?confirm=true');
    expect(submitted.body).toMatchObject({
      external_id: orderId.replace(/-/g, ''),
      recipient: {
        name: 'Jane Traveller',
        address1: '1 Harbour Road',
        city: 'Portland',
        state_code: 'OR',
        country_code: 'US',
        zip: '97201',
      },
      items: [
        {
          variant_id: product.printful_variant_id,
          quantity: 1,
          files: [{ url: expect.stringContaining('/files/private/print-files/') }],
        },
      ],
    });
    expect((await orderOf(orderId)).provider_order_id).toBe(
      String(printfulFake.orders.get(orderId.replace(/-/g, ''))!.id),
    );
  });

  it('refuses a bad signature with 400 and changes nothing', async () => {
    const { orderId, paymentIntentId } = await newOrder();
    stripeFake.succeed(paymentIntentId);
    const event = stripeFake.event('payment_intent.succeeded', paymentIntentId);
    const wrongSecret = await deliver(event, 'whsec_someone_else');
    expect(wrongSecret.statusCode).toBe(400);

    const payload = JSON.stringify(event);
    const tampered = await shop.app.inject({
      method: 'POST',
      url: '/api/payments/stripe/webhook',
      headers: {
        'content-type': 'application/json',
        'stripe-signature': stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET }),
      },
      // Same meaning, different bytes: the signature is over the raw body.
      payload: JSON.stringify(event, null, 2),
    });
    expect(tampered.statusCode).toBe(400);
    const unsigned = await shop.app.inject({
      method: 'POST',
      url: '/api/payments/stripe/webhook',
      headers: { 'content-type': 'application/json' },
      payload,
    });
    expect(unsigned.statusCode).toBe(400);

    expect(await orderOf(orderId)).toMatchObject({ status: 'pending', paid_at: null });
    expect(
      await shop.context.db.select().from(payment_events).where(eq(payment_events.order_id, orderId)),
    ).toHaveLength(0);
    expect(await jobsFor(shop.context, 'order.print-file', orderId)).toHaveLength(0);
  });

  it('records the decline of payment_intent.payment_failed and leaves the order unpaid', async () => {
    const { orderId, paymentIntentId } = await newOrder();
    stripeFake.decline(paymentIntentId, 'Your card was declined.');
    expect((await deliver(stripeFake.event('payment_intent.payment_failed', paymentIntentId))).statusCode).toBe(200);
    expect(await orderOf(orderId)).toMatchObject({
      status: 'pending',
      paid_at: null,
      payment_error: 'Your card was declined.',
    });
  });

  it('does not pay an order when the amount paid differs from its total', async () => {
    const { orderId, paymentIntentId } = await newOrder();
    stripeFake.succeed(paymentIntentId);
    const event = stripeFake.event('payment_intent.succeeded', paymentIntentId) as {
      data: { object: { amount: number; amount_received: number } };
    };
    event.data.object.amount = 50;
    event.data.object.amount_received = 50;
    expect((await deliver(event)).statusCode).toBe(200);
    expect((await orderOf(orderId)).status).toBe('pending');
  });

  it('answers 200 to payment events for orders it does not know, and to other event types', async () => {
    const { paymentIntentId } = await newOrder();
    const event = stripeFake.event('payment_intent.succeeded', paymentIntentId) as {
      data: { object: { id: string; metadata: object } };
    };
    event.data.object.id = 'pi_unknown';
    event.data.object.metadata = {};
    expect((await deliver(event)).statusCode).toBe(200);
    expect(
      (
        await deliver({
          id: 'evt_other',
          object: 'event',
          type: 'charge.refunded',
          data: { object: { object: 'charge' } },
        })
      ).statusCode,
    ).toBe(200);
  });
});

describe('the server-side check when the visitor returns', () => {
  it('pays the order from the PaymentIntent when the webhook is missed, and a late webhook then changes nothing', async () => {
    const { orderId, paymentIntentId } = await newOrder();
    const before = await shop.app.inject({
      method: 'POST',
      url: `/api/orders/${orderId}/verify-payment`,
      payload: { payment_intent_id: paymentIntentId },
    });
    expect(before.json().status).toBe('pending');

    stripeFake.succeed(paymentIntentId);
    const after = await shop.app.inject({
      method: 'POST',
      url: `/api/orders/${orderId}/verify-payment`,
      payload: { payment_intent_id: paymentIntentId },
    });
    expect(after.statusCode).toBe(200);
    expect(after.json()).toMatchObject({ id: orderId, status: 'paid', status_label: 'Payment Confirmed' });

    expect((await deliver(stripeFake.event('payment_intent.succeeded', paymentIntentId))).statusCode).toBe(200);
    await waitFor(
      () => orderOf(orderId),
      (row) => row.printful_status === 'confirmed',
    );
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(printfulCreates(orderId)).toHaveLength(1);
    expect(await jobsFor(shop.context, 'order.print-file', orderId)).toHaveLength(1);
  });

  it('answers Order not found when the payment intent id does not belong to the order', async () => {
    const { orderId } = await newOrder();
    const response = await shop.app.inject({
      method: 'POST',
      url: `/api/orders/${orderId}/verify-payment`,
      payload: { payment_intent_id: 'pi_other' },
    });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ error: 'Order not found' });
  });
});
