import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { FIND_ORDER_MESSAGES } from '../../../domain/orders.js';
import { orders } from '../../db/schema.js';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { FIND_ORDER_LIMIT } from './routes.js';
import { orderByNumberQuery } from './repository.js';

let shop: TestApp;
let order: { id: string; number: string };
let addressCount = 0;

beforeAll(async () => {
  shop = await createTestApp({ seed: false });
  const [row] = await shop.context.db
    .insert(orders)
    .values({ customer_email: 'Jane.Doe@Example.com ', total_amount: 2599 })
    .returning({ id: orders.id });
  order = { id: row!.id, number: row!.id.slice(0, 8).toUpperCase() };
});
afterAll(async () => shop?.close());

/** Each test asks from an address of its own, so the rate limit of one does not touch another. */
const newAddress = () => `198.51.100.${++addressCount}`;

const lookup = async (payload: Record<string, unknown>, remoteAddress = newAddress()) => {
  const response = await shop.app.inject({ method: 'POST', url: '/api/orders/lookup', payload, remoteAddress });
  return { status: response.statusCode, body: response.json(), headers: response.headers };
};

describe('Find my order: e-mail + order number → the order page', () => {
  it('answers the order id for its e-mail and number, as printed', async () => {
    const { status, body, headers } = await lookup({ email: 'jane.doe@example.com', orderNumber: order.number });
    expect(status).toBe(200);
    expect(body).toEqual({ orderId: order.id });
    expect(headers['cache-control']).toBe('no-store');
  });

  it('ignores case and spaces in the e-mail, and case and a leading # in the number', async () => {
    const { status, body } = await lookup({
      email: '  JANE.DOE@example.COM ',
      orderNumber: `#${order.number.toLowerCase()}`,
    });
    expect(status).toBe(200);
    expect(body).toEqual({ orderId: order.id });
  });
});

describe('Find my order never tells whether an e-mail has orders', () => {
  const wrongNumber = () => (order.number.startsWith('0') ? '1' : '0') + order.number.slice(1);

  it('answers a wrong e-mail, a wrong number and an unknown e-mail with the same 404 and words', async () => {
    const answers = await Promise.all([
      lookup({ email: 'someone.else@example.com', orderNumber: order.number }),
      lookup({ email: 'jane.doe@example.com', orderNumber: wrongNumber() }),
      lookup({ email: 'nobody@example.org', orderNumber: wrongNumber() }),
    ]);
    for (const answer of answers) {
      expect(answer.status).toBe(404);
      expect(answer.body).toEqual({ error: FIND_ORDER_MESSAGES.noMatch });
    }
  });
});

describe('Find my order checks its input', () => {
  it.each([
    [{}, FIND_ORDER_MESSAGES.invalidEmail],
    [{ email: 'jane.doe', orderNumber: 'ABCD1234' }, FIND_ORDER_MESSAGES.invalidEmail],
    [{ email: 'jane.doe@example.com' }, FIND_ORDER_MESSAGES.invalidOrderNumber],
    [{ email: 'jane.doe@example.com', orderNumber: 'ABCD123' }, FIND_ORDER_MESSAGES.invalidOrderNumber],
    [{ email: 'jane.doe@example.com', orderNumber: 'ABCD12345' }, FIND_ORDER_MESSAGES.invalidOrderNumber],
    [{ email: 'jane.doe@example.com', orderNumber: 'WXYZ1234' }, FIND_ORDER_MESSAGES.invalidOrderNumber],
    [{ email: 'jane.doe@example.com', orderNumber: "1' or '1" }, FIND_ORDER_MESSAGES.invalidOrderNumber],
    [{ email: ['jane.doe@example.com'], orderNumber: 12345678 }, FIND_ORDER_MESSAGES.invalidEmail],
  ])('answers %j with 400 and a clear message', async (payload, message) => {
    const { status, body } = await lookup(payload);
    expect(status).toBe(400);
    expect(body).toEqual({ error: message });
  });
});

describe('Find my order is rate-limited per address', () => {
  it(`allows ${FIND_ORDER_LIMIT.max} tries, then answers 429 even for the right pair`, async () => {
    const address = newAddress();
    for (let i = 0; i < FIND_ORDER_LIMIT.max; i += 1) {
      const { status } = await lookup({ email: `guess${i}@example.com`, orderNumber: order.number }, address);
      expect(status).toBe(404);
    }
    const blocked = await lookup({ email: 'jane.doe@example.com', orderNumber: order.number }, address);
    expect(blocked.status).toBe(429);
    expect(blocked.body).toEqual({ error: FIND_ORDER_MESSAGES.tooManyTries, code: 'rate_limited' });
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    // Another address is not held back by this one.
    expect((await lookup({ email: 'jane.doe@example.com', orderNumber: order.number })).status).toBe(200);
  });
});

describe('Find my order reads one range of the primary key, not every order', () => {
  it('plans an index scan on orders_pkey among 5,000 orders', async () => {
    await shop.context.db.execute(
      sql`insert into orders (customer_email, total_amount) select 'traveller' || n || '@example.com', 1000 from generate_series(1, 5000) n`,
    );
    await shop.context.db.execute(sql`analyze orders`);
    const result = await shop.context.db.execute(
      sql`explain ${orderByNumberQuery(shop.context.db, order.number.toLowerCase(), 'jane.doe@example.com')}`,
    );
    const plan = (result as unknown as { rows: Record<string, string>[] }).rows
      .map((row) => Object.values(row)[0])
      .join('\n');
    expect(plan).toMatch(/Index Scan[^\n]*orders_pkey/);
    expect(plan).not.toMatch(/Seq Scan/);
  });
});
