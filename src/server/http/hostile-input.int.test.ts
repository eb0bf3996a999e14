/**
 * Issue 10, findings 7 and 8: control characters in any text input are refused with 400 and
 * the field named (a NUL byte used to reach PostgreSQL and come back as a 500), and the log
 * keeps personal data and secrets out: names, e-mail and postal addresses, coordinates, the
 * Printful webhook secret in its URL.
 */
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InjectOptions } from 'fastify';
import { registeredRoutes } from './route-registry.js';
import { createAccount, SAME_ORIGIN, signInCookie } from '../testing/admin-session.js';
import { createTestApp, type TestApp } from '../testing/test-app.js';
import { checkoutBody, createArtwork, sellableProducts, TEST_ADDRESS } from '../testing/fixtures/orders.js';
import { createLogger } from '../logger.js';
import { count, sql } from 'drizzle-orm';
import { orders } from '../db/schema.js';
import { MONEY_MESSAGES } from '../../domain/money.js';

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
  await createAccount(shop.context, 'owner@example.com', 'owner-password-1', 'admin');
  adminCookie = await signInCookie(shop.app, 'owner@example.com', 'owner-password-1');
});
afterAll(async () => shop?.close());

const send = (options: InjectOptions) =>
  shop.app.inject({ ...options, headers: { origin: SAME_ORIGIN, cookie: adminCookie, ...options.headers } });

describe('a NUL byte or another control character in any field is refused with 400 naming the field', () => {
  it('in the checkout form: the customer name, an address line, the e-mail', async () => {
    const artwork = await createArtwork(shop.context);
    const [product] = await sellableProducts(shop.context);
    const line = [{ product, transformationId: artwork.transformationId }];
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
