import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { orders } from '../../db/schema.js';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { checkoutBody, createArtwork, sellableProducts } from '../../testing/fixtures/orders.js';
import { waitFor } from '../../testing/fixtures/jobs.js';
import { advanceSimulatedFulfilment } from './simulated-provider.js';

let shop: TestApp;
beforeAll(async () => {
  shop = await createTestApp({ workers: true, env: { FULFILMENT_SIMULATION_SECONDS: '1' } });
});
afterAll(async () => shop?.close());

const orderOf = async (id: string) => (await shop.context.db.select().from(orders).where(eq(orders.id, id)))[0];
const read = async (id: string) => (await shop.app.inject({ method: 'GET', url: `/api/orders/${id}` })).json();

describe('the simulated fulfilment (the default) confirms, then ships with tracking', () => {
  it('takes a paid order from Payment Confirmed through In Production to Shipped', async () => {
    const { transformationId } = await createArtwork(shop.context);
    const [product] = await sellableProducts(shop.context);
    const created = (
      await shop.app.inject({
        method: 'POST',
        url: '/api/checkout',
        payload: checkoutBody([{ product, transformationId }]),
      })
    ).json();
    const paid = await shop.app.inject({
      method: 'POST',
      url: '/api/payments/test/confirm',
      payload: {
        client_secret: created.client_secret,
        card: { number: '4242424242424242', exp_month: 12, exp_year: new Date().getFullYear() + 3, cvc: '123' },
      },
    });
    expect(paid.json().status).toBe('succeeded');
    const orderId = created.order_id;

    const labels = new Set<string>();
    const shipped = await waitFor(
      async () => {
        const order = await read(orderId);
        labels.add(order.status_label);
        return order;
      },
      (order) => order.status === 'shipped',
      30_000,
    );
    expect([...labels]).toEqual(expect.arrayContaining(['In Production', 'Shipped']));
    expect(shipped).toMatchObject({
      status: 'shipped',
      status_label: 'Shipped',
      printful_status: 'shipped',
      tracking_carrier: 'USPS',
      tracking_number: expect.stringMatching(/^9400\d{18}$/),
      tracking_url: expect.stringMatching(/^https:\/\/tools\.usps\.com\/go\/TrackConfirmAction\?tLabels=9400\d{18}$/),
      shipped_at: expect.any(String),
    });
    expect(shipped.progress.every((step: { done: boolean }) => step.done)).toBe(true);

    const row = await orderOf(orderId);
    expect(row).toMatchObject({ fulfilment_provider: 'simulated', fulfilment_attempts: 1, fulfilment_error: null });
    expect(row.provider_order_id).toMatch(/^SIM-[0-9A-F]{10}$/);
    expect(row.confirmation_email_sent_at).toBeInstanceOf(Date);

    // A repeated step job changes nothing.
    await advanceSimulatedFulfilment(shop.context, orderId, 'pending');
    await advanceSimulatedFulfilment(shop.context, orderId, 'confirmed');
    expect(await orderOf(orderId)).toMatchObject({ status: 'shipped', tracking_number: row.tracking_number });
  });
});
