/**
 * Issue 10, findings 7 and 8: control characters in any text input are refused with 400 and
 * the field named (a NUL byte used to reach PostgreSQL and come back as a 500), and the log
 * keeps personal data and secrets out: names, e-mail and postal addresses, coordinates, the
 * Printful webhook secret in its URL.
 */
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InjectOptions } from 'fastify';
import { registeredRoutes } from './route-registry.js';
import { multipart, SAME_ORIGIN, signInOwner } from '../testing/admin-session.js';
import { createTestApp, type TestApp } from '../testing/test-app.js';
import { checkoutBody, createArtwork, sellableProducts, smallJpeg, TEST_ADDRESS } from '../testing/fixtures/orders.js';
import { createLogger } from '../logger.js';
import { count, eq, inArray, sql } from 'drizzle-orm';
import { deliverStripeWebhook, startFakeStripe, type FakeStripe } from '../testing/fakes/fake-stripe.js';
import { applyPaymentEvent, paymentProvider } from '../modules/payments/index.js';
import { sweepStaleUploads } from '../modules/images/index.js';
import { EVENTS_PER_ADDRESS, pruneFunnelEvents } from '../modules/analytics/index.js';
import { ANALYTICS_MESSAGES } from '../../domain/analytics.js';
import { funnel_events, orders } from '../db/schema.js';
import { MONEY_MESSAGES } from '../../domain/money.js';
import { ONE_LINE_MESSAGES } from '../../domain/checkout.js';
import { TOO_DEEP_MESSAGE } from '../../domain/text-input.js';
import { UPLOAD_MESSAGES } from '../../domain/upload.js';

const WEBHOOK_SECRET = 'pf-webhook-secret-7d1e44a0';
const logLines: string[] = [];
const logStream = new Writable({
  write(chunk: Buffer, _encoding, done) {
    logLines.push(chunk.toString());
    done();
  },
});

let shop: TestApp;
let adminCookie: string;
beforeAll(async () => {
  shop = await createTestApp({
    env: {
      LOG_LEVEL: 'info',
      PRINTFUL_WEBHOOK_SECRET: WEBHOOK_SECRET,
      ALLOW_TEST_PAYMENTS: 'true',
    },
    logStream,
  });
  adminCookie = await signInOwner(shop);
});
afterAll(async () => shop?.close());

const send = (options: InjectOptions) =>
  shop.app.inject({ ...options, headers: { origin: SAME_ORIGIN, cookie: adminCookie, ...options.headers } });

/** One line of a fresh artwork on the first product on sale, as checkoutBody takes it. */
async function freshLine(target: TestApp = shop) {
  const { transformationId } = await createArtwork(target.context);
  const [product] = await sellableProducts(target.context);
  return [{ product: product!, transformationId }];
}

describe('a NUL byte or another control character in any field is refused with 400 naming the field', () => {
  it('in the checkout form: the customer name, an address line, the e-mail', async () => {
    const line = await freshLine();
    for (const [override, field] of [
      [{ shippingAddress: { ...TEST_ADDRESS, name: 'Ada\u0000 Lovelace' } }, 'shippingAddress.name'],
      [{ shippingAddress: { ...TEST_ADDRESS, line1: '1 Harbour\u0000 Road' } }, 'shippingAddress.line1'],
      [{ customerEmail: 'ada\u0000@example.com' }, 'customerEmail'],
      [{ customerEmail: 'ada@example.com\u001b[2J' }, 'customerEmail'],
    ] as const) {
      const response = await send({ method: 'POST', url: '/api/checkout', payload: checkoutBody(line, override) });
      expect(response.statusCode, `${field}: ${response.body}`).toBe(400);
      expect(response.json()).toMatchObject({ error: `${field} must not contain control characters`, field });
    }
  });

  it('in the sign-in and sign-up e-mail', async () => {
    for (const url of ['/api/auth/login', '/api/auth/signup']) {
      const response = await send({
        method: 'POST',
        url,
        payload: { email: 'owner@example.com\u0000', password: 'owner-password-1' },
        headers: { cookie: '' },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ error: 'email must not contain control characters', field: 'email' });
    }
  });

  it("in the owner's forms: a style's name, the hero, a setting", async () => {
    const cases: Array<[InjectOptions, string]> = [
      [{ method: 'POST', url: '/api/admin/styles', payload: { name: 'Oil\u0000 paint', prompt: 'paint it' } }, 'name'],
      [{ method: 'PUT', url: '/api/admin/content/hero', payload: { title: 'Hello\u0000', subtitle: 'x' } }, 'title'],
      [{ method: 'PUT', url: '/api/admin/settings', payload: { site_name: 'Shop\u0007' } }, 'site_name'],
    ];
    for (const [options, field] of cases) {
      const response = await send(options);
      expect(response.statusCode, `${options.url}: ${response.body}`).toBe(400);
      expect(response.json()).toMatchObject({ error: `${field} must not contain control characters`, field });
    }
  });

  it('keeps line breaks and tabs in free text', async () => {
    const response = await send({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'nobody@example.com', password: 'line\none\ttab' },
      headers: { cookie: '' },
    });
    expect(response.statusCode).not.toBe(400);
  });

  it('answers no 500 on any route for a NUL byte in the body, the query or a route parameter', async () => {
    const answers: string[] = [];
    for (const route of registeredRoutes(shop.app)) {
      const url = route.url.replace(/:[A-Za-z_]+/g, 'x%00y').replace(/\*$/, 'a%00b');
      const withBody = ['POST', 'PUT', 'PATCH'].includes(route.method);
      const response = await send({
        method: route.method as InjectOptions['method'],
        url: `${url}?q=a%00b`,
        ...(withBody ? { payload: { email: 'a\u0000@example.com', name: 'n\u0000', text: 't\u0000' } } : {}),
      });
      if (response.statusCode >= 500)
        answers.push(`${route.method} ${route.url} → ${response.statusCode} ${response.body}`);
    }
    expect(answers).toEqual([]);
  });
});

describe('the log carries no personal data and no secrets', () => {
  it('logs the Printful webhook URL without its secret', async () => {
    logLines.length = 0;
    await shop.app.inject({
      method: 'POST',
      url: `/api/fulfilment/printful/webhook/${WEBHOOK_SECRET}`,
      payload: { type: 'package_shipped', data: {} },
    });
    const logged = logLines.join('');
    expect(logged).toContain('/api/fulfilment/printful/webhook/[redacted]');
    expect(logged).not.toContain(WEBHOOK_SECRET);
  });

  it('redacts names, e-mails, addresses, coordinates and the parameters of a failed query in error logs', () => {
    const lines: string[] = [];
    const log = createLogger(
      { logLevel: 'info' },
      new Writable({ write: (chunk: Buffer, _e, done) => (lines.push(chunk.toString()), done()) }),
    );
    const failedQuery = Object.assign(
      new Error(
        'Failed query: insert into "orders" ("customer_email", "shipping_address") values ($1, $2)\nparams: ada@example.com,{"name":"Ada Lovelace","line1":"1 Harbour Road"}',
      ),
      { params: ['ada@example.com', 'Ada Lovelace'] },
    );
    log.error({ err: failedQuery }, 'request failed');
    log.info(
      {
        email: 'ada@example.com',
        shipping: { name: 'Ada Lovelace', line1: '1 Harbour Road' },
        image: { latitude: -54.8019, longitude: -68.303 },
      },
      'order placed',
    );
    log.info(
      { req: { method: 'GET', url: '/api/private-files/a.jpg?expires=1&signature=abcdef0123' } },
      'incoming request',
    );
    const logged = lines.join('');
    for (const secret of ['ada@example.com', 'Ada Lovelace', '1 Harbour Road', '-54.8019', '-68.303', 'abcdef0123']) {
      expect(logged).not.toContain(secret);
    }
    expect(logged).toContain('Failed query: insert into');
  });
});

describe('issue 32, finding 5: money beyond what the database holds is a 400, never a 500', () => {
  it('refuses a final price above the highest a product may have, and keeps the old one', async () => {
    const [product] = await sellableProducts(shop.context);
    const response = await send({
      method: 'PATCH',
      url: `/api/admin/products/${product!.id}`,
      payload: { final_price: 1e12 },
    });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json()).toMatchObject({ error: MONEY_MESSAGES.priceTooHigh, field: 'final_price' });
    const [after] = (await sellableProducts(shop.context)).filter((row) => row.id === product!.id);
    expect(after!.final_price).toBe(product!.final_price);
  });

  it('refuses a cart whose total no single payment can take ($50,000 × 99 × 50), writing no order', async () => {
    const artwork = await createArtwork(shop.context);
    const [product] = await sellableProducts(shop.context);
    const patch = (final_price: number) =>
      send({ method: 'PATCH', url: `/api/admin/products/${product!.id}`, payload: { final_price } });
    expect((await patch(50_000)).statusCode).toBe(200);
    try {
      const lines = Array.from({ length: 50 }, () => ({
        product: { ...product!, final_price: 50_000 },
        transformationId: artwork.transformationId,
        quantity: 99,
      }));
      const before = await countOrders();
      const response = await send({ method: 'POST', url: '/api/checkout', payload: checkoutBody(lines) });
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json()).toMatchObject({ error: MONEY_MESSAGES.totalTooHigh });
      expect(await countOrders()).toBe(before);
    } finally {
      await patch(product!.final_price!);
    }
  });

  it('stores an order above $21,474,836.47 of lines exactly (the columns are bigint)', async () => {
    const [column] = await shop.context.db
      .execute<{ data_type: string }>(
        sql`select data_type from information_schema.columns where table_name = 'orders' and column_name = 'total_amount'`,
      )
      .then((result) => (result as unknown as { rows: Array<{ data_type: string }> }).rows);
    expect(column?.data_type).toBe('bigint');
  });
});

async function countOrders(): Promise<number> {
  const [row] = await shop.context.db.select({ n: count() }).from(orders);
  return row!.n;
}

describe('issue 32, finding 2: a payment for an order the owner cancelled is given back at once', () => {
  const WEBHOOK_SECRET_STRIPE = 'whsec_hostile_input';
  let stripeFake: FakeStripe;
  let stripeShop: TestApp;
  let ownerCookie: string;

  beforeAll(async () => {
    stripeFake = await startFakeStripe();
    stripeShop = await createTestApp({
      env: {
        ...stripeFake.env(WEBHOOK_SECRET_STRIPE),
        LOG_LEVEL: 'info',
      },
      logStream,
    });
    ownerCookie = await signInOwner(stripeShop);
  });
  afterAll(async () => {
    await stripeShop?.close();
    await stripeFake?.close();
  });

  const asOwner = (options: InjectOptions) =>
    stripeShop.app.inject({ ...options, headers: { origin: SAME_ORIGIN, cookie: ownerCookie, ...options.headers } });

  async function placeOrder(): Promise<{ orderId: string; paymentIntentId: string; total: number }> {
    const placed = await stripeShop.app.inject({
      method: 'POST',
      url: '/api/checkout',
      payload: checkoutBody(await freshLine(stripeShop)),
    });
    expect(placed.statusCode, placed.body).toBe(200);
    const [order] = await stripeShop.context.db.select().from(orders).where(eq(orders.id, placed.json().order_id));
    return { orderId: order!.id, paymentIntentId: order!.payment_id!, total: order!.total_amount };
  }

  const deliver = (payload: string) => deliverStripeWebhook(stripeShop.app, payload, WEBHOOK_SECRET_STRIPE);

  it('finding 4: a webhook with a bad signature logs the reason and the request id only; a body past 256 KB is refused', async () => {
    logLines.length = 0;
    const body = JSON.stringify({
      id: 'evt_forged',
      type: 'payment_intent.succeeded',
      data: { object: { name: 'Ada Lovelace', address: '1 Harbour Road', filler: 'x'.repeat(200_000) } },
    });
    const forged = await stripeShop.app.inject({
      method: 'POST',
      url: '/api/payments/stripe/webhook',
      headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=forged-signature-value' },
      payload: body,
    });
    expect(forged.statusCode).toBe(400);
    const refused = logLines.filter((line) => line.includes('bad signature refused'));
    expect(refused).toHaveLength(1);
    const entry = JSON.parse(refused[0]!);
    expect(entry.reason).toBeTruthy();
    expect(entry.request).toBeTruthy();
    const logged = logLines.join('');
    for (const secret of ['Ada Lovelace', '1 Harbour Road', 'forged-signature-value', 'xxxxxxxxxx']) {
      expect(logged).not.toContain(secret);
    }
    expect(logged.length).toBeLessThan(10_000);

    for (const url of ['/api/payments/stripe/webhook', `/api/fulfilment/printful/webhook/${WEBHOOK_SECRET}`]) {
      const tooLarge = await stripeShop.app.inject({
        method: 'POST',
        url,
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify({ filler: 'x'.repeat(300 * 1024) }),
      });
      expect(tooLarge.statusCode, url).toBe(413);
    }
  });

  it('cancelling an order closes its open PaymentIntent', async () => {
    const { orderId, paymentIntentId } = await placeOrder();
    const cancelled = await asOwner({ method: 'POST', url: `/api/admin/orders/${orderId}/cancel` });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(stripeFake.paymentIntents.get(paymentIntentId)!.status).toBe('canceled');
  });

  it('a signed payment_intent.succeeded after the cancel is refunded in full with an idempotency key, on the timeline and needing attention; a replay refunds nothing more', async () => {
    const { orderId, paymentIntentId, total } = await placeOrder();
    // The card is charged at the moment the owner cancels: the intent can no longer be closed.
    stripeFake.succeed(paymentIntentId);
    expect((await asOwner({ method: 'POST', url: `/api/admin/orders/${orderId}/cancel` })).statusCode).toBe(200);

    const payload = JSON.stringify(stripeFake.event('payment_intent.succeeded', paymentIntentId));
    const hook = await deliver(payload);
    expect(hook.statusCode, hook.body).toBe(200);
    const refundCalls = () =>
      stripeFake.requests.filter(
        (request) => request.path === '/v1/refunds' && request.params.payment_intent === paymentIntentId,
      );
    expect(refundCalls()).toHaveLength(1);
    expect(refundCalls()[0]!.idempotencyKey).toBeTruthy();
    expect(refundCalls()[0]!.params.amount).toBe(String(total));
    expect(stripeFake.refunds.filter((refund) => refund.payment_intent === paymentIntentId)).toHaveLength(1);

    const detail = (await asOwner({ method: 'GET', url: `/api/admin/orders/${orderId}` })).json();
    expect(detail.status).toBe('cancelled');
    expect(detail.timeline.map((event: { type: string }) => event.type)).toContain('unpayable_payment_refunded');
    const attention = (
      await asOwner({ method: 'GET', url: '/api/admin/orders?status=attention&page_size=100' })
    ).json();
    expect(attention.orders.map((order: { id: string }) => order.id)).toContain(orderId);

    expect((await deliver(payload)).statusCode).toBe(200);
    expect(refundCalls()).toHaveLength(1);
    const again = (await asOwner({ method: 'GET', url: `/api/admin/orders/${orderId}` })).json();
    expect(
      again.timeline.filter((event: { type: string }) => event.type === 'unpayable_payment_refunded'),
    ).toHaveLength(1);
  });

  it('the test provider gives back a card charged as the order was cancelled, once', async () => {
    const placed = await send({
      method: 'POST',
      url: '/api/checkout',
      payload: checkoutBody(await freshLine()),
    });
    const [read] = await shop.context.db.select().from(orders).where(eq(orders.id, placed.json().order_id));
    // The card form's confirmation read the order pending; the owner cancels before it is applied.
    expect((await send({ method: 'POST', url: `/api/admin/orders/${read!.id}/cancel` })).statusCode).toBe(200);
    const event = {
      id: 'tevt_after_cancel',
      provider: 'test',
      type: 'payment_intent.succeeded',
      paymentIntentId: read!.payment_id!,
      orderId: read!.id,
      amount: read!.total_amount,
      currency: read!.currency,
    };
    const applied = await applyPaymentEvent(shop.context, paymentProvider(shop.context, 'test'), event, read);
    expect(applied).toMatchObject({ paid: false, refunded: true });
    const again = await applyPaymentEvent(shop.context, paymentProvider(shop.context, 'test'), event, read);
    expect(again).toMatchObject({ duplicate: true, paid: false });
    const detail = (await send({ method: 'GET', url: `/api/admin/orders/${read!.id}` })).json();
    expect(detail.status).toBe('cancelled');
    expect(
      detail.timeline.filter((entry: { type: string }) => entry.type === 'unpayable_payment_refunded'),
    ).toHaveLength(1);
  });
});

describe('issue 32, finding 7: a declined card leaves a trace the owner sees, and the order can still be paid', () => {
  it("records 'payment failed' with the decline reason; the list, the Failed filter and the stats show it; paying later works", async () => {
    const placed = await send({
      method: 'POST',
      url: '/api/checkout',
      payload: checkoutBody(await freshLine(), {
        customerEmail: 'declined.card@example.com',
      }),
    });
    const { order_id: orderId, client_secret } = placed.json();
    const card = (number: string) => ({ number, exp_month: 12, exp_year: new Date().getFullYear() + 2, cvc: '123' });
    const declined = await send({
      method: 'POST',
      url: '/api/payments/test/confirm',
      payload: { client_secret, card: card('4000000000000002') },
    });
    expect(declined.statusCode).toBe(402);
    const reason = declined.json().error as string;

    const list = (await send({ method: 'GET', url: '/api/admin/orders?search=declined.card' })).json();
    expect(list.orders[0]).toMatchObject({ id: orderId, status_label: 'Payment Failed', payment_error: reason });
    const failed = (await send({ method: 'GET', url: '/api/admin/orders?status=failed&page_size=100' })).json();
    expect(failed.orders.map((order: { id: string }) => order.id)).toContain(orderId);
    const [{ n: declinedUnpaid }] = await shop.context.db
      .select({ n: count() })
      .from(orders)
      .where(sql`${orders.status} = 'pending' and ${orders.payment_error} is not null`);
    expect(list.stats.payment_failed).toBe(declinedUnpaid);
    const [{ n: pending }] = await shop.context.db
      .select({ n: count() })
      .from(orders)
      .where(sql`${orders.status} = 'pending' and ${orders.payment_error} is null`);
    expect(list.stats.pending_payment).toBe(pending);
    const detail = (await send({ method: 'GET', url: `/api/admin/orders/${orderId}` })).json();
    expect(detail.timeline).toContainEqual(
      expect.objectContaining({
        type: 'payment_failed',
        label: 'Payment failed',
        detail: expect.objectContaining({ error: reason }),
      }),
    );

    const again = await send({ method: 'POST', url: `/api/orders/${orderId}/payment` });
    expect(again.statusCode, again.body).toBe(200);
    const paid = await send({
      method: 'POST',
      url: '/api/payments/test/confirm',
      payload: { client_secret: again.json().client_secret, card: card('4242424242424242') },
    });
    expect(paid.statusCode, paid.body).toBe(200);
    const after = (await send({ method: 'GET', url: '/api/admin/orders?search=declined.card' })).json();
    expect(after.orders[0]).toMatchObject({ id: orderId, status: 'paid', payment_error: null });
  });
});

describe('issue 32, finding 5: a body no client sends is a 400, never a 500', () => {
  const deepObject = (levels: number) => '{"a":'.repeat(levels) + '1' + '}'.repeat(levels);
  const deepArray = (levels: number) => '['.repeat(levels) + ']'.repeat(levels);

  it('refuses 5,000 nested objects and 50,000 nested arrays on every JSON route with 400', async () => {
    const answers: string[] = [];
    for (const route of registeredRoutes(shop.app)) {
      if (!['POST', 'PUT', 'PATCH'].includes(route.method)) continue;
      const url = route.url.replace(/:[A-Za-z_]+/g, '00000000-0000-0000-0000-000000000000').replace(/\*$/, 'a');
      for (const payload of [deepObject(5_000), deepArray(50_000)]) {
        const response = await send({
          method: route.method as InjectOptions['method'],
          url,
          payload,
          headers: { 'content-type': 'application/json' },
        });
        if (response.statusCode >= 500) answers.push(`${route.method} ${route.url} → ${response.statusCode}`);
      }
    }
    expect(answers).toEqual([]);
    const checkout = await send({
      method: 'POST',
      url: '/api/checkout',
      payload: deepObject(5_000),
      headers: { 'content-type': 'application/json' },
    });
    expect(checkout.statusCode).toBe(400);
    expect(checkout.json().error).toBe(TOO_DEEP_MESSAGE);
  });

  it('answers 400 to an upload cut short and to a 5,000-character boundary, keeping nothing', async () => {
    const photo = await smallJpeg();
    const whole = await multipart([{ name: 'file', fileName: 'trip.jpg', type: 'image/jpeg', bytes: photo }]);
    const body = whole.payload as Buffer;
    const truncated = await shop.app.inject({
      method: 'POST',
      url: '/api/images',
      headers: whole.headers,
      payload: body.subarray(0, Math.floor(body.length / 2)),
    });
    expect(truncated.statusCode, truncated.body).toBe(400);
    expect(truncated.json().error).toBe(UPLOAD_MESSAGES.malformedUpload);

    const boundary = 'b'.repeat(5_000);
    const long = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="trip.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`,
      ),
      photo,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    for (const url of ['/api/images', '/api/admin/content/hero-image']) {
      const response = await send({
        method: 'POST',
        url,
        headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
        payload: long,
      });
      expect(response.statusCode, `${url}: ${response.body}`).toBe(400);
      expect(response.json().error).toBe(UPLOAD_MESSAGES.malformedUpload);
    }
  });

  it('refuses a quantity, a line count and a price beyond the bounds with 400', async () => {
    const artwork = await createArtwork(shop.context);
    const [product] = await sellableProducts(shop.context);
    const before = await countOrders();
    for (const lines of [
      [{ product: product!, transformationId: artwork.transformationId, quantity: 1e12 }],
      Array.from({ length: 51 }, () => ({ product: product!, transformationId: artwork.transformationId })),
    ]) {
      const response = await send({ method: 'POST', url: '/api/checkout', payload: checkoutBody(lines) });
      expect(response.statusCode, response.body).toBe(400);
    }
    const price = await send({
      method: 'PATCH',
      url: `/api/admin/products/${product!.id}`,
      payload: { final_price: -1 },
    });
    expect(price.statusCode).toBe(400);
    expect(await countOrders()).toBe(before);
  });
});

describe('issue 32, finding 6: single-line fields hold one line, and e-mail addresses keep to RFC 5321', () => {
  it('refuses CR or LF inside a name or an address line', async () => {
    const line = await freshLine();
    for (const [override, message] of [
      [{ shippingAddress: { ...TEST_ADDRESS, name: 'Ada\r\nBcc: everyone@example.com' } }, ONE_LINE_MESSAGES.name],
      [{ billingAddress: { ...TEST_ADDRESS, line1: '1 Harbour\nRoad' } }, ONE_LINE_MESSAGES.line1],
      [{ shippingAddress: { ...TEST_ADDRESS, city: 'Port\rland' } }, ONE_LINE_MESSAGES.city],
    ] as const) {
      const response = await send({ method: 'POST', url: '/api/checkout', payload: checkoutBody(line, override) });
      expect(response.statusCode, response.body).toBe(400);
      expect(response.body).toContain(message);
    }
  });

  it('refuses a local part over 64 characters and an address over 254, and takes one of exactly 64', async () => {
    const line = await freshLine();
    // 261 characters, each label within DNS's 63.
    const domain = `${['d', 'e', 'f', 'g'].map((letter) => letter.repeat(63)).join('.')}.com`;
    for (const email of [`${'a'.repeat(10_000)}@example.com`, `${'a'.repeat(65)}@example.com`, `a@${domain}`]) {
      const response = await send({
        method: 'POST',
        url: '/api/checkout',
        payload: checkoutBody(line, { customerEmail: email }),
      });
      expect(response.statusCode, email.slice(0, 80)).toBe(400);
      const signUp = await send({
        method: 'POST',
        url: '/api/auth/signup',
        payload: { email, password: 'long-enough-password' },
        headers: { cookie: '' },
      });
      expect(signUp.statusCode, email.slice(0, 80)).toBe(400);
    }
    const longest = await send({
      method: 'POST',
      url: '/api/checkout',
      payload: checkoutBody(line, { customerEmail: `${'a'.repeat(64)}@example.com` }),
    });
    expect(longest.statusCode, longest.body).toBe(200);
  });
});

describe('issue 32, finding 8: upload folders of a killed process are removed at the next start', () => {
  it("removes a folder whose process is gone, however recent, and keeps a running process's", async () => {
    const gone = spawn(process.execPath, ['-e', '']);
    await new Promise((resolve) => gone.on('exit', resolve));
    const killed = await mkdtemp(join(tmpdir(), `wanderer-upload-${gone.pid}-`));
    await writeFile(join(killed, 'upload'), 'half a photo');
    const running = await mkdtemp(join(tmpdir(), `wanderer-upload-${process.pid}-`));
    try {
      // As the start-up sweep runs: with its time-out, which the killed folder is far from.
      await sweepStaleUploads(180_000);
      expect(existsSync(killed)).toBe(false);
      expect(existsSync(running)).toBe(true);
    } finally {
      await rm(running, { recursive: true, force: true });
      await rm(killed, { recursive: true, force: true });
    }
  });
});

describe("issue 32, finding 3: nobody can write the owner's funnel", () => {
  const today = new Date().toISOString().slice(0, 10);
  const funnel = async () => {
    // Rows are written just after each answer: let the last ones land first.
    await new Promise((resolve) => setTimeout(resolve, 300));
    const response = await send({ method: 'GET', url: `/api/admin/analytics?from=${today}&to=${today}` });
    return (response.json().funnel as Array<{ step: string; visits: number }>).map((step) => step.visits);
  };
  const expectNoStepAboveTheOneBefore = (visits: number[]) =>
    visits.forEach((count, index) => index > 0 && expect(count).toBeLessThanOrEqual(visits[index - 1]!));
  const event = (visitId: string, step: string, transformationId: string, remoteAddress = '127.0.0.1') =>
    shop.app.inject({
      method: 'POST',
      url: '/api/events',
      headers: { 'x-visit-id': visitId },
      payload: { step, transformation_id: transformationId },
      remoteAddress,
    });

  it('counts a visit at a step only once it reached the one before, on the real routes', async () => {
    const { transformationId } = await createArtwork(shop.context);
    const uploader = randomUUID();
    const photo = await multipart([
      { name: 'file', fileName: 'trip.jpg', type: 'image/jpeg', bytes: await smallJpeg() },
    ]);
    const upload = await shop.app.inject({
      method: 'POST',
      url: '/api/images',
      ...photo,
      headers: { ...photo.headers, 'x-visit-id': uploader },
      remoteAddress: '10.3.0.1',
    });
    expect(upload.statusCode, upload.body).toBeLessThan(300);
    const before = await funnel();
    expect((await event(uploader, 'artwork_made', transformationId, '10.3.0.1')).statusCode).toBe(204);
    // Ten visitors open a shared artwork's link: artwork shown, nothing uploaded.
    for (let index = 0; index < 10; index += 1) {
      expect((await event(randomUUID(), 'artwork_made', transformationId, `10.3.1.${index}`)).statusCode).toBe(204);
    }
    const after = await funnel();
    expect(after[1]! - before[1]!).toBe(1);
    expectNoStepAboveTheOneBefore(after);

    const unknown = await event(randomUUID(), 'artwork_made', randomUUID(), '10.3.2.1');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error).toBe(ANALYTICS_MESSAGES.unknownArtwork);
  });

  it('refuses most of 3,000 forged events from one address; rows stay bounded and the funnel in order', async () => {
    const { transformationId } = await createArtwork(shop.context);
    const rowsBefore = await countFunnelRows();
    const steps = ['artwork_made', 'mockups_viewed', 'added_to_cart'];
    const answers = new Map<number, number>();
    for (let batch = 0; batch < 30; batch += 1) {
      const sent = await Promise.all(
        Array.from({ length: 100 }, (_, index) => event(randomUUID(), steps[index % 3]!, transformationId, '10.4.0.1')),
      );
      for (const response of sent) answers.set(response.statusCode, (answers.get(response.statusCode) ?? 0) + 1);
    }
    expect(answers.get(429)).toBeGreaterThanOrEqual(2_800);
    expect([...answers.keys()].sort()).toEqual([204, 429]);
    const added = (await countFunnelRowsAfterWrites()) - rowsBefore;
    expect(added).toBeLessThanOrEqual(EVENTS_PER_ADDRESS.max);
    expectNoStepAboveTheOneBefore(await funnel());

    // One visit repeating a step writes one row.
    const visitId = randomUUID();
    for (let index = 0; index < 5; index += 1) await event(visitId, 'artwork_made', transformationId, '10.4.0.2');
    await new Promise((resolve) => setTimeout(resolve, 300));
    const [{ n: own }] = await shop.context.db
      .select({ n: count() })
      .from(funnel_events)
      .where(eq(funnel_events.visit_id, visitId));
    expect(own).toBe(1);
  });

  it('prunes funnel events past the retention period (13 months by default)', async () => {
    expect(shop.config.analyticsRetentionMonths).toBe(13);
    const old = randomUUID();
    const recent = randomUUID();
    await shop.context.db.insert(funnel_events).values([
      { visit_id: old, step: 'photo_uploaded', occurred_at: new Date(Date.now() - 400 * 86_400_000) },
      { visit_id: recent, step: 'photo_uploaded', occurred_at: new Date(Date.now() - 360 * 86_400_000) },
    ]);
    expect(await pruneFunnelEvents(shop.context)).toBeGreaterThanOrEqual(1);
    const left = await shop.context.db
      .select({ visit: funnel_events.visit_id })
      .from(funnel_events)
      .where(inArray(funnel_events.visit_id, [old, recent]));
    expect(left).toEqual([{ visit: recent }]);
  });
});

async function countFunnelRows(): Promise<number> {
  const [row] = await shop.context.db.select({ n: count() }).from(funnel_events);
  return row!.n;
}

async function countFunnelRowsAfterWrites(): Promise<number> {
  await new Promise((resolve) => setTimeout(resolve, 500));
  return countFunnelRows();
}
