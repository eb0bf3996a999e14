/** Analytics (issue 16): every figure of a seeded history, and recording that never hurts a visitor. */
import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import {
  funnel_events,
  image_transformations,
  images,
  order_items,
  order_refunds,
  orders,
  styles,
} from '../../db/schema.js';
import { createAccount, SAME_ORIGIN, signInCookie } from '../../testing/admin-session.js';
import { waitFor } from '../../testing/fixtures/jobs.js';
import { checkoutBody, createArtwork, sellableProducts } from '../../testing/fixtures/orders.js';
import { createTestApp, type TestApp } from '../../testing/test-app.js';

let shop: TestApp;
let cookie: string;
const at = (iso: string) => new Date(iso);
const later = (iso: string, seconds: number) => new Date(Date.parse(iso) + seconds * 1000);

beforeAll(async () => {
  shop = await createTestApp();
  await createAccount(shop.context, 'owner@example.com', 'owner-password-1', 'admin');
  cookie = await signInCookie(shop.app, 'owner@example.com', 'owner-password-1');
  await seedHistory();
});
afterAll(async () => shop?.close());

/**
 * September 2026 (the range asked) and the 30 days before it:
 *   o1 3 Sep, US, 2 mugs (Watercolour, Argentina) 30.00 + 1 poster (Pop Art, Japan) 20.00
 *   o2 10 Sep, DE, 1 poster (Watercolour, no place) 20.00
 *   o3 20 Sep, US, 1 mug (Pop Art, Japan) 15.00, refunded 5.00 on 21 Sep
 *   o4 15 Sep, never paid; o5 20 Aug, 2 mugs 30.00, refunded 10.00 on 5 Sep
 */
async function seedHistory() {
  const { db } = shop.context;
  const styleId = async (name: string) => (await db.select().from(styles).where(eq(styles.name, name)))[0]!.id;
  const [watercolour, popArt] = [await styleId('Watercolour'), await styleId('Pop Art')];
  const photo = async (created: string, location: string | null) => {
    const id = randomUUID();
    await db.insert(images).values({
      id,
      file_name: 'photo.jpg',
      storage_path: `original/${id}.jpg`,
      display_path: `display/${id}.jpg`,
      checksum: randomBytes(16).toString('hex'),
      mime_type: 'image/jpeg',
      byte_size: 1000,
      width: 64,
      height: 48,
      location_name: location,
      created_at: at(created),
    });
    return id;
  };
  const artwork = async (imageId: string, style: string, completed: Date) => {
    const id = randomUUID();
    await db
      .insert(image_transformations)
      .values({ id, image_id: imageId, style_id: style, status: 'completed', progress: 100, completed_at: completed });
    return id;
  };
  const img1 = await photo('2026-09-03T10:00:00Z', 'Ushuaia, Tierra del Fuego, Argentina');
  const t1 = await artwork(img1, watercolour, later('2026-09-03T10:00:00Z', 20));
  await artwork(img1, popArt, later('2026-09-03T10:00:00Z', 100));
  const img2 = await photo('2026-09-10T08:00:00Z', 'Kyoto, Japan');
  const t2 = await artwork(img2, popArt, later('2026-09-10T08:00:00Z', 60));
  const img3 = await photo('2026-09-12T08:00:00Z', null);
  const t3 = await artwork(img3, watercolour, later('2026-09-12T08:00:00Z', 40));
  const img4 = await photo('2026-08-15T08:00:00Z', 'Paris, France');
  const t4 = await artwork(img4, popArt, later('2026-08-15T08:00:00Z', 30));

  const order = async (paid: string | null, country: string, lines: Array<[string, string, number, number]>) => {
    const id = randomUUID();
    const total = lines.reduce((sum, [, , quantity, unit]) => sum + quantity * unit, 0);
    await db.insert(orders).values({
      id,
      status: paid ? 'paid' : 'pending',
      customer_email: 'someone@example.com',
      shipping_country: country,
      total_amount: total,
      currency: 'usd',
      paid_at: paid ? at(paid) : null,
      created_at: at(paid ?? '2026-09-15T10:00:00Z'),
    });
    await db.insert(order_items).values(
      lines.map(([name, transformation, quantity, unit], position) => ({
        order_id: id,
        product_name: name,
        transformation_id: transformation,
        quantity,
        unit_price: unit,
        total_price: quantity * unit,
        position,
      })),
    );
    return id;
  };
  await order('2026-09-03T12:00:00Z', 'US', [
    ['Mug', t1, 2, 1500],
    ['Poster', t2, 1, 2000],
  ]);
  await order('2026-09-10T12:00:00Z', 'DE', [['Poster', t3, 1, 2000]]);
  const o3 = await order('2026-09-20T09:00:00Z', 'US', [['Mug', t2, 1, 1500]]);
  await order(null, 'US', [['Mug', t1, 5, 1500]]);
  const o5 = await order('2026-08-20T12:00:00Z', 'FR', [['Mug', t4, 2, 1500]]);
  await db.insert(order_refunds).values([
    { order_id: o3, amount: 500, currency: 'usd', created_at: at('2026-09-21T10:00:00Z') },
    { order_id: o5, amount: 1000, currency: 'usd', created_at: at('2026-09-05T10:00:00Z') },
  ]);

  const visits = Array.from({ length: 5 }, () => randomUUID());
  const steps: Array<[number, string[]]> = [
    [0, ['photo_uploaded', 'artwork_made', 'mockups_viewed', 'added_to_cart', 'checkout_started', 'paid']],
    [1, ['photo_uploaded', 'artwork_made', 'mockups_viewed', 'added_to_cart', 'checkout_started']],
    [2, ['photo_uploaded', 'artwork_made']],
    [3, ['photo_uploaded']],
  ];
  for (const [visit, list] of steps) {
    await db
      .insert(funnel_events)
      .values(list.map((step) => ({ visit_id: visits[visit]!, step, occurred_at: at('2026-09-08T10:00:00Z') })));
  }
  await db
    .insert(funnel_events)
    .values({ visit_id: visits[4]!, step: 'photo_uploaded', occurred_at: at('2026-08-10T10:00:00Z') });
}

const analytics = async (query: string) => {
  const response = await shop.app.inject({
    method: 'GET',
    url: `/api/admin/analytics?${query}`,
    headers: { cookie, origin: SAME_ORIGIN },
  });
  return { status: response.statusCode, body: response.json() };
};

describe('GET /api/admin/analytics over a seeded history', () => {
  it('is the admin’s alone, and refuses a backwards range', async () => {
    expect(
      (await shop.app.inject({ method: 'GET', url: '/api/admin/analytics?from=2026-09-01&to=2026-09-30' })).statusCode,
    ).toBe(401);
    const backwards = await analytics('from=2026-09-30&to=2026-09-01');
    expect(backwards.status).toBe(400);
    expect(backwards.body.error).toBe('From Date cannot be after To Date');
  });

  it('answers revenue, refunds, net, orders, average order value and units, and the previous period', async () => {
    const { status, body } = await analytics('from=2026-09-01&to=2026-09-30');
    expect(status).toBe(200);
    expect(body.currency).toBe('USD');
    expect(body.totals).toEqual({
      gross: 8500,
      shipping: 0,
      tax: 0,
      refunds: 1500,
      net: 7000,
      orders: 3,
      units: 5,
      average_order_value: 2833,
    });
    expect(body.previous).toEqual({
      gross: 3000,
      shipping: 0,
      tax: 0,
      refunds: 0,
      net: 3000,
      orders: 1,
      units: 2,
      average_order_value: 3000,
    });
  });

  it('shows gross, shipping, tax and net apart: tax is owed, refunded tax is not (issue 33)', async () => {
    const { db } = shop.context;
    const id = randomUUID();
    // Items 2000, shipping 700, sales tax 300 added: the customer paid 3000.
    await db.insert(orders).values({
      id,
      status: 'paid',
      customer_email: 'tax@example.com',
      shipping_country: 'US',
      subtotal_amount: 2000,
      shipping_amount: 700,
      tax_amount: 300,
      tax_rate: 10,
      tax_name: 'Sales tax',
      total_amount: 3000,
      currency: 'usd',
      paid_at: new Date('2025-01-10T12:00:00Z'),
      created_at: new Date('2025-01-10T12:00:00Z'),
    });
    await db.insert(order_refunds).values({
      order_id: id,
      amount: 1000,
      tax_amount: 100,
      currency: 'usd',
      created_at: new Date('2025-01-12T12:00:00Z'),
    });
    const { body } = await analytics('from=2025-01-01&to=2025-01-31');
    expect(body.totals).toMatchObject({ gross: 3000, shipping: 700, tax: 200, refunds: 1000, net: 1800 });
  });

  it('counts each visit once per funnel step, with step conversion', async () => {
    const { body } = await analytics('from=2026-09-01&to=2026-09-30');
    expect(
      body.funnel.map((step: { step: string; visits: number; conversion: number | null }) => [
        step.step,
        step.visits,
        step.conversion,
      ]),
    ).toEqual([
      ['photo_uploaded', 4, null],
      ['artwork_made', 3, 75],
      ['mockups_viewed', 2, 66.7],
      ['added_to_cart', 2, 100],
      ['checkout_started', 2, 100],
      ['paid', 1, 50],
    ]);
  });

  it('breaks revenue down by product, style, style × product, shipping country and the photo’s country', async () => {
    const { body } = await analytics('from=2026-09-01&to=2026-09-30');
    expect(body.by_product).toEqual([
      { key: 'Mug', revenue: 4500, orders: 2, units: 3 },
      { key: 'Poster', revenue: 4000, orders: 2, units: 2 },
    ]);
    expect(body.by_style).toEqual([
      { key: 'Watercolour', revenue: 5000, orders: 2, units: 3 },
      { key: 'Pop Art', revenue: 3500, orders: 2, units: 2 },
    ]);
    expect(body.style_product).toEqual([
      { style: 'Pop Art', product: 'Mug', revenue: 1500, units: 1 },
      { style: 'Pop Art', product: 'Poster', revenue: 2000, units: 1 },
      { style: 'Watercolour', product: 'Mug', revenue: 3000, units: 2 },
      { style: 'Watercolour', product: 'Poster', revenue: 2000, units: 1 },
    ]);
    expect(body.by_shipping_country).toEqual([
      { key: 'US', revenue: 6500, orders: 2, units: 4 },
      { key: 'DE', revenue: 2000, orders: 1, units: 1 },
    ]);
    expect(body.by_photo_country).toEqual([
      { key: 'Japan', revenue: 3500, orders: 2, units: 2 },
      { key: 'Argentina', revenue: 3000, orders: 1, units: 2 },
      { key: 'Unknown', revenue: 2000, orders: 1, units: 1 },
    ]);
  });

  it('times each photo to its first artwork (p50, p95)', async () => {
    const { body } = await analytics('from=2026-09-01&to=2026-09-30');
    expect(body.time_to_first_artwork).toEqual({ p50_seconds: 40, p95_seconds: 58, photos: 3 });
    expect(body.artworks_made).toBe(4);
  });

  it('gives a series per day, week or month, every bucket present and clipped to the range', async () => {
    const days = (await analytics('from=2026-09-01&to=2026-09-30&interval=day')).body.series;
    expect(days).toHaveLength(30);
    expect(days.filter((day: { orders: number }) => day.orders > 0)).toEqual([
      { bucket: '2026-09-03', revenue: 5000, orders: 1 },
      { bucket: '2026-09-10', revenue: 2000, orders: 1 },
      { bucket: '2026-09-20', revenue: 1500, orders: 1 },
    ]);
    expect((await analytics('from=2026-09-01&to=2026-09-30&interval=week')).body.series).toEqual([
      { bucket: '2026-08-31', revenue: 5000, orders: 1 },
      { bucket: '2026-09-07', revenue: 2000, orders: 1 },
      { bucket: '2026-09-14', revenue: 1500, orders: 1 },
      { bucket: '2026-09-21', revenue: 0, orders: 0 },
      { bucket: '2026-09-28', revenue: 0, orders: 0 },
    ]);
    expect((await analytics('from=2026-08-01&to=2026-09-30&interval=month')).body.series).toEqual([
      { bucket: '2026-08-01', revenue: 3000, orders: 1 },
      { bucket: '2026-09-01', revenue: 8500, orders: 3 },
    ]);
  });
});

describe('recording the funnel', () => {
  const visit = () => randomUUID();
  const eventsOf = async (visitId: string) =>
    (await shop.context.db.select().from(funnel_events).where(eq(funnel_events.visit_id, visitId)))
      .map((row) => row.step)
      .sort();

  it('records what the browser reports, and what the server sees: checkout started, then paid', async () => {
    const visitId = visit();
    const [product] = await sellableProducts(shop.context);
    const { transformationId } = await createArtwork(shop.context);
    for (const step of ['artwork_made', 'mockups_viewed', 'added_to_cart']) {
      const response = await shop.app.inject({
        method: 'POST',
        url: '/api/events',
        headers: { 'x-visit-id': visitId },
        payload: { step, transformation_id: transformationId },
      });
      expect(response.statusCode).toBe(204);
    }
    const checkout = await shop.app.inject({
      method: 'POST',
      url: '/api/checkout',
      headers: { 'x-visit-id': visitId },
      payload: checkoutBody([{ product: product!, transformationId }]),
    });
    expect(checkout.statusCode, checkout.body).toBe(200);
    const { client_secret } = checkout.json();
    const card = { number: '4242 4242 4242 4242', exp_month: 12, exp_year: new Date().getFullYear() + 2, cvc: '123' };
    expect(
      (await shop.app.inject({ method: 'POST', url: '/api/payments/test/confirm', payload: { client_secret, card } }))
        .statusCode,
    ).toBe(200);
    expect(
      await waitFor(
        () => eventsOf(visitId),
        (steps) => steps.length === 5,
      ),
    ).toEqual(['added_to_cart', 'artwork_made', 'checkout_started', 'mockups_viewed', 'paid'].sort());
  });

  it('refuses a step the browser may not report, and records nothing without a visit id', async () => {
    const visitId = visit();
    const paid = await shop.app.inject({
      method: 'POST',
      url: '/api/events',
      headers: { 'x-visit-id': visitId },
      payload: { step: 'paid' },
    });
    expect(paid.statusCode).toBe(400);
    const before = (await shop.context.db.select().from(funnel_events)).length;
    const { transformationId } = await createArtwork(shop.context);
    const anonymous = await shop.app.inject({
      method: 'POST',
      url: '/api/events',
      headers: { 'x-visit-id': 'not-a-uuid' },
      payload: { step: 'artwork_made', transformation_id: transformationId },
    });
    expect(anonymous.statusCode).toBe(204);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect((await shop.context.db.select().from(funnel_events)).length).toBe(before);
  });

  it('never fails the visitor when recording fails', async () => {
    await shop.context.db.execute(sql`alter table funnel_events rename to funnel_events_away`);
    try {
      const visitId = visit();
      const [product] = await sellableProducts(shop.context);
      const { transformationId } = await createArtwork(shop.context);
      const event = await shop.app.inject({
        method: 'POST',
        url: '/api/events',
        headers: { 'x-visit-id': visitId },
        payload: { step: 'added_to_cart', transformation_id: transformationId },
      });
      expect(event.statusCode).toBe(204);
      const checkout = await shop.app.inject({
        method: 'POST',
        url: '/api/checkout',
        headers: { 'x-visit-id': visitId },
        payload: checkoutBody([{ product: product!, transformationId }]),
      });
      expect(checkout.statusCode).toBe(200);
      await new Promise((resolve) => setTimeout(resolve, 200));
    } finally {
      await shop.context.db.execute(sql`alter table funnel_events_away rename to funnel_events`);
    }
  });
});
