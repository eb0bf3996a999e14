import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { order_items, orders, physical_items } from '../../db/schema.js';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import {
  addMockup,
  checkoutBody,
  createArtwork,
  sellableProducts,
  TEST_ADDRESS,
  type ArtworkFixture,
  type SellableProduct,
} from '../../testing/fixtures/orders.js';

let shop: TestApp;
let artwork: ArtworkFixture;
let products: SellableProduct[];

beforeAll(async () => {
  shop = await createTestApp();
  artwork = await createArtwork(shop.context);
  products = await sellableProducts(shop.context);
});
afterAll(async () => shop?.close());

const checkout = async (body: unknown) => {
  const response = await shop.app.inject({ method: 'POST', url: '/api/checkout', payload: body as object });
  return { status: response.statusCode, body: response.json() };
};

const itemsOf = (orderId: string) =>
  shop.context.db.select().from(order_items).where(eq(order_items.order_id, orderId));
const orderOf = async (orderId: string) =>
  (await shop.context.db.select().from(orders).where(eq(orders.id, orderId)))[0];

describe('POST /api/checkout creates a pending order priced from our catalog', () => {
  it('answers {success, client_secret, order_id} and stores the order and its items', async () => {
    const [mug, poster] = products;
    const { status, body } = await checkout(
      checkoutBody([
        { product: mug, transformationId: artwork.transformationId, quantity: 2 },
        { product: poster, transformationId: artwork.transformationId },
      ]),
    );
    expect(status).toBe(200);
    expect(body).toEqual({
      success: true,
      client_secret: expect.stringMatching(/^tpi_[0-9a-f]{24}_secret_/),
      order_id: expect.any(String),
    });

    const order = await orderOf(body.order_id);
    const expected = Math.round(mug.final_price! * 100) * 2 + Math.round(poster.final_price! * 100);
    // Items, plus Standard shipping to Oregon, which has no sales tax rule (issue 33).
    expect(order.shipping_amount).toBeGreaterThan(0);
    expect(order).toMatchObject({
      status: 'pending',
      subtotal_amount: expected,
      total_amount: expected + order.shipping_amount,
      shipping_method: 'standard',
      tax_amount: 0,
      currency: 'USD',
      customer_email: 'jane@example.com',
      shipping_name: TEST_ADDRESS.name,
      shipping_address_line2: 'Flat 2',
      shipping_country: 'US',
      billing_postal_code: '97201',
      payment_provider: 'test',
      paid_at: null,
    });
    expect(order.payment_id).toBe(body.client_secret.split('_secret_')[0]);

    const items = await itemsOf(body.order_id);
    expect(items).toHaveLength(2);
    const mugLine = items.find((item) => item.physical_item_id === mug.id)!;
    expect(mugLine).toMatchObject({
      product_name: mug.name,
      printful_variant_id: mug.printful_variant_id,
      quantity: 2,
      unit_price: Math.round(mug.final_price! * 100),
      total_price: Math.round(mug.final_price! * 100) * 2,
      transformation_id: artwork.transformationId,
      // Made once the order is paid, for this line.
      print_file_path: null,
      artwork_url: `/files/${artwork.previewKey}`,
    });
  });
});

describe('checkouts placed at the same moment are written together, each as its own', () => {
  it('twenty visitors at once get twenty orders, each with its own items, total and payment', async () => {
    const visitors = Array.from({ length: 20 }, (_, index) => ({
      email: `visitor${index}@example.com`,
      product: products[index % products.length],
      quantity: 1 + (index % 3),
    }));
    const placed = await Promise.all(
      visitors.map(({ email, product, quantity }) =>
        checkout(
          checkoutBody([{ product, transformationId: artwork.transformationId, quantity }], { customerEmail: email }),
        ),
      ),
    );
    expect(placed.map(({ status }) => status)).toEqual(visitors.map(() => 200));
    expect(new Set(placed.map(({ body }) => body.order_id)).size).toBe(20);
    for (const [index, { body }] of placed.entries()) {
      const { email, product, quantity } = visitors[index];
      const order = await orderOf(body.order_id);
      expect(order).toMatchObject({
        customer_email: email,
        subtotal_amount: Math.round(product.final_price! * 100) * quantity,
        total_amount: Math.round(product.final_price! * 100) * quantity + order.shipping_amount,
        payment_id: body.client_secret.split('_secret_')[0],
      });
      expect(await itemsOf(body.order_id)).toEqual([
        expect.objectContaining({ physical_item_id: product.id, quantity, position: 0 }),
      ]);
    }
  });
});

describe("a client's tampered price never reaches an order", () => {
  it('ignores unitPrice, productName and printfulVariantId sent by the browser', async () => {
    const [product] = products;
    const body = checkoutBody([{ product, transformationId: artwork.transformationId, quantity: 3, unitPrice: 1 }]);
    body.items[0].productName = 'Free mug';
    body.items[0].printfulVariantId = 999999;
    const { status, body: answer } = await checkout(body);
    expect(status).toBe(200);
    const [item] = await itemsOf(answer.order_id);
    const price = Math.round(product.final_price! * 100);
    expect(item).toMatchObject({
      unit_price: price,
      total_price: price * 3,
      product_name: product.name,
      printful_variant_id: product.printful_variant_id,
    });
    expect((await orderOf(answer.order_id)).subtotal_amount).toBe(price * 3);
  });

  it('charges the price in the catalog at the moment of checkout', async () => {
    const [product] = products;
    await shop.context.db.update(physical_items).set({ final_price: 31.5 }).where(eq(physical_items.id, product.id));
    const { body } = await checkout(
      checkoutBody([{ product, transformationId: artwork.transformationId, unitPrice: 100 }]),
    );
    expect((await orderOf(body.order_id)).subtotal_amount).toBe(3150);
    await shop.context.db
      .update(physical_items)
      .set({ final_price: product.final_price })
      .where(eq(physical_items.id, product.id));
  });
});

describe('what can be ordered', () => {
  it('refuses a disabled product or one without a price', async () => {
    const [product] = products;
    await shop.context.db.update(physical_items).set({ is_enabled: false }).where(eq(physical_items.id, product.id));
    const { status, body } = await checkout(checkoutBody([{ product, transformationId: artwork.transformationId }]));
    await shop.context.db.update(physical_items).set({ is_enabled: true }).where(eq(physical_items.id, product.id));
    expect(status).toBe(400);
    expect(body).toEqual({ success: false, error: expect.stringContaining('no longer available') });
  });

  it('refuses a product the catalog has discontinued, with its name and a 409, writing nothing', async () => {
    // Variant 16586 (White Glossy Mug, 20 oz) is discontinued in the built-in catalog.
    const [discontinued] = await shop.context.db
      .insert(physical_items)
      .values({ name: 'Large Mug 20 oz', printful_variant_id: 16586, final_price: 19.99, is_enabled: true })
      .returning();
    const ordersBefore = (await shop.context.db.select().from(orders)).length;
    const { status, body } = await checkout(
      checkoutBody([
        { product: products[0]!, transformationId: artwork.transformationId },
        { product: discontinued!, transformationId: artwork.transformationId },
      ]),
    );
    await shop.context.db.delete(physical_items).where(eq(physical_items.id, discontinued!.id));
    expect(status).toBe(409);
    expect(body).toEqual({
      success: false,
      error: 'Large Mug 20 oz has been discontinued. Please remove it from your cart and try again.',
    });
    expect((await shop.context.db.select().from(orders)).length).toBe(ordersBefore);
  });

  it('refuses an artwork that does not exist or is not finished', async () => {
    const [product] = products;
    const unknown = await checkout(
      checkoutBody([{ product, transformationId: '3f2a9c1e-0d4b-4a51-9c1b-2f6f1b0e7a11' }]),
    );
    expect(unknown.status).toBe(400);
    expect(unknown.body.error).toBe('Your artwork could not be found. Please transform your photo again.');
    const processing = await createArtwork(shop.context, { status: 'processing' });
    const notReady = await checkout(checkoutBody([{ product, transformationId: processing.transformationId }]));
    expect(notReady.status).toBe(400);
    expect(notReady.body.error).toBe('Your artwork is not ready yet. Please wait for the transformation to finish.');
  });

  it('keeps quantities within 1..99', async () => {
    const [product] = products;
    for (const quantity of [0, 100]) {
      const { status, body } = await checkout(
        checkoutBody([{ product, transformationId: artwork.transformationId, quantity }]),
      );
      expect(status).toBe(400);
      expect(body.error).toBe('Quantity must be between 1 and 99');
    }
  });

  it('answers the spec’s validation messages', async () => {
    const [product] = products;
    const line = [{ product, transformationId: artwork.transformationId }];
    const cases: Array<[object, string]> = [
      [{ customerEmail: 'nope' }, 'Please enter a valid email address'],
      [{ shippingAddress: { ...TEST_ADDRESS, name: 'J' } }, 'Name must be at least 2 characters'],
      [{ billingAddress: { ...TEST_ADDRESS, line1: '1 a' } }, 'Address is required'],
      [{ shippingAddress: { ...TEST_ADDRESS, city: '' } }, 'City is required'],
      [{ shippingAddress: { ...TEST_ADDRESS, state: 'O' } }, 'State is required'],
      [{ shippingAddress: { ...TEST_ADDRESS, postalCode: '' } }, 'Postal code is required'],
      // Given but not a ZIP: the format's message, as every country gets (issue 34).
      [{ shippingAddress: { ...TEST_ADDRESS, postalCode: '123' } }, 'Enter a valid postal code for United States.'],
      [{ shippingAddress: { ...TEST_ADDRESS, name: 'N'.repeat(201) } }, 'Name must be at most 200 characters'],
      [{ items: [] }, 'Your cart is empty'],
    ];
    for (const [override, message] of cases) {
      const { status, body } = await checkout(checkoutBody(line, override));
      expect(status, message).toBe(400);
      expect(body).toEqual({ success: false, error: message });
    }
  });

  it('defaults the country to US', async () => {
    const [product] = products;
    const { country: _country, ...withoutCountry } = TEST_ADDRESS;
    const { body } = await checkout(
      checkoutBody([{ product, transformationId: artwork.transformationId }], {
        shippingAddress: withoutCountry,
        billingAddress: withoutCountry,
      }),
    );
    const order = await orderOf(body.order_id);
    expect([order.shipping_country, order.billing_country]).toEqual(['US', 'US']);
  });
});

describe('addresses are held to the rules of their country (issue 17)', () => {
  const BELGIAN_ADDRESS = {
    name: 'Anna Peeters',
    line1: 'Bondgenotenlaan 1',
    city: 'Leuven',
    state: '',
    postalCode: '3000',
    country: 'BE',
  };
  const orderCount = async () => (await shop.context.db.select({ id: orders.id }).from(orders)).length;
  const itemCount = async () => (await shop.context.db.select({ id: order_items.id }).from(order_items)).length;

  it('takes a Belgian address with postal code 3000 and no state', async () => {
    const [product] = products;
    const { status, body } = await checkout(
      checkoutBody([{ product, transformationId: artwork.transformationId }], {
        billingAddress: BELGIAN_ADDRESS,
        shippingAddress: { ...BELGIAN_ADDRESS, postalCode: ' 1000 ', city: 'Brussels' },
      }),
    );
    expect(status).toBe(200);
    expect(body.success).toBe(true);
    expect(await orderOf(body.order_id)).toMatchObject({
      billing_country: 'BE',
      billing_postal_code: '3000',
      billing_state: '',
      shipping_country: 'BE',
      shipping_postal_code: '1000',
      shipping_city: 'Brussels',
    });
  });

  it('stores a postal code the way the country writes it', async () => {
    const [product] = products;
    const dutch = { ...BELGIAN_ADDRESS, city: 'Amsterdam', postalCode: '1012  ab', country: 'nl' };
    const { status, body } = await checkout(
      checkoutBody([{ product, transformationId: artwork.transformationId }], {
        billingAddress: dutch,
        shippingAddress: dutch,
      }),
    );
    expect(status).toBe(200);
    expect(await orderOf(body.order_id)).toMatchObject({ shipping_postal_code: '1012 AB', shipping_country: 'NL' });
  });

  it('refuses an invalid postal code with a 400 naming the country, and writes nothing', async () => {
    const [product] = products;
    const before = [await orderCount(), await itemCount()];
    const cases: Array<[object, string]> = [
      [{ shippingAddress: { ...BELGIAN_ADDRESS, postalCode: '30000' } }, 'Enter a valid postal code for Belgium.'],
      [{ billingAddress: { ...BELGIAN_ADDRESS, postalCode: '' } }, 'Postal code is required'],
      [
        { shippingAddress: { ...BELGIAN_ADDRESS, country: 'CA', state: 'ON', postalCode: 'K1A 0B' } },
        'Enter a valid postal code for Canada.',
      ],
      [{ shippingAddress: { ...BELGIAN_ADDRESS, country: 'CA', postalCode: 'K1A 0B1' } }, 'Province is required'],
      [{ shippingAddress: { ...BELGIAN_ADDRESS, country: 'XX' } }, 'Please choose a country'],
    ];
    for (const [override, message] of cases) {
      const { status, body } = await checkout(
        checkoutBody([{ product, transformationId: artwork.transformationId }], override),
      );
      expect(status, message).toBe(400);
      expect(body).toEqual({ success: false, error: message });
    }
    expect([await orderCount(), await itemCount()]).toEqual(before);
  });

  it('asks no postal code of a country that has none', async () => {
    const [product] = products;
    const hongKong = { ...BELGIAN_ADDRESS, city: 'Central', postalCode: '', country: 'HK' };
    const { status } = await checkout(
      checkoutBody([{ product, transformationId: artwork.transformationId }], {
        billingAddress: hongKong,
        shippingAddress: hongKong,
      }),
    );
    expect(status).toBe(200);
  });
});

describe('each item records the transformation and the mockups', () => {
  it('takes mockups from our own table for that artwork and variant', async () => {
    const [product] = products;
    const own = await createArtwork(shop.context);
    const front = await addMockup(shop.context, own.transformationId, product.printful_variant_id!, 0);
    const back = await addMockup(shop.context, own.transformationId, product.printful_variant_id!, 1);
    await addMockup(shop.context, own.transformationId, 424242, 0);
    const { body } = await checkout(
      checkoutBody([{ product, transformationId: own.transformationId, mockupUrls: ['https://evil.example/x.jpg'] }]),
    );
    const [item] = await itemsOf(body.order_id);
    expect(item.mockup_urls).toEqual([front, back]);
  });

  it('keeps sent mockup URLs only when they are our own /files/mockups/ URLs', async () => {
    const [product] = products;
    const own = await createArtwork(shop.context);
    const ours = `/files/mockups/${own.transformationId}/${product.printful_variant_id}-front-x.jpg`;
    const { body } = await checkout(
      checkoutBody([
        {
          product,
          transformationId: own.transformationId,
          mockupUrls: [
            ours,
            `${shop.config.publicUrl}${ours}`,
            'https://evil.example/x.jpg',
            '/files/mockups/../original/a.jpg',
            'javascript:alert(1)',
          ],
        },
      ]),
    );
    const [item] = await itemsOf(body.order_id);
    expect(item.mockup_urls).toEqual([ours, `${shop.config.publicUrl}${ours}`]);
  });

  it('records no print file for an unpaid line, whatever its artwork has: it is made at payment', async () => {
    const [product] = products;
    const noPrint = await createArtwork(shop.context, { printFile: false });
    const { body } = await checkout(checkoutBody([{ product, transformationId: noPrint.transformationId }]));
    const [item] = await itemsOf(body.order_id);
    expect(item.print_file_path).toBeNull();
  });
});

describe('GET /api/payments/config', () => {
  it('names the built-in test provider when Stripe is not configured', async () => {
    const response = await shop.app.inject({ method: 'GET', url: '/api/payments/config' });
    expect(response.json()).toEqual({ success: true, provider: 'test', testMode: true });
  });
});
