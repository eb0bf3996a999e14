/** The products and catalog back office (admin §2 Products, §3–§5, §8, §9; issue 14). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { PRODUCT_MESSAGES, type AdminProduct, type CatalogBrowserProduct } from '../../../domain/admin-products.js';
import { physical_items } from '../../db/schema.js';
import { createAccount, SAME_ORIGIN, signInCookie } from '../../testing/admin-session.js';
import { startPrintfulFake, type PrintfulFake } from '../../testing/fakes/printful-catalog-fake.js';
import { addMockup, checkoutBody, createArtwork, TEST_ADDRESS } from '../../testing/fixtures/orders.js';
import { createTestApp, type TestApp } from '../../testing/test-app.js';

let shop: TestApp;
let cookie: string;

beforeAll(async () => {
  shop = await createTestApp();
  await createAccount(shop.context, 'owner@example.com', 'owner-password-1', 'admin');
  cookie = await signInCookie(shop.app, 'owner@example.com', 'owner-password-1');
});
afterAll(async () => shop?.close());

async function admin(app: TestApp, method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) {
  const response = await app.app.inject({
    method,
    url,
    headers: { cookie, origin: SAME_ORIGIN },
    ...(payload ? { payload } : {}),
  });
  return { status: response.statusCode, body: response.json() };
}
const call = (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) => admin(shop, method, url, payload);

const products = async (): Promise<AdminProduct[]> => (await call('GET', '/api/admin/products')).body.products;
const productByVariant = async (variantId: number) =>
  (await products()).find((p) => p.printful_variant_id === variantId)!;
const storefront = async () =>
  (await shop.app.inject({ method: 'GET', url: '/api/products' })).json() as Array<{ id: string; final_price: number }>;
const rowOf = async (id: string) =>
  (await shop.context.db.select().from(physical_items).where(eq(physical_items.id, id)))[0]!;

describe('the products API is the admin’s alone', () => {
  it('answers 401 without a session on every route', async () => {
    const routes: Array<['GET' | 'POST' | 'PATCH', string]> = [
      ['GET', '/api/admin/products'],
      ['PATCH', '/api/admin/products/3f2a9c1e-0d4b-4a51-9c1b-2f6f1b0e7a11'],
      ['POST', '/api/admin/products/bulk-price'],
      ['POST', '/api/admin/products/validate'],
      ['GET', '/api/admin/catalog'],
      ['GET', '/api/admin/catalog/71'],
      ['POST', '/api/admin/catalog/sync'],
    ];
    for (const [method, url] of routes) {
      const response = await shop.app.inject({ method, url, headers: { origin: SAME_ORIGIN }, payload: {} });
      expect(response.statusCode, url).toBe(401);
    }
  });
});

describe('GET /api/admin/products', () => {
  it('lists every store product with its §3 fields, margin and validity, and the four stats', async () => {
    const { status, body } = await call('GET', '/api/admin/products');
    expect(status).toBe(200);
    expect(body.products).toHaveLength(12);
    const mug = body.products.find((p: AdminProduct) => p.printful_variant_id === 1320);
    expect(mug).toMatchObject({
      name: 'Classic Mug 11 oz',
      printful_product_id: 19,
      printful_sync_status: 'synced',
      is_enabled: true,
      product_category: 'mugs',
      valid: true,
    });
    expect(mug.price).toBe(mug.final_price);
    expect(mug.margin.amount).toBeCloseTo(mug.final_price - mug.printful_base_cost, 2);
    const markups = body.products.map((p: AdminProduct) => p.markup_percentage!);
    expect(body.stats).toEqual({
      total: 12,
      enabled: body.products.filter((p: AdminProduct) => p.is_enabled).length,
      categories: 5, // mugs, posters, apparel, accessories, home
      avg_markup: Math.round(markups.reduce((a: number, b: number) => a + b, 0) / markups.length),
    });
  });
});

describe('PATCH /api/admin/products/:id applies §5’s pricing rule on the server', () => {
  let product: AdminProduct;
  beforeAll(async () => {
    product = await productByVariant(4830);
  });
  const patch = (payload: object) => call('PATCH', `/api/admin/products/${product.id}`, payload);
  const base = () => product.printful_base_cost!;

  it('a final price wins over percent and dollar: dollar = final − base, percent = dollar / base', async () => {
    const { status, body } = await patch({ final_price: 25, markup_percentage: 10, markup_dollar: 1 });
    expect(status).toBe(200);
    expect(body).toMatchObject({ final_price: 25, price: 25, markup_dollar: +(25 - base()).toFixed(2) });
    expect(body.markup_percentage).toBeCloseTo(((25 - base()) / base()) * 100, 2);
    expect(await rowOf(product.id)).toMatchObject({ final_price: 25, price: 25 });
  });

  it('then percent: dollar = base × percent / 100, final = base + dollar, to the cent', async () => {
    const { body } = await patch({ markup_percentage: 33.333, markup_dollar: 1 });
    const dollar = Math.round(base() * 33.333) / 100;
    expect(body.markup_percentage).toBe(33.33);
    expect(body.markup_dollar).toBeCloseTo(dollar, 2);
    expect(body.final_price).toBeCloseTo(Math.round((base() + (base() * 33.333) / 100) * 100) / 100, 2);
    expect(Number.isInteger(Math.round(body.final_price * 100))).toBe(true);
  });

  it('then dollar: percent = dollar / base, final = base + dollar', async () => {
    const { body } = await patch({ markup_dollar: '4.5' });
    expect(body.markup_dollar).toBe(4.5);
    expect(body.final_price).toBeCloseTo(base() + 4.5, 2);
    expect(body.markup_percentage).toBeCloseTo((4.5 / base()) * 100, 2);
  });

  it('treats a non-numeric markup as 0, so the price is the base cost', async () => {
    const { status, body } = await patch({ markup_percentage: 'lots' });
    expect(status).toBe(200);
    expect(body).toMatchObject({ markup_percentage: 0, markup_dollar: 0, final_price: base() });
  });

  it('refuses a final price below the base cost with a clear 400 and changes nothing', async () => {
    const before = await rowOf(product.id);
    for (const final_price of [base() - 0.01, 'free']) {
      const { status, body } = await patch({ final_price });
      expect(status).toBe(400);
      expect(body.error).toMatch(/^The final price cannot be below the base cost \(\$\d+\.\d\d\)\.$/);
    }
    expect(await rowOf(product.id)).toEqual(before);
  });

  it('answers 404 for an unknown product and 400 for an unknown field', async () => {
    expect(
      (await call('PATCH', '/api/admin/products/3f2a9c1e-0d4b-4a51-9c1b-2f6f1b0e7a11', { final_price: 30 })).status,
    ).toBe(404);
    expect((await patch({ printful_base_cost: 0.01 })).status).toBe(400);
  });
});

describe('what the storefront sees and charges follows the admin at once', () => {
  it('a price changed in the admin is what the next checkout charges, and the storefront shows it', async () => {
    const product = await productByVariant(1320);
    await call('PATCH', `/api/admin/products/${product.id}`, { final_price: 21.49 });
    expect((await storefront()).find((p) => p.id === product.id)!.final_price).toBe(21.49);

    const { transformationId } = await createArtwork(shop.context);
    const mockup = await addMockup(shop.context, transformationId, 1320);
    const row = await rowOf(product.id);
    const response = await shop.app.inject({
      method: 'POST',
      url: '/api/checkout',
      // The browser claims the old price; the server charges the admin's.
      payload: checkoutBody(
        [{ product: { ...row, final_price: 14.99 }, transformationId, quantity: 2, mockupUrls: [mockup] }],
        {
          shippingAddress: TEST_ADDRESS,
        },
      ),
    });
    expect(response.statusCode, response.body).toBe(200);
    const order = response.json();
    const [item] = await shop.context.db.query.order_items.findMany({
      where: (items, { eq: is }) => is(items.order_id, order.order_id),
    });
    expect(item!.unit_price).toBe(2149);
  });

  it('a product switched off leaves the storefront at once and cannot be bought; on again, it is back', async () => {
    const product = await productByVariant(4533);
    const off = await call('PATCH', `/api/admin/products/${product.id}`, { is_enabled: false });
    expect(off.body.is_enabled).toBe(false);
    expect((await storefront()).some((p) => p.id === product.id)).toBe(false);

    const { transformationId } = await createArtwork(shop.context);
    const refused = await shop.app.inject({
      method: 'POST',
      url: '/api/checkout',
      payload: checkoutBody([{ product: await rowOf(product.id), transformationId }]),
    });
    expect(refused.statusCode).toBeGreaterThanOrEqual(400);
    expect(refused.statusCode).toBeLessThan(500);

    await call('PATCH', `/api/admin/products/${product.id}`, { is_enabled: true });
    expect((await storefront()).some((p) => p.id === product.id)).toBe(true);
  });
});

describe('POST /api/admin/products/bulk-price', () => {
  it('sets one markup on many products', async () => {
    const chosen = [await productByVariant(4012), await productByVariant(4017)];
    const { status, body } = await call('POST', '/api/admin/products/bulk-price', {
      ids: chosen.map((p) => p.id),
      markup_percentage: 50,
    });
    expect(status).toBe(200);
    for (const product of body.products as AdminProduct[]) {
      expect(product.markup_percentage).toBe(50);
      expect(product.final_price).toBeCloseTo(Math.round(product.printful_base_cost! * 150) / 100, 2);
    }
  });

  it('refuses the whole batch when one price would fall below cost, and needs at least one product', async () => {
    const chosen = [await productByVariant(4012), await productByVariant(4017)];
    const before = await Promise.all(chosen.map((p) => rowOf(p.id)));
    expect(
      (await call('POST', '/api/admin/products/bulk-price', { ids: chosen.map((p) => p.id), markup_percentage: -20 }))
        .status,
    ).toBe(400);
    expect(await Promise.all(chosen.map((p) => rowOf(p.id)))).toEqual(before);
    const none = await call('POST', '/api/admin/products/bulk-price', { ids: [], markup_percentage: 20 });
    expect(none.status).toBe(400);
    expect(none.body.error).toBe(PRODUCT_MESSAGES.selectAtLeastOne);
  });
});

describe('validate, refresh and test against the built-in catalog', () => {
  it("Validate All Products checks every enabled product: 'All n enabled products are valid'", async () => {
    const enabled = (await products()).filter((p) => p.is_enabled).length;
    const { status, body } = await call('POST', '/api/admin/products/validate');
    expect(status).toBe(200);
    expect(body).toMatchObject({ checked: enabled, invalid: 0, message: PRODUCT_MESSAGES.allValid(enabled) });
  });

  it('Refresh brings the base cost and sync time up to date; Test says the variant is valid', async () => {
    const product = await productByVariant(825);
    await shop.context.db
      .update(physical_items)
      .set({ last_synced_at: new Date('2026-01-01'), printful_base_cost: 1 })
      .where(eq(physical_items.id, product.id));
    const refreshed = await call('POST', `/api/admin/products/${product.id}/refresh`);
    expect(refreshed.body).toMatchObject({ success: true, message: PRODUCT_MESSAGES.variantRefreshed(825) });
    expect(refreshed.body.product.printful_base_cost).toBeGreaterThan(1);
    expect(Date.now() - Date.parse(refreshed.body.product.last_synced_at)).toBeLessThan(60_000);
    const tested = await call('POST', `/api/admin/products/${product.id}/test`);
    expect(tested.body).toMatchObject({ valid: true, message: PRODUCT_MESSAGES.variantValid(825) });
  });
});

describe('validate, refresh and test against Printful (the fake)', () => {
  let printful: PrintfulFake;
  let shopWithPrintful: TestApp;
  beforeAll(async () => {
    printful = await startPrintfulFake();
    shopWithPrintful = await createTestApp({
      env: { PRINTFUL_API_KEY: 'test-token', PRINTFUL_BASE_URL: printful.url },
    });
    await createAccount(shopWithPrintful.context, 'owner@example.com', 'owner-password-1', 'admin');
  });
  afterAll(async () => {
    await shopWithPrintful?.close();
    await printful?.close();
  });
  const pcall = async (method: 'GET' | 'POST', url: string) => {
    const signed = await signInCookie(shopWithPrintful.app, 'owner@example.com', 'owner-password-1');
    const response = await shopWithPrintful.app.inject({
      method,
      url,
      headers: { cookie: signed, origin: SAME_ORIGIN },
    });
    return response.json();
  };

  it('reports invalid variants, and Refresh offers alternatives with the spec’s warning', async () => {
    printful.setVariant(4012, {
      in_stock: false,
      availability_status: [{ region: 'US', status: 'out_of_stock' }],
    } as never);
    const validated = await pcall('POST', '/api/admin/products/validate');
    expect(validated.invalid).toBe(1);
    expect(validated.message).toBe(PRODUCT_MESSAGES.invalidFound(1));
    expect(validated.results.find((r: { variant_id: number }) => r.variant_id === 4012)).toMatchObject({
      valid: false,
      reason: 'out_of_stock',
    });

    const { products: list } = await pcall('GET', '/api/admin/products');
    const tee = list.find((p: AdminProduct) => p.printful_variant_id === 4012);
    const refreshed = await pcall('POST', `/api/admin/products/${tee.id}/refresh`);
    expect(refreshed).toMatchObject({ success: false, message: PRODUCT_MESSAGES.alternativesFound });
    expect(refreshed.alternatives.length).toBeGreaterThan(0);
    const tested = await pcall('POST', `/api/admin/products/${tee.id}/test`);
    expect(tested.message).toBe(PRODUCT_MESSAGES.variantInvalid(4012, 'out_of_stock'));

    printful.setVariant(4012, 'removed');
    expect((await pcall('POST', `/api/admin/products/${tee.id}/test`)).message).toBe(
      PRODUCT_MESSAGES.variantInvalid(4012, 'Variant not found'),
    );
  });

  it('lists Printful’s catalog in the browser', async () => {
    const { products: catalog } = await pcall('GET', '/api/admin/catalog');
    expect(catalog.length).toBeGreaterThan(0);
    expect(catalog[0].image).toMatch(/^https:\/\/files\.cdn\.printful\.com\//);
  });
});

describe('the catalog browser', () => {
  const browse = async (query = '') =>
    (await call('GET', `/api/admin/catalog${query}`)).body.products as CatalogBrowserProduct[];

  it('lists the catalog with category, difficulty and what the store holds of each product', async () => {
    const all = await browse();
    expect(all.length).toBe(9);
    const mugs = all.find((p) => p.id === 19)!;
    expect(mugs).toMatchObject({ category: 'mugs', difficulty: 'simple', brand: expect.any(String) });
    expect(mugs.sync.state).toBe('partial');
    expect(mugs.sync.variant_ids).toContain(1320);
    expect(all.find((p) => p.category === 'apparel')!.difficulty).toBe('medium');
  });

  it('searches name, type and brand; filters category and difficulty; sorts', async () => {
    expect((await browse('?search=TOTE')).map((p) => p.id)).toEqual([367]);
    expect((await browse('?category=posters')).every((p) => p.category === 'posters')).toBe(true);
    expect((await browse('?category=posters')).length).toBeGreaterThan(1);
    expect((await browse('?difficulty=simple')).every((p) => p.difficulty === 'simple')).toBe(true);
    const byVariants = await browse('?sort=variants');
    expect(byVariants.map((p) => p.variant_count)).toEqual(
      [...byVariants.map((p) => p.variant_count)].sort((a, b) => b - a),
    );
    const byName = await browse('?sort=name');
    expect(byName.map((p) => p.name)).toEqual([...byName.map((p) => p.name)].sort((a, b) => a.localeCompare(b)));
    expect(await browse('?search=nothing-like-this')).toEqual([]);
    expect((await call('GET', '/api/admin/catalog?sort=price')).status).toBe(400);
  });

  it('shows a product’s details: variants marked when in the store, price range, print areas', async () => {
    const { status, body } = await call('GET', '/api/admin/catalog/367');
    expect(status).toBe(200);
    expect(body.product).toMatchObject({ id: 367, category: 'accessories', dimensions: { front: expect.any(String) } });
    expect(body.product.variants.find((v: { id: number }) => v.id === 10458).synced).toBe(true);
    expect(body.product.variants.find((v: { id: number }) => v.id === 10457).synced).toBe(false);
    expect(body.product.price_range).toEqual({ min: 13.5, max: 13.5 });
    expect((await call('GET', '/api/admin/catalog/999999')).status).toBe(404);
  });
});

describe('POST /api/admin/catalog/sync adds catalog variants to the store', () => {
  it('creates the product switched on, at the store’s average markup rounded up to a .99 price (issue 34), with §9 defaults, and queues its picture', async () => {
    const { stats } = (await call('GET', '/api/admin/products')).body;
    const { status, body } = await call('POST', '/api/admin/catalog/sync', {
      products: [{ printful_product_id: 367, printful_variant_id: 10457, name: 'Tote Bag, Black' }],
    });
    expect(status).toBe(200);
    expect(body).toMatchObject({ success: true, failed: 0 });
    const created = body.results[0].product as AdminProduct;
    expect(created).toMatchObject({
      name: 'Tote Bag, Black',
      printful_base_cost: 13.5,
      product_category: 'mugs',
      difficulty_level: 'simple',
      printful_sync_status: 'synced',
      is_enabled: true,
    });
    // The average markup, then up to the next .99: never an unrounded $40.03.
    const marked = 13.5 * (1 + stats.avg_markup / 100);
    expect(created.final_price).toBe(Math.ceil(marked) - 0.01);
    expect(created.final_price).toBeGreaterThanOrEqual(Math.round(marked * 100) / 100 - 0.01);
    expect(created.markup_dollar).toBeCloseTo(created.final_price! - 13.5, 2);
    expect(created.markup_percentage).toBeCloseTo(((created.final_price! - 13.5) / 13.5) * 100, 1);
    expect((await storefront()).some((p) => p.id === created.id)).toBe(true);
    const queued = await shop.context.db.execute(
      sql`select id from pgboss.job where name = 'catalog.product-image' and data->>'productId' = ${created.id}`,
    );
    expect((queued as unknown as { rows: unknown[] }).rows).toHaveLength(1);

    // The tote is now fully synced: the browser blocks it, and a second sync is refused.
    expect((await call('GET', '/api/admin/catalog?search=tote')).body.products[0].sync).toMatchObject({
      state: 'full',
      synced: 2,
      enabled: 2,
      disabled: 0,
    });
    const again = await call('POST', '/api/admin/catalog/sync', {
      products: [{ printful_product_id: 367, printful_variant_id: 10457, name: 'Tote Bag, Black' }],
    });
    expect(again.body).toMatchObject({
      success: false,
      failed: 1,
      results: [{ success: false, error: PRODUCT_MESSAGES.alreadySynced }],
    });
  });

  it('enabled on sync, the product is on the storefront at once', async () => {
    const { body } = await call('POST', '/api/admin/catalog/sync', {
      products: [
        { printful_product_id: 19, printful_variant_id: 4830 + 0, name: 'dup' },
        {
          printful_product_id: 181,
          printful_variant_id: 17617,
          name: 'iPhone 15 Pro Case',
          category: 'accessories',
          difficulty_level: 'medium',
          is_enabled: true,
        },
      ],
    });
    expect(body.failed).toBe(1);
    const added = body.results.find((r: { success: boolean }) => r.success).product as AdminProduct;
    expect(added).toMatchObject({ product_category: 'accessories', difficulty_level: 'medium', is_enabled: true });
    expect((await storefront()).some((p) => p.id === added.id)).toBe(true);
  });

  it('refuses a variant not in the catalog, or under another product, and an empty list', async () => {
    const { body } = await call('POST', '/api/admin/catalog/sync', {
      products: [
        { printful_product_id: 19, printful_variant_id: 999999, name: 'Ghost' },
        { printful_product_id: 19, printful_variant_id: 10457, name: 'Wrong product' },
      ],
    });
    expect(body).toMatchObject({ success: false, failed: 2 });
    expect(body.results.every((r: { error: string }) => r.error === PRODUCT_MESSAGES.unknownVariant)).toBe(true);
    const empty = await call('POST', '/api/admin/catalog/sync', { products: [] });
    expect(empty.status).toBe(400);
    expect(empty.body.error).toBe(PRODUCT_MESSAGES.selectAtLeastOne);
  });
});
