import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { orders } from '../../db/schema.js';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { addMockup, checkoutBody, createArtwork, sellableProducts } from '../../testing/fixtures/orders.js';

let shop: TestApp;
beforeAll(async () => {
  shop = await createTestApp();
});
afterAll(async () => shop?.close());

const get = async (url: string) => {
  const response = await shop.app.inject({ method: 'GET', url });
  return { status: response.statusCode, body: response.json(), headers: response.headers };
};

describe('GET /api/orders/:id answers the spec’s order read', () => {
  it('returns the order with its items, computed label and progress, and the e-mail masked', async () => {
    const { transformationId } = await createArtwork(shop.context);
    const [mug, poster] = await sellableProducts(shop.context);
    const mockup = await addMockup(shop.context, transformationId, mug.printful_variant_id!);
    const created = (
      await shop.app.inject({
        method: 'POST',
        url: '/api/checkout',
        payload: checkoutBody(
          [
            { product: mug, transformationId, quantity: 2 },
            { product: poster, transformationId },
          ],
          { customerEmail: 'jane.doe@example.com' },
        ),
      })
    ).json();
    const { status, body, headers } = await get(`/api/orders/${created.order_id}`);
    expect(status).toBe(200);
    expect(headers['cache-control']).toBe('no-store');
    expect(Object.keys(body).sort()).toEqual(
      [
        'id',
        'order_number',
        'status',
        'status_label',
        'progress',
        'printful_status',
        'total_amount',
        'currency',
        'created_at',
        'paid_at',
        'shipped_at',
        'shipping_name',
        'customer_email',
        'stripe_payment_intent_id',
        'payment_error',
        'tracking_carrier',
        'tracking_number',
        'tracking_url',
        'order_items',
        'money',
      ].sort(),
    );
    const mugCents = Math.round(mug.final_price! * 100);
    expect(body).toMatchObject({
      id: created.order_id,
      order_number: created.order_id.slice(0, 8).toUpperCase(),
      status: 'pending',
      status_label: 'Payment Pending',
      printful_status: null,
      total_amount: mugCents * 2 + Math.round(poster.final_price! * 100) + body.money.shipping_amount,
      money: {
        subtotal_amount: mugCents * 2 + Math.round(poster.final_price! * 100),
        shipping_method: 'standard',
        shipping_method_name: 'Standard',
        tax_amount: 0,
        tax_label: null,
      },
      currency: 'USD',
      paid_at: null,
      shipped_at: null,
      shipping_name: 'Jane Traveller',
      customer_email: 'j***@example.com',
      stripe_payment_intent_id: created.client_secret.split('_secret_')[0],
      tracking_url: null,
    });
    expect(new Date(body.created_at).getTime()).toBeGreaterThan(Date.now() - 60_000);
    expect(body.progress).toEqual([
      { key: 'placed', label: 'Order Placed', done: true },
      { key: 'paid', label: 'Payment Confirmed', done: false },
      { key: 'production', label: 'In Production', done: false },
      { key: 'shipped', label: 'Shipped', done: false },
    ]);
    expect(body.order_items).toContainEqual({
      product_id: mug.id,
      transformation_id: transformationId,
      product_name: mug.name,
      quantity: 2,
      unit_price: mugCents,
      total_price: mugCents * 2,
      mockup_urls: [mockup],
      // The artwork's public preview, for the order page's gallery choice (issue 34).
      artwork_url: `/files/artworks/${transformationId}.jpg`,
    });
    expect(JSON.stringify(body)).not.toContain('jane.doe');
    expect(JSON.stringify(body)).not.toContain('Harbour');
  });

  it('reads In Production once the fulfilment is confirmed', async () => {
    const { transformationId } = await createArtwork(shop.context);
    const [product] = await sellableProducts(shop.context);
    const created = (
      await shop.app.inject({
        method: 'POST',
        url: '/api/checkout',
        payload: checkoutBody([{ product, transformationId }]),
      })
    ).json();
    await shop.context.db
      .update(orders)
      .set({ status: 'paid', paid_at: new Date(), printful_status: 'confirmed' })
      .where(eq(orders.id, created.order_id));
    const { body } = await get(`/api/orders/${created.order_id}`);
    expect(body.status_label).toBe('In Production');
    expect(body.progress.map((step: { done: boolean }) => step.done)).toEqual([true, true, true, false]);
  });

  it('answers 404 Order not found for an unknown id and for a malformed one, never a 500', async () => {
    for (const id of ['3f2a9c1e-0d4b-4a51-9c1b-2f6f1b0e7a11', 'not-an-id', "1' or '1'='1", '%00', 'ABCDEF12']) {
      const { status, body } = await get(`/api/orders/${encodeURIComponent(id)}`);
      expect(status, id).toBe(404);
      expect(body).toEqual({ error: 'Order not found' });
    }
    const verify = await shop.app.inject({ method: 'POST', url: '/api/orders/nope/verify-payment', payload: {} });
    expect(verify.statusCode).toBe(404);
  });
});
