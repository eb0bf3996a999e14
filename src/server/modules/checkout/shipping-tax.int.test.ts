import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { dollarsToCents } from '../../../domain/money.js';
import { SHIPPING_MESSAGES } from '../../../domain/shipping-quote.js';
import { shippingTypeOf, STANDARD_RATES } from '../../../domain/shipping.js';
import { lineTax } from '../../../domain/tax.js';
import { order_refunds, orders, settings as settings_table } from '../../db/schema.js';
import { SAME_ORIGIN, signInOwner } from '../../testing/admin-session.js';
import { startFakePrintful, FAKE_SHIPPING_RATES, type FakePrintful } from '../../testing/fakes/printful-orders-fake.js';
import { startFakeStripe, type FakeStripe } from '../../testing/fakes/fake-stripe.js';
import { makePrintFiles } from '../../testing/fixtures/jobs.js';
import { checkoutBody, TEST_ADDRESS, type SellableProduct } from '../../testing/fixtures/orders.js';
import { openShopWithArtwork } from '../../testing/fixtures/shop.js';
import type { TestApp } from '../../testing/test-app.js';
import { submitFulfilment } from '../fulfilment/index.js';

const BRUSSELS = { ...TEST_ADDRESS, city: 'Brussels', state: '', postalCode: '1000', country: 'BE' };
const LOS_ANGELES = { ...TEST_ADDRESS, city: 'Los Angeles', state: 'CA', postalCode: '90012', country: 'US' };
const TOKYO = { ...TEST_ADDRESS, city: 'Tokyo', state: 'Tokyo', postalCode: '100-0001', country: 'JP' };
const CARD = { number: '4242424242424242', exp_month: 12, exp_year: new Date().getFullYear() + 3, cvc: '123' };

const cents = (product: SellableProduct) => dollarsToCents(product.final_price!);

async function post(shop: TestApp, url: string, payload: object, headers: Record<string, string> = {}) {
  const response = await shop.app.inject({ method: 'POST', url, payload, headers });
  return { status: response.statusCode, body: response.json() };
}

function quoteBody(
  lines: Array<{ product: SellableProduct; quantity?: number }>,
  address: object,
  shippingMethod?: string,
) {
  return {
    shippingAddress: address,
    items: lines.map(({ product, quantity = 1 }) => ({ productId: product.id, quantity })),
    ...(shippingMethod ? { shippingMethod } : {}),
  };
}

const orderOf = async (shop: TestApp, id: string) =>
  (await shop.context.db.select().from(orders).where(eq(orders.id, id)))[0]!;

describe('offline: the built-in rate table and the owner’s tax rules', () => {
  let shop: TestApp;
  let products: SellableProduct[];
  let mug: SellableProduct;
  let poster: SellableProduct;
  let transformationId: string;
  let cookie: string;

  beforeAll(async () => {
    ({ shop, transformationId, products } = await openShopWithArtwork());
    mug = products.find((product) => shippingTypeOf(product) === 'mug')!;
    poster = products.find((product) => shippingTypeOf(product) === 'poster')!;
    cookie = await signInOwner(shop);
  });
  afterAll(async () => shop?.close());

  const quote = (body: object) => post(shop, '/api/checkout/quote', body);
  const settings = (body: object) =>
    shop.app.inject({
      method: 'PUT',
      url: '/api/admin/settings/shipping-tax',
      headers: { cookie, origin: SAME_ORIGIN },
      payload: body,
    });

  it('quotes Standard and Express per region: first item plus each additional', async () => {
    const [mugFirst, mugMore] = STANDARD_RATES.mug.US;
    const [posterFirst, posterMore] = STANDARD_RATES.poster.US;
    const { status, body } = await quote(
      quoteBody(
        [
          { product: mug, quantity: 2 },
          { product: poster, quantity: 1 },
        ],
        TEST_ADDRESS,
      ),
    );
    expect(status, JSON.stringify(body)).toBe(200);
    const { options, selected, shippingSource } = body.quote;
    expect(shippingSource).toBe('table');
    expect(options.map((option: { id: string }) => option.id)).toEqual(['standard', 'express']);
    // The mug's first-item rate is the dearer, so the mug is the first item.
    expect(mugFirst).toBeGreaterThan(posterFirst);
    const expected = mugFirst + mugMore + posterMore;
    expect(selected).toMatchObject({ id: 'standard', amountCents: expected, estimateText: expect.any(String) });

    for (const [address, region] of [
      [BRUSSELS, 'EU'],
      [{ ...TEST_ADDRESS, country: 'GB', state: '', postalCode: 'SW1A 1AA' }, 'UK'],
      [{ ...TEST_ADDRESS, country: 'CA', state: 'ON', postalCode: 'M5V 2T6' }, 'CA'],
      [{ ...TEST_ADDRESS, country: 'AU', state: 'NSW', postalCode: '2000' }, 'AUNZ'],
      [TOKYO, 'WORLD'],
    ] as const) {
      const answer = (await quote(quoteBody([{ product: mug }], address))).body.quote;
      expect(answer.selected.amountCents, region).toBe(STANDARD_RATES.mug[region][0]);
    }
    const world = (await quote(quoteBody([{ product: mug }], TOKYO))).body.quote;
    expect(world.options).toHaveLength(1);
  });

  it('Belgium: VAT 21 % is included in items and shipping; the total is items + shipping', async () => {
    const { body } = await quote(quoteBody([{ product: mug }], BRUSSELS, 'express'));
    const { selected, amounts } = body.quote;
    expect(selected.id).toBe('express');
    expect(amounts.tax).toEqual({ name: 'VAT', ratePercent: 21, inclusive: true, shippingTaxed: true });
    expect(amounts.taxCents).toBe(lineTax(cents(mug), 21, true) + lineTax(selected.amountCents, 21, true));
    expect(amounts.totalCents).toBe(cents(mug) + selected.amountCents);
  });

  it('California: sales tax is added on the items, shipping untaxed, rounded per line', async () => {
    const { body } = await quote(
      quoteBody(
        [
          { product: mug, quantity: 3 },
          { product: poster, quantity: 1 },
        ],
        LOS_ANGELES,
      ),
    );
    const { amounts, selected } = body.quote;
    const tax = lineTax(cents(mug) * 3, 7.25, false) + lineTax(cents(poster), 7.25, false);
    expect(amounts).toMatchObject({ taxCents: tax, tax: { inclusive: false, shippingTaxed: false } });
    expect(amounts.totalCents).toBe(cents(mug) * 3 + cents(poster) + selected.amountCents + tax);
  });

  it('a rule that taxes shipping taxes it; the owner’s threshold makes Standard free; an adjustment moves prices', async () => {
    const saved = await settings({
      freeShippingThresholdCents: cents(mug) * 2,
      shippingAdjustmentCents: 150,
      taxRules: [
        { country: 'US', region: 'OR', name: 'Test tax', ratePercent: 10, inclusive: false, taxShipping: true },
        { country: 'BE', region: null, name: 'VAT', ratePercent: 21, inclusive: true, taxShipping: true },
      ],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    try {
      const one = (await quote(quoteBody([{ product: mug }], TEST_ADDRESS))).body.quote;
      expect(one.selected.amountCents).toBe(STANDARD_RATES.mug.US[0] + 150);
      expect(one.freeShippingShortfallCents).toBe(cents(mug));
      expect(one.amounts.taxCents).toBe(lineTax(cents(mug), 10, false) + lineTax(one.selected.amountCents, 10, false));

      const two = (await quote(quoteBody([{ product: mug, quantity: 2 }], TEST_ADDRESS))).body.quote;
      expect(two.selected).toMatchObject({ id: 'standard', amountCents: 0, free: true });
      expect(two.options[1].amountCents).toBeGreaterThan(0);
      expect(two.freeShippingShortfallCents).toBeNull();
      // California has no rule now.
      expect((await quote(quoteBody([{ product: mug }], LOS_ANGELES))).body.quote.amounts.taxCents).toBe(0);
    } finally {
      await shop.context.db.delete(settings_table).where(eq(settings_table.key, 'shipping_and_tax'));
    }
  });

  it('refuses a bad rule with a clear message and saves nothing', async () => {
    const before = (
      await shop.app.inject({ method: 'GET', url: '/api/admin/settings/shipping-tax', headers: { cookie } })
    ).json();
    const refused = await settings({
      taxRules: [
        { country: 'US', region: 'CA', name: 'Sales tax', ratePercent: 45, inclusive: false, taxShipping: false },
      ],
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error).toBe('A tax rate is between 0 and 30 percent');
    const after = (
      await shop.app.inject({ method: 'GET', url: '/api/admin/settings/shipping-tax', headers: { cookie } })
    ).json();
    expect(after).toEqual(before);
  });

  it('checkout charges the server’s shipping and tax: amounts sent by the browser never reach the order', async () => {
    const body = {
      ...checkoutBody([{ product: mug, transformationId, quantity: 1, unitPrice: 1 }], {
        shippingAddress: LOS_ANGELES,
        shippingMethod: 'express',
      }),
      shippingAmount: 0,
      taxAmount: 0,
      total: 1,
      amounts: { shippingCents: 0, taxCents: 0, totalCents: 1 },
    };
    const { status, body: answer } = await post(shop, '/api/checkout', body);
    expect(status, JSON.stringify(answer)).toBe(200);
    const quoted = (await quote(quoteBody([{ product: mug }], LOS_ANGELES, 'express'))).body.quote;
    const order = await orderOf(shop, answer.order_id);
    expect(order).toMatchObject({
      subtotal_amount: cents(mug),
      shipping_method: 'express',
      shipping_method_name: 'Express',
      shipping_amount: quoted.selected.amountCents,
      shipping_estimate: quoted.selected.estimateText,
      tax_amount: lineTax(cents(mug), 7.25, false),
      tax_rate: 7.25,
      tax_name: 'Sales tax',
      tax_inclusive: false,
      tax_source: 'rules',
      total_amount: quoted.amounts.totalCents,
    });
    expect(order.shipping_amount).toBeGreaterThan(0);
    expect(order.total_amount).toBe(cents(mug) + order.shipping_amount + order.tax_amount);

    // The public order read and the admin detail carry the same figures.
    const read = (await shop.app.inject({ method: 'GET', url: `/api/orders/${order.id}` })).json();
    expect(read.money).toMatchObject({
      subtotal_amount: cents(mug),
      shipping_amount: order.shipping_amount,
      tax_amount: order.tax_amount,
      tax_label: 'Sales tax 7.25%',
      total_amount: order.total_amount,
    });
  });

  it('an option not offered at the new address is re-quoted, not charged', async () => {
    // Express was chosen for Belgium; the address changed to Japan, where only Standard ships.
    const { status, body } = await post(
      shop,
      '/api/checkout',
      checkoutBody([{ product: mug, transformationId }], { shippingAddress: TOKYO, shippingMethod: 'express' }),
    );
    expect(status).toBe(409);
    expect(body.error).toBe(SHIPPING_MESSAGES.optionUnavailable);
    const requoted = (await quote(quoteBody([{ product: mug }], TOKYO, 'express'))).body.quote;
    expect(requoted.selected.id).toBe('standard');
    expect(requoted.selected.amountCents).toBe(STANDARD_RATES.mug.WORLD[0]);
  });

  it('a refund gives back shipping with the items, and the tax in proportion', async () => {
    const created = await post(
      shop,
      '/api/checkout',
      checkoutBody([{ product: mug, transformationId, quantity: 2 }], { shippingAddress: BRUSSELS }),
    );
    await post(shop, '/api/payments/test/confirm', { client_secret: created.body.client_secret, card: CARD });
    const order = await orderOf(shop, created.body.order_id);
    expect(order.status).toBe('paid');
    expect(order.tax_amount).toBeGreaterThan(0);
    const admin = (payload: object) =>
      shop.app.inject({
        method: 'POST',
        url: `/api/admin/orders/${order.id}/refund`,
        headers: { cookie, origin: SAME_ORIGIN },
        payload,
      });
    // The shipping alone first, then the rest.
    expect((await admin({ amount: order.shipping_amount })).statusCode).toBe(200);
    const rest = await admin({});
    expect(rest.statusCode).toBe(200);
    expect(rest.json()).toMatchObject({ status: 'refunded', refunded_amount: order.total_amount });
    const refunds = await shop.context.db.select().from(order_refunds).where(eq(order_refunds.order_id, order.id));
    expect(refunds.map((refund) => refund.amount).sort((a, b) => a - b)).toEqual(
      [order.shipping_amount, order.total_amount - order.shipping_amount].sort((a, b) => a - b),
    );
    const shippingShare = refunds.find((refund) => refund.amount === order.shipping_amount)!.tax_amount;
    expect(shippingShare).toBe(Math.round((order.shipping_amount * order.tax_amount) / order.total_amount));
    expect(refunds.reduce((sum, refund) => sum + refund.tax_amount, 0)).toBe(order.tax_amount);
  });

  it('the quote endpoint is rate-limited', async () => {
    const body = quoteBody([{ product: mug }], TEST_ADDRESS);
    const statuses: number[] = [];
    for (let index = 0; index < 32; index += 1) {
      const response = await shop.app.inject({
        method: 'POST',
        url: '/api/checkout/quote',
        payload: body,
        remoteAddress: '10.9.8.7',
      });
      statuses.push(response.statusCode);
    }
    expect(statuses.filter((status) => status === 429).length).toBeGreaterThan(0);
  });
});

describe('with Printful live: its shipping rates, and the table when it fails', () => {
  let shop: TestApp;
  let printful: FakePrintful;
  let product: SellableProduct;
  let transformationId: string;
  const TOKEN = 'pf-rates-token';

  beforeAll(async () => {
    printful = await startFakePrintful({ token: TOKEN, storeId: '9' });
    ({ shop, transformationId, product } = await openShopWithArtwork({
      env: {
        PUBLIC_URL: 'https://shop.example.com',
        ...printful.env(),
        ALLOW_TEST_PAYMENTS: 'true',
      },
    }));
  });
  afterAll(async () => {
    await shop?.close();
    await printful?.close();
  });

  it('offers Printful’s two options for the country, priced per item', async () => {
    const { body } = await post(shop, '/api/checkout/quote', quoteBody([{ product, quantity: 2 }], BRUSSELS));
    const [standard, express] = FAKE_SHIPPING_RATES.BE!;
    expect(body.quote.shippingSource).toBe('printful');
    expect(
      body.quote.options.map((option: { id: string; amountCents: number; estimateText: string }) => [
        option.id,
        option.amountCents,
        option.estimateText,
      ]),
    ).toEqual([
      ['standard', standard!.first + standard!.additional, 'Delivery in 4–7 business days'],
      ['express', express!.first + express!.additional, 'Delivery in 2–3 business days'],
    ]);
    const call = printful.calls.findLast((entry) => entry.path === '/shipping/rates')!;
    expect(call.body).toMatchObject({
      recipient: { country_code: 'BE', zip: '1000' },
      items: [{ variant_id: product.printful_variant_id, quantity: 2 }],
    });
  });

  it('falls back to the rate table when Printful fails, never to free shipping', async () => {
    // One try and one retry, both failing.
    printful.failNext({ method: 'POST', path: '/shipping/rates' }, 500, { times: 2 });
    const { body } = await post(shop, '/api/checkout/quote', quoteBody([{ product }], BRUSSELS));
    expect(body.quote.shippingSource).toBe('table');
    expect(body.quote.selected.amountCents).toBe(STANDARD_RATES[shippingTypeOf(product)].EU[0]);
  });

  it('the Printful order is sent the shipping method the visitor chose', async () => {
    const created = await post(
      shop,
      '/api/checkout',
      checkoutBody([{ product, transformationId }], { shippingAddress: BRUSSELS, shippingMethod: 'express' }),
    );
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const order = await orderOf(shop, created.body.order_id);
    expect(order.shipping_amount).toBe(FAKE_SHIPPING_RATES.BE![1]!.first);
    await post(shop, '/api/payments/test/confirm', { client_secret: created.body.client_secret, card: CARD });
    await makePrintFiles(shop.context, order.id);
    expect(await submitFulfilment(shop.context, order.id)).toBe('submitted');
    expect(printful.orders.get(order.id.replace(/-/g, ''))!.shipping).toBe('EXPRESS');
  });
});

describe('with Stripe: the PaymentIntent is for the whole total, and Stripe Tax when enabled', () => {
  let shop: TestApp;
  let stripe: FakeStripe;
  let product: SellableProduct;
  let transformationId: string;
  let cookie: string;

  beforeAll(async () => {
    stripe = await startFakeStripe();
    ({ shop, transformationId, product } = await openShopWithArtwork({ env: stripe.env('whsec_x') }));
    cookie = await signInOwner(shop);
  });
  afterAll(async () => {
    await shop?.close();
    await stripe?.close();
  });

  const checkout = async (address: typeof TEST_ADDRESS) => {
    const created = await post(
      shop,
      '/api/checkout',
      checkoutBody([{ product, transformationId, quantity: 2 }], { shippingAddress: address }),
    );
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const order = await orderOf(shop, created.body.order_id);
    return { order, intent: stripe.paymentIntents.get(order.payment_id!)! };
  };

  it('the PaymentIntent amount is items + shipping + added tax', async () => {
    const { order, intent } = await checkout(LOS_ANGELES);
    expect(order.tax_source).toBe('rules');
    expect(intent.amount).toBe(order.subtotal_amount + order.shipping_amount + order.tax_amount);
    expect(intent.amount).toBe(order.total_amount);
  });

  it('the PaymentIntent amount is items + shipping where VAT is included', async () => {
    const { order, intent } = await checkout(BRUSSELS);
    expect(order.tax_amount).toBeGreaterThan(0);
    expect(intent.amount).toBe(order.subtotal_amount + order.shipping_amount);
  });

  it('with Stripe Tax enabled, Stripe computes the tax instead of the rules', async () => {
    const saved = await shop.app.inject({
      method: 'PUT',
      url: '/api/admin/settings/shipping-tax',
      headers: { cookie, origin: SAME_ORIGIN },
      payload: { stripeTaxEnabled: true },
    });
    expect(saved.statusCode).toBe(200);
    const { order, intent } = await checkout(LOS_ANGELES);
    // The fake's California rate (8.25 %) is not the shop's rule (7.25 %).
    expect(order).toMatchObject({
      tax_source: 'stripe',
      tax_rate: 8.25,
      tax_name: 'Sales tax',
      tax_amount: lineTax(order.subtotal_amount, 8.25, false),
    });
    expect(intent.amount).toBe(order.subtotal_amount + order.shipping_amount + order.tax_amount);
    const calculation = stripe.requests.findLast((request) => request.path === '/v1/tax/calculations')!;
    expect(calculation.params).toMatchObject({
      customer_details: { address: { country: 'US', state: 'CA' }, address_source: 'shipping' },
      shipping_cost: { amount: String(order.shipping_amount) },
    });
  });
});
