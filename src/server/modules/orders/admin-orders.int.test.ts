import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { email_messages, order_events, order_refunds, orders } from '../../db/schema.js';
import { SAME_ORIGIN, signInOwner } from '../../testing/admin-session.js';
import type { TestApp } from '../../testing/test-app.js';
import { jobsFor, makePrintFiles } from '../../testing/fixtures/jobs.js';
import { addMockup, checkoutBody, TEST_ADDRESS, type SellableProduct } from '../../testing/fixtures/orders.js';
import { openShopWithArtwork } from '../../testing/fixtures/shop.js';
import { submitFulfilment } from '../fulfilment/service.js';
import { createJobHandlers } from '../../job-wiring.js';
import { sendShippedNotice } from '../email/service.js';

let shop: TestApp;
let cookie: string;
let product: SellableProduct;
let transformationId: string;
let mockupUrl: string;

beforeAll(async () => {
  ({ shop, transformationId, product } = await openShopWithArtwork());
  cookie = await signInOwner(shop);
  mockupUrl = await addMockup(shop.context, transformationId, product.printful_variant_id!);
});
afterAll(async () => shop?.close());

const card = { number: '4242 4242 4242 4242', exp_month: 12, exp_year: new Date().getFullYear() + 2, cvc: '123' };

async function placeOrder(
  options: {
    email?: string;
    name?: string;
    payer?: string;
    quantity?: number;
    pay?: boolean;
    billingAddress?: typeof TEST_ADDRESS;
  } = {},
) {
  const response = await shop.app.inject({
    method: 'POST',
    url: '/api/checkout',
    payload: checkoutBody([{ product, transformationId, quantity: options.quantity ?? 2, mockupUrls: [mockupUrl] }], {
      customerEmail: options.email ?? 'jane@example.com',
      shippingAddress: { ...TEST_ADDRESS, name: options.name ?? TEST_ADDRESS.name },
      billingAddress: options.billingAddress ?? { ...TEST_ADDRESS, name: options.payer ?? TEST_ADDRESS.name },
    }),
  });
  expect(response.statusCode, response.body).toBe(200);
  const { order_id: orderId, client_secret: clientSecret } = response.json();
  if (options.pay) {
    const paid = await shop.app.inject({
      method: 'POST',
      url: '/api/payments/test/confirm',
      payload: { client_secret: clientSecret, card },
    });
    expect(paid.statusCode, paid.body).toBe(200);
  }
  return orderId as string;
}

const admin = async (method: 'GET' | 'POST', url: string, payload?: object) => {
  const response = await shop.app.inject({
    method,
    url,
    headers: { cookie, origin: SAME_ORIGIN },
    ...(payload ? { payload } : {}),
  });
  return {
    status: response.statusCode,
    body: String(response.headers['content-type'] ?? '').includes('json') ? response.json() : response.body,
    headers: response.headers,
  };
};
const orderOf = async (id: string) => (await shop.context.db.select().from(orders).where(eq(orders.id, id)))[0];

describe('every /api/admin/orders route is behind the admin guard', () => {
  it('answers 401 without a session', async () => {
    for (const url of ['/api/admin/orders', '/api/admin/orders/export.csv', '/api/admin/emails']) {
      expect((await shop.app.inject({ method: 'GET', url })).statusCode, url).toBe(401);
    }
  });
});

describe('GET /api/admin/orders: search, status, dates and pages in SQL, newest first', () => {
  let paidId: string;
  let pendingId: string;
  beforeAll(async () => {
    pendingId = await placeOrder({ email: 'pending.person@example.org', name: 'Penny Pending' });
    paidId = await placeOrder({ email: 'paid.person@example.org', name: 'Paula Paid', pay: true });
  });

  it('answers each row with what the table needs, and the four stat cards', async () => {
    const { status, body } = await admin('GET', '/api/admin/orders?search=paid.person');
    expect(status).toBe(200);
    expect(body.total).toBe(1);
    expect(body.orders[0]).toMatchObject({
      id: paidId,
      status: 'paid',
      status_label: 'Needs Printful Submission',
      customer_email: 'paid.person@example.org',
      shipping_name: 'Paula Paid',
      items: [{ product_name: product.name, quantity: 2 }],
      mockup_url: mockupUrl,
      // Items and Standard shipping to Oregon (issue 33).
      total_amount: Math.round(product.final_price! * 100) * 2 + (await orderOf(paidId)).shipping_amount,
      currency: 'USD',
      email_status: 'Not Sent',
      printful_status: null,
      printful_order_id: null,
    });
    const all = await shop.context.db.select().from(orders);
    expect(body.stats).toEqual({
      total: all.length,
      pending_payment: all.filter((o) => o.status === 'pending' && !o.payment_error).length,
      payment_failed: all.filter((o) => o.status === 'pending' && o.payment_error).length,
      needs_submission: all.filter((o) => o.status === 'paid' && !o.printful_status).length,
      confirmed: all.filter((o) => o.printful_status === 'confirmed').length,
    });
  });

  it('searches the order id (prefix), customer e-mail and shipping name, case-insensitively', async () => {
    expect(
      (await admin('GET', `/api/admin/orders?search=${pendingId.slice(0, 8)}`)).body.orders.map(
        (o: { id: string }) => o.id,
      ),
    ).toEqual([pendingId]);
    expect((await admin('GET', `/api/admin/orders?search=${pendingId.slice(0, 8).toUpperCase()}`)).body.total).toBe(1);
    expect((await admin('GET', '/api/admin/orders?search=PENNY')).body.orders.map((o: { id: string }) => o.id)).toEqual(
      [pendingId],
    );
    expect((await admin('GET', '/api/admin/orders?search=person%40example.org')).body.total).toBe(2);
    expect((await admin('GET', '/api/admin/orders?search=%25')).body.total).toBe(0);
  });

  it('finds an order by its billing name too: the payer, when someone else receives it (issue 34)', async () => {
    const gift = await placeOrder({ email: 'gift@example.org', name: 'Grace Recipient', payer: 'Bartholomew Payer' });
    const found = await admin('GET', '/api/admin/orders?search=bartholomew');
    expect(found.body.orders.map((o: { id: string }) => o.id)).toEqual([gift]);
  });

  it('filters by status and pages newest first', async () => {
    const pending = await admin('GET', '/api/admin/orders?status=pending&search=person');
    expect(pending.body.orders.map((o: { id: string }) => o.id)).toEqual([pendingId]);
    const paid = await admin('GET', '/api/admin/orders?status=paid&search=person');
    expect(paid.body.orders.map((o: { id: string }) => o.id)).toEqual([paidId]);
    const first = await admin('GET', '/api/admin/orders?search=person&page_size=1&page=1');
    const second = await admin('GET', '/api/admin/orders?search=person&page_size=1&page=2');
    expect(first.body).toMatchObject({ total: 2, page: 1, page_size: 1 });
    expect([first.body.orders[0].id, second.body.orders[0].id]).toEqual([paidId, pendingId]);
  });

  it('filters by created date, from and to inclusive', async () => {
    const today = new Date().toISOString().slice(0, 10);
    expect((await admin('GET', `/api/admin/orders?search=person&from=${today}&to=${today}`)).body.total).toBe(2);
    expect((await admin('GET', '/api/admin/orders?search=person&to=2000-01-01')).body.total).toBe(0);
  });

  it('lists paid orders stuck or failed in fulfilment under status=attention (the dashboard card)', async () => {
    const stuck = await placeOrder({ email: 'attention.a@example.net', pay: true });
    const failed = await placeOrder({ email: 'attention.b@example.net', pay: true });
    const fresh = await placeOrder({ email: 'attention.c@example.net', pay: true });
    const fine = await placeOrder({ email: 'attention.d@example.net', pay: true });
    const hourAgo = new Date(Date.now() - 3600_000);
    await shop.context.db.update(orders).set({ paid_at: hourAgo }).where(eq(orders.id, stuck));
    await shop.context.db.update(orders).set({ printful_status: 'failed' }).where(eq(orders.id, failed));
    await shop.context.db
      .update(orders)
      .set({ paid_at: hourAgo, printful_status: 'confirmed' })
      .where(eq(orders.id, fine));
    const { body } = await admin('GET', '/api/admin/orders?status=attention&search=attention.');
    expect(body.orders.map((o: { id: string }) => o.id).sort()).toEqual([stuck, failed].sort());
    expect(fresh).toBeTruthy();
  });

  it('refuses an unknown status or a bad page with 400', async () => {
    expect((await admin('GET', '/api/admin/orders?status=lost')).status).toBe(400);
    expect((await admin('GET', '/api/admin/orders?page=0')).status).toBe(400);
  });
});

describe('GET /api/admin/orders/:id: the whole order and its timeline', () => {
  it('answers every field of the order, its items and the created and paid events', async () => {
    const id = await placeOrder({ pay: true });
    const { status, body } = await admin('GET', `/api/admin/orders/${id}`);
    expect(status).toBe(200);
    expect(body).toMatchObject({
      id,
      status: 'paid',
      customer_email: 'jane@example.com',
      shipping_name: 'Jane Traveller',
      shipping_address_line1: '1 Harbour Road',
      shipping_city: 'Portland',
      billing_name: 'Jane Traveller',
      billing_address_line1: '1 Harbour Road',
      // As the country writes it, the country's name last (issue 34).
      shipping_address_lines: ['Jane Traveller', '1 Harbour Road', 'Flat 2', 'Portland, OR 97201', 'United States'],
      currency: 'USD',
      email_status: 'Not Sent',
      payment_provider: 'test',
      actions: { resend_email: true, retry_fulfilment: true, refund: true, cancel: false },
    });
    expect(body.stripe_payment_intent_id).toMatch(/^tpi_/);
    expect(body.order_items).toEqual([
      expect.objectContaining({
        product_name: product.name,
        quantity: 2,
        unit_price: Math.round(product.final_price! * 100),
        total_price: Math.round(product.final_price! * 100) * 2,
        printful_variant_id: product.printful_variant_id,
        mockup_urls: [mockupUrl],
        artwork_url: expect.any(String),
      }),
    ]);
    expect(body.timeline.map((event: { type: string }) => event.type)).toEqual(['created', 'paid']);
    expect(body.timeline[1].label).toBe('Payment received');
  });

  it('answers 404 Order Not Found for an unknown or malformed id', async () => {
    for (const id of ['3f2a9c1e-0d4b-4a51-9c1b-2f6f1b0e7a11', 'nope']) {
      const { status, body } = await admin('GET', `/api/admin/orders/${id}`);
      expect(status).toBe(404);
      expect(body).toEqual({ error: 'Order Not Found' });
      expect((await admin('POST', `/api/admin/orders/${id}/refund`, {})).status).toBe(404);
    }
  });

  it('shows submitted, confirmed, shipped with tracking and the shipped e-mail as they happen', async () => {
    const id = await placeOrder({ pay: true });
    // Through the job handlers, so that jobs/flow.ts queues each next step as the worker would.
    const handlers = createJobHandlers(shop.context);
    await makePrintFiles(shop.context, id);
    await handlers['order.submit-fulfilment']!({ orderId: id });
    expect(await jobsFor(shop.context, 'fulfilment.simulated-advance', id)).toHaveLength(1);
    await handlers['fulfilment.simulated-advance']!({ orderId: id, from: 'pending' });
    expect(await jobsFor(shop.context, 'fulfilment.simulated-advance', id)).toHaveLength(2);
    await handlers['fulfilment.simulated-advance']!({ orderId: id, from: 'confirmed' });
    expect(await jobsFor(shop.context, 'order.send-shipped', id)).toHaveLength(1);
    await sendShippedNotice(shop.context, id);
    await sendShippedNotice(shop.context, id);
    const { body } = await admin('GET', `/api/admin/orders/${id}`);
    expect(body.timeline.map((event: { type: string }) => event.type)).toEqual([
      'created',
      'paid',
      'submitted',
      'confirmed',
      'shipped',
      'shipped_email_sent',
    ]);
    const shipped = body.timeline.find((event: { type: string }) => event.type === 'shipped');
    expect(shipped.detail).toMatchObject({
      carrier: 'USPS',
      tracking_number: body.tracking_number,
      tracking_url: body.tracking_url,
    });
    const [mail] = await shop.context.db
      .select()
      .from(email_messages)
      .where(and(eq(email_messages.order_id, id), eq(email_messages.kind, 'order_shipped')));
    expect(mail.html).toContain(body.tracking_url.replace(/&/g, '&amp;'));
    expect(mail.subject).toContain('has shipped');
  });
});

describe('POST /api/admin/orders/:id/resend-email', () => {
  it('answers 409 before the order is paid', async () => {
    const id = await placeOrder();
    const { status, body } = await admin('POST', `/api/admin/orders/${id}/resend-email`);
    expect(status).toBe(409);
    expect(body.error).toBe('The order has not been paid yet');
  });

  it('sends the confirmation again, sets last_email_resent_at and shows it on the timeline', async () => {
    const id = await placeOrder({ pay: true });
    const first = await admin('POST', `/api/admin/orders/${id}/resend-email`);
    expect(first.status).toBe(200);
    expect(first.body.last_email_resent_at).not.toBeNull();
    await admin('POST', `/api/admin/orders/${id}/resend-email`);
    const sent = await shop.context.db.select().from(email_messages).where(eq(email_messages.order_id, id));
    expect(sent.filter((m) => m.kind === 'order_confirmation' && m.status === 'sent')).toHaveLength(2);
    const { body } = await admin('GET', `/api/admin/orders/${id}`);
    expect(body.email_status).toBe('Sent');
    expect(body.timeline.filter((event: { type: string }) => event.type === 'email_resent')).toHaveLength(2);
  });
});

describe('POST /api/admin/orders/:id/retry-fulfilment', () => {
  it('answers 409 for an unpaid order and for one already accepted for production', async () => {
    const unpaid = await placeOrder();
    expect((await admin('POST', `/api/admin/orders/${unpaid}/retry-fulfilment`)).status).toBe(409);
    const confirmed = await placeOrder({ pay: true });
    await shop.context.db.update(orders).set({ printful_status: 'confirmed' }).where(eq(orders.id, confirmed));
    const refused = await admin('POST', `/api/admin/orders/${confirmed}/retry-fulfilment`);
    expect(refused.status).toBe(409);
    expect(refused.body.error).toMatch(/paid order that has not been accepted/);
  });

  it('queues one submission however often it is pressed: 10 presses at once', async () => {
    const id = await placeOrder({ pay: true });
    await makePrintFiles(shop.context, id);
    // The paid event queued one; the owner presses retry after it has run and failed.
    await shop.context.db.execute(`delete from pgboss.job where data->>'orderId' = '${id}'`);
    await shop.context.db.update(orders).set({ printful_status: 'failed' }).where(eq(orders.id, id));
    const presses = await Promise.all(
      Array.from({ length: 10 }, () => admin('POST', `/api/admin/orders/${id}/retry-fulfilment`)),
    );
    const statuses = presses.map((press) => press.status).sort();
    expect(statuses.filter((s) => s === 202)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(9);
    expect(await jobsFor(shop.context, 'order.submit-fulfilment', id)).toHaveLength(1);
    expect(await submitFulfilment(shop.context, id)).toBe('simulated');
    expect(await submitFulfilment(shop.context, id)).toBe('skipped');
    expect((await orderOf(id)).fulfilment_attempts).toBe(1);
  });
});

describe('POST /api/admin/orders/:id/refund through the test provider', () => {
  it('refunds half, then the rest: the order turns refunded, with two refund rows, e-mails and events', async () => {
    const id = await placeOrder({ pay: true });
    const total = (await orderOf(id)).total_amount;
    const half = Math.floor(total / 2);

    const partial = await admin('POST', `/api/admin/orders/${id}/refund`, { amount: half });
    expect(partial.status, JSON.stringify(partial.body)).toBe(200);
    expect(partial.body).toMatchObject({ status: 'paid', refunded_amount: half, actions: { refund: true } });

    const tooMuch = await admin('POST', `/api/admin/orders/${id}/refund`, { amount: total });
    expect(tooMuch.status).toBe(409);
    expect(tooMuch.body.error).toMatch(/cannot be more than what is left to refund/);

    const rest = await admin('POST', `/api/admin/orders/${id}/refund`, {});
    expect(rest.status).toBe(200);
    expect(rest.body).toMatchObject({
      status: 'refunded',
      status_label: 'Refunded',
      refunded_amount: total,
      actions: { refund: false },
    });

    const rows = await shop.context.db.select().from(order_refunds).where(eq(order_refunds.order_id, id));
    expect(rows.map((row) => row.amount).sort((a, b) => a - b)).toEqual([half, total - half].sort((a, b) => a - b));
    expect(rows.every((row) => row.currency === 'USD' && row.provider_refund_id?.startsWith('tre_'))).toBe(true);
    const mails = await shop.context.db
      .select()
      .from(email_messages)
      .where(and(eq(email_messages.order_id, id), eq(email_messages.kind, 'order_refund')));
    expect(mails).toHaveLength(2);
    expect(
      rest.body.timeline
        .filter((event: { type: string }) => event.type === 'refunded')
        .map((event: { detail: { amount: number } }) => event.detail.amount),
    ).toEqual([half, total - half]);
    expect(rest.body.timeline.filter((event: { type: string }) => event.type === 'refund_email_sent')).toHaveLength(2);

    expect((await admin('POST', `/api/admin/orders/${id}/refund`, {})).status).toBe(409);
    const publicRead = (await shop.app.inject({ method: 'GET', url: `/api/orders/${id}` })).json();
    expect(publicRead.status_label).toBe('Refunded');
  });

  it('answers 409 for an unpaid order and 400 for an amount that is not whole positive cents', async () => {
    const unpaid = await placeOrder();
    expect((await admin('POST', `/api/admin/orders/${unpaid}/refund`, {})).status).toBe(409);
    const paid = await placeOrder({ pay: true });
    expect((await admin('POST', `/api/admin/orders/${paid}/refund`, { amount: 0 })).status).toBe(400);
    expect((await admin('POST', `/api/admin/orders/${paid}/refund`, { amount: 1.5 })).status).toBe(400);
  });

  it('two full refunds pressed at once give the money back once', async () => {
    const id = await placeOrder({ pay: true });
    const both = await Promise.all([
      admin('POST', `/api/admin/orders/${id}/refund`, {}),
      admin('POST', `/api/admin/orders/${id}/refund`, {}),
    ]);
    expect(both.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(await shop.context.db.select().from(order_refunds).where(eq(order_refunds.order_id, id))).toHaveLength(1);
  });
});

describe('POST /api/admin/orders/:id/cancel', () => {
  it('cancels an unpaid order and records it; refuses a paid one with 409', async () => {
    const unpaid = await placeOrder();
    const { status, body } = await admin('POST', `/api/admin/orders/${unpaid}/cancel`);
    expect(status).toBe(200);
    expect(body.status).toBe('cancelled');
    expect(body.timeline.map((event: { type: string }) => event.type)).toEqual(['created', 'cancelled']);
    expect((await admin('GET', `/api/admin/orders?status=cancelled&search=${unpaid.slice(0, 8)}`)).body.total).toBe(1);
    const again = await admin('POST', `/api/admin/orders/${unpaid}/cancel`);
    expect(again.status).toBe(409);
    expect(again.body.error).toBe('Only an unpaid order can be cancelled');
    const paid = await placeOrder({ pay: true });
    expect((await admin('POST', `/api/admin/orders/${paid}/cancel`)).status).toBe(409);
  });
});

describe('GET /api/admin/orders/export.csv', () => {
  it('streams the filtered orders as CSV with a header row', async () => {
    const id = await placeOrder({
      email: 'csv.buyer@example.net',
      name: '=HYPERLINK("x")',
      pay: true,
      billingAddress: {
        name: 'Jan Peeters',
        line1: 'Bondgenotenlaan 12',
        line2: 'Bus 3',
        city: 'Leuven',
        state: '',
        postalCode: '3000',
        country: 'BE',
      },
    });
    const { status, body, headers } = await admin('GET', '/api/admin/orders/export.csv?search=csv.buyer&status=paid');
    expect(status).toBe(200);
    expect(headers['content-type']).toMatch(/^text\/csv/);
    expect(headers['content-disposition']).toMatch(/attachment; filename="orders-\d{4}-\d{2}-\d{2}\.csv"/);
    const lines = (body as string).trim().split('\n');
    // Both addresses field by field, and the lines with their unit prices (issue 34).
    expect(lines[0]).toBe(
      [
        'id,created_at,status,status_label,customer_email,items,line_items',
        'subtotal_amount,shipping_method,shipping_amount,tax_name,tax_rate,tax_inclusive,tax_amount',
        'total_amount,refunded_amount,currency',
        'email_status,paid_at,shipped_at,printful_status,printful_order_id',
        'shipping_name,shipping_address_line1,shipping_address_line2,shipping_city,shipping_state,shipping_postal_code,shipping_country',
        'billing_name,billing_address_line1,billing_address_line2,billing_city,billing_state,billing_postal_code,billing_country',
      ].join(','),
    );
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(id);
    expect(lines[1]).toContain(`"'=HYPERLINK(""x"")"`);
    expect(lines[1]).toContain(`2 x ${product.name}`);
    const unit = product.final_price!.toFixed(2);
    expect(lines[1]).toContain(
      `2 x ${product.name} @ ${unit} = ${((Math.round(product.final_price! * 100) * 2) / 100).toFixed(2)}`,
    );
    expect(lines[1]).toContain(',1 Harbour Road,Flat 2,Portland,OR,97201,US,');
    // Items, the shipping option and its price, no tax in Oregon, and the total they make (issue 33).
    const order = await orderOf(id);
    const subtotal = Math.round(product.final_price! * 100) * 2;
    expect(lines[1]).toContain(
      `,${(subtotal / 100).toFixed(2)},Standard,${(order.shipping_amount / 100).toFixed(2)},,,,0.00,${((subtotal + order.shipping_amount) / 100).toFixed(2)},`,
    );
    expect(lines[1]).toMatch(/,Jan Peeters,Bondgenotenlaan 12,Bus 3,Leuven,,3000,BE$/);
  });

  it('reads every matching order across its batches exactly once', async () => {
    const { exportOrdersCsv } = await import('./admin-service.js');
    const chunks: string[] = [];
    for await (const chunk of exportOrdersCsv(shop.context, { search: '', status: 'all' }, 3)) chunks.push(chunk);
    const ids = chunks
      .join('')
      .trim()
      .split('\n')
      .slice(1)
      .map((line) => line.split(',')[0]);
    const all = await shop.context.db.select({ id: orders.id }).from(orders);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.sort()).toEqual(all.map((o) => o.id).sort());
  });
});

describe('GET /api/admin/emails', () => {
  it('lists the sent e-mails with status, and answers one with its rendered preview', async () => {
    const id = await placeOrder({ pay: true });
    await admin('POST', `/api/admin/orders/${id}/resend-email`);
    const list = await admin('GET', `/api/admin/emails?order_id=${id}`);
    expect(list.status).toBe(200);
    expect(list.body.total).toBe(1);
    expect(list.body.emails[0]).toMatchObject({
      order_id: id,
      kind: 'order_confirmation',
      status: 'sent',
      transport: 'outbox',
      to_address: 'jane@example.com',
    });
    const one = await admin('GET', `/api/admin/emails/${list.body.emails[0].id}`);
    expect(one.status).toBe(200);
    expect(one.body.html).toContain('Thank you for your order!');
    expect((await admin('GET', '/api/admin/emails/3f2a9c1e-0d4b-4a51-9c1b-2f6f1b0e7a11')).status).toBe(404);
    expect(
      (await shop.context.db.select().from(order_events).where(eq(order_events.order_id, id))).map((e) => e.type),
    ).toContain('email_resent');
  });
});
