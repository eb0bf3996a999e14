import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { physical_items } from '../../db/schema.js';
import { startPrintfulFake, type PrintfulFake } from '../../testing/fakes/printful-catalog-fake.js';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { PrintfulClient } from '../../infra/printful/client.js';
import { toSummary } from './printful-provider.js';

const IN_STOCK = 1320; // Classic Mug 11 oz
const DISCONTINUED = 16586;
const OUT_OF_STOCK = 16365;
const UNKNOWN = 99_999_999;

describe.each([
  ['built-in catalog', false],
  ['Printful (local fake)', true],
])('validate-variants on the %s', (_name, usePrintful) => {
  let shop: TestApp;
  let printful: PrintfulFake | undefined;

  beforeAll(async () => {
    printful = usePrintful ? await startPrintfulFake() : undefined;
    shop = await createTestApp({
      env: printful ? { PRINTFUL_API_KEY: 'test-token', PRINTFUL_BASE_URL: printful.url } : {},
    });
  });
  afterAll(async () => {
    await shop?.close();
    await printful?.close();
  });

  const validate = async (variant_ids: number[]) =>
    (await shop.app.inject({ method: 'POST', url: '/api/catalog/validate-variants', payload: { variant_ids } })).json();

  it('reports an orderable variant as valid', async () => {
    expect((await validate([IN_STOCK])).results).toEqual([{ variant_id: IN_STOCK, valid: true }]);
  });

  it('gives each invalid reason: discontinued, out_of_stock, not_found', async () => {
    const { results, alternatives } = await validate([DISCONTINUED, OUT_OF_STOCK, UNKNOWN]);
    expect(results.map((r: { reason: string }) => r.reason)).toEqual(['discontinued', 'out_of_stock', 'not_found']);
    expect(results.every((r: { valid: boolean }) => r.valid === false)).toBe(true);
    // Alternatives are orderable variants of the same product.
    expect(alternatives[DISCONTINUED].length).toBeGreaterThan(0);
    expect(alternatives[DISCONTINUED].map((a: { variant_id: number }) => a.variant_id)).not.toContain(DISCONTINUED);
  });

  it('refuses a body without integer variant ids', async () => {
    const response = await shop.app.inject({
      method: 'POST',
      url: '/api/catalog/validate-variants',
      payload: { variant_ids: ['x'] },
    });
    expect(response.statusCode).toBe(400);
  });

  it('refresh-product-data updates the store product when the variant is fine', async () => {
    const old = new Date('2020-01-01');
    await shop.context.db
      .update(physical_items)
      .set({ last_synced_at: old })
      .where(eq(physical_items.printful_variant_id, IN_STOCK));
    const answer = (
      await shop.app.inject({ method: 'POST', url: '/api/catalog/refresh', payload: { variant_id: IN_STOCK } })
    ).json();
    expect(answer).toMatchObject({ success: true, variant_id: IN_STOCK });
    const [row] = await shop.context.db
      .select()
      .from(physical_items)
      .where(eq(physical_items.printful_variant_id, IN_STOCK));
    expect(row.last_synced_at!.getTime()).toBeGreaterThan(old.getTime());
  });

  it('refresh-product-data answers alternatives for a variant that is gone', async () => {
    const answer = (
      await shop.app.inject({ method: 'POST', url: '/api/catalog/refresh', payload: { variant_id: DISCONTINUED } })
    ).json();
    expect(answer.success).toBe(false);
    expect(answer.alternatives.length).toBeGreaterThan(0);
  });

  if (usePrintful) {
    it("reports a variant Printful removed (404) as not_found, and an API failure as 'error'", async () => {
      printful!.setVariant(4830, 'removed');
      expect((await validate([4830])).results[0]).toMatchObject({ valid: false, reason: 'not_found' });
      printful!.failNext(400, 1);
      expect((await validate([IN_STOCK])).results[0]).toMatchObject({ valid: false, reason: 'error' });
    });

    it('sends the token as a Bearer header', () => {
      expect(printful!.requests.every((request) => request.headers.authorization === 'Bearer test-token')).toBe(true);
    });
  }
});

describe('the Printful client', () => {
  let printful: PrintfulFake;
  beforeAll(async () => (printful = await startPrintfulFake()));
  afterAll(async () => printful?.close());

  const client = (options: Partial<ConstructorParameters<typeof PrintfulClient>[0]> = {}) =>
    new PrintfulClient({ apiKey: 'k', baseUrl: printful.url, backoffMs: 10, ...options });

  it('waits out a 429 for the time Printful asks, then retries', async () => {
    printful.rateLimitNext(1, 1);
    const started = Date.now();
    const products = await client().get<unknown[]>('/products');
    expect(products.length).toBeGreaterThan(0);
    expect(Date.now() - started).toBeGreaterThanOrEqual(950);
  });

  it('retries a 5xx with back-off', async () => {
    printful.failNext(503, 2);
    expect((await client().get<unknown[]>('/products')).length).toBeGreaterThan(0);
  });

  it('turns an error body into a PrintfulError with its message and status', async () => {
    await expect(client().get('/products/variant/123456789')).rejects.toMatchObject({
      status: 404,
      message: 'Not Found',
    });
  });

  it('keeps to the per-window call budget', async () => {
    const limited = client({ callsPerWindow: 2, windowMs: 400 });
    const started = Date.now();
    await Promise.all([1, 2, 3].map(() => limited.get('/products')));
    expect(Date.now() - started).toBeGreaterThanOrEqual(350);
  });

  it('sends X-PF-Store-Id for an account-level token', async () => {
    const before = printful.requests.length;
    await client({ storeId: '42' }).get('/products');
    expect(printful.requests[before].headers['x-pf-store-id']).toBe('42');
  });
});

describe('catalog product mapping (admin §3)', () => {
  it('fills the defaults and drops products without an id', () => {
    expect(toSummary({ id: 5 })).toEqual({
      id: 5,
      name: 'Unknown Product',
      type: 'Unknown Type',
      brand: 'Unknown Brand',
      model: '',
      image: '',
      variant_count: 0,
      currency: 'USD',
    });
    expect(toSummary({ title: 'No id' })).toBeUndefined();
  });
});
