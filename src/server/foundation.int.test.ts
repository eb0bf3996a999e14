import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { image_transformations, images, physical_items, styles } from './db/schema.js';
import { STATIC_EXAMPLE_RENDITIONS_KEY, type StaticExampleRenditions } from './modules/content/index.js';
import { seedShop } from './seed/seed.js';
import { createTestApp, type TestApp } from './testing/test-app.js';

let shop: TestApp;
beforeAll(async () => {
  shop = await createTestApp();
});
afterAll(async () => shop?.close());

const get = async (url: string) => {
  const response = await shop.app.inject({ method: 'GET', url });
  return { status: response.statusCode, body: response.json() };
};

describe('GET /healthz', () => {
  it('answers 200 once the database and storage are ready', async () => {
    const { status, body } = await get('/healthz');
    expect(status).toBe(200);
    expect(body.status).toBe('ok');
  });
});

describe('security headers', () => {
  it('sends helmet’s policy and a request id with every answer, found or not', async () => {
    for (const url of ['/api/styles', '/api/nothing-here', '/healthz']) {
      const { headers } = await shop.app.inject({ method: 'GET', url });
      expect(headers['content-security-policy']).toContain("script-src 'self' https://js.stripe.com");
      expect(headers['content-security-policy']).toContain(
        "frame-src 'self' https://js.stripe.com https://hooks.stripe.com",
      );
      expect(headers).toMatchObject({
        'x-content-type-options': 'nosniff',
        'x-frame-options': 'SAMEORIGIN',
        'referrer-policy': 'no-referrer',
        'cross-origin-resource-policy': 'cross-origin',
        'strict-transport-security': 'max-age=31536000; includeSubDomains',
      });
      expect(headers['cross-origin-embedder-policy']).toBeUndefined();
      expect(headers['x-request-id']).toEqual(expect.any(String));
    }
  });
});

describe('GET /api/styles lists active styles ordered by name (storefront §7)', () => {
  it('offers at least 6 styles on the embedded defaults, sorted by name', async () => {
    const { body } = await get('/api/styles');
    expect(body.length).toBeGreaterThanOrEqual(6);
    const names = body.map((style: { name: string }) => style.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)));
    expect(Object.keys(body[0]).sort()).toEqual(['id', 'name', 'preview_image_path']);
  });

  it('leaves out inactive styles', async () => {
    const [first] = (await get('/api/styles')).body;
    await shop.context.db.update(styles).set({ is_active: false }).where(eq(styles.id, first.id));
    const ids = (await get('/api/styles')).body.map((style: { id: string }) => style.id);
    expect(ids).not.toContain(first.id);
    await shop.context.db.update(styles).set({ is_active: true }).where(eq(styles.id, first.id));
  });

  it('does not offer a hosted-AI style when no image AI is configured', async () => {
    const names = (await get('/api/styles')).body.map((style: { name: string }) => style.name);
    expect(names).not.toContain('Impressionist (AI)');
  });
});

describe('GET /api/products lists enabled products with a final price (storefront §5)', () => {
  it('sells at least 8 enabled, priced products on a fresh shop', async () => {
    const { body } = await get('/api/products');
    expect(body.length).toBeGreaterThanOrEqual(8);
    for (const product of body) {
      expect(product.final_price).toBeGreaterThan(0);
      expect(product.printful_variant_id).toEqual(expect.any(Number));
    }
    const categories = new Set(body.map((product: { product_category: string }) => product.product_category));
    expect([...categories].sort()).toEqual(['accessories', 'apparel', 'home', 'mugs', 'posters']);
  });

  it('hides disabled products and products without a final price', async () => {
    const [disabled, unpriced] = (await get('/api/products')).body;
    await shop.context.db.update(physical_items).set({ is_enabled: false }).where(eq(physical_items.id, disabled.id));
    await shop.context.db.update(physical_items).set({ final_price: null }).where(eq(physical_items.id, unpriced.id));
    const ids = (await get('/api/products')).body.map((product: { id: string }) => product.id);
    expect(ids).not.toContain(disabled.id);
    expect(ids).not.toContain(unpriced.id);
    await shop.context.db.update(physical_items).set({ is_enabled: true }).where(eq(physical_items.id, disabled.id));
    await shop.context.db
      .update(physical_items)
      .set({ final_price: unpriced.final_price })
      .where(eq(physical_items.id, unpriced.id));
  });
});

describe('the first start seeds a usable shop, once', () => {
  it('does not duplicate styles or products when the seed runs again', async () => {
    const before = [(await get('/api/styles')).body.length, (await get('/api/products')).body.length];
    await seedShop(shop.context);
    expect([(await get('/api/styles')).body.length, (await get('/api/products')).body.length]).toEqual(before);
  });

  it('stores the 2 static example pairs under examples/', async () => {
    expect(await shop.context.storage.exists('examples/pair-1-original.jpg')).toBe(true);
    expect(await shop.context.storage.exists('examples/pair-2-artwork.jpg')).toBe(true);
    const served = await shop.app.inject({ method: 'GET', url: '/files/examples/pair-1-artwork.jpg' });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/jpeg');
  });

  const listedRenditions = async (): Promise<StaticExampleRenditions> =>
    JSON.parse((await shop.context.storage.get(STATIC_EXAMPLE_RENDITIONS_KEY)).toString('utf8'));

  it('stores 400 and 800 px renditions of both images of each pair beside them, at their real sizes', async () => {
    const listed = await listedRenditions();
    const sizes = { 1: [250, 500, 1000], 2: [266, 533, 1065] };
    for (const n of [1, 2] as const) {
      for (const image of ['original', 'artwork']) {
        const renditions = listed[`examples/pair-${n}-${image}.jpg`];
        // 1600×1000 and 1600×1065 files: the 1600 px rendition is the file itself.
        expect(renditions.map(({ width, height, key }) => [width, height, key])).toEqual([
          [400, sizes[n][0], `examples/pair-${n}-${image}-400.jpg`],
          [800, sizes[n][1], `examples/pair-${n}-${image}-800.jpg`],
          [1600, sizes[n][2], `examples/pair-${n}-${image}.jpg`],
        ]);
        for (const { width, height, key } of renditions) {
          const stored = await sharp(await shop.context.storage.get(key)).metadata();
          expect([stored.width, stored.height], key).toEqual([width, height]);
        }
      }
    }
  });

  it('makes the renditions once, and on the next start for a shop seeded before they existed', async () => {
    const written = async () =>
      (await shop.context.storage.list('examples/')).map(({ key, lastModified }) => [key, lastModified.getTime()]);
    const before = await written();
    await seedShop(shop.context);
    expect(await written()).toEqual(before);

    const listed = await listedRenditions();
    await shop.context.storage.delete(STATIC_EXAMPLE_RENDITIONS_KEY);
    await shop.context.storage.delete('examples/pair-2-original-400.jpg');
    await seedShop(shop.context);
    expect(await listedRenditions()).toEqual(listed);
    expect(await shop.context.storage.exists('examples/pair-2-original-400.jpg')).toBe(true);
  });
});

describe('GET /api/gallery falls back in three levels (storefront §2 Home)', () => {
  it('shows the 2 built-in static pairs when there are no transformations', async () => {
    const { body } = await get('/api/gallery');
    expect(body.source).toBe('static');
    expect(body.pairs).toHaveLength(2);
    // Both images of a pair offer their renditions for `srcset`.
    expect(body.pairs[0]).toMatchObject({
      originalImageUrl: '/files/examples/pair-1-original.jpg',
      originalRenditions: [
        { width: 400, height: 250, url: '/files/examples/pair-1-original-400.jpg' },
        { width: 800, height: 500, url: '/files/examples/pair-1-original-800.jpg' },
        { width: 1600, height: 1000, url: '/files/examples/pair-1-original.jpg' },
      ],
      transformedImageUrl: '/files/examples/pair-1-artwork.jpg',
      transformedRenditions: [
        { width: 400, height: 250, url: '/files/examples/pair-1-artwork-400.jpg' },
        { width: 800, height: 500, url: '/files/examples/pair-1-artwork-800.jpg' },
        { width: 1600, height: 1000, url: '/files/examples/pair-1-artwork.jpg' },
      ],
    });
    for (const pair of body.pairs)
      for (const { url } of [...pair.originalRenditions, ...pair.transformedRenditions])
        expect((await shop.app.inject({ url })).statusCode, url).toBe(200);
  });

  it('shows up to 4 recent public transformations, newest first, when there are no homepage pairs', async () => {
    const [style] = (await get('/api/styles')).body;
    const [image] = await shop.context.db
      .insert(images)
      .values({
        file_name: 'lisbon.jpg',
        storage_path: 'original/1-lisbon-jpg',
        display_path: 'display/1-lisbon.jpg',
        checksum: 'gallery-test',
        mime_type: 'image/jpeg',
        byte_size: 1,
        width: 1,
        height: 1,
      })
      .returning();
    const made = [];
    for (let n = 0; n < 6; n += 1) {
      const [row] = await shop.context.db
        .insert(image_transformations)
        .values({
          image_id: image.id,
          style_id: n === 5 ? null : style.id,
          status: 'completed',
          storage_path: `artworks/gallery-${n}.jpg`,
          is_public: n !== 4,
          gallery_consent: true,
          created_at: new Date(Date.UTC(2026, 0, 1 + n)),
        })
        .returning();
      made.push(row);
    }
    const { body } = await get('/api/gallery');
    expect(body.source).toBe('recent');
    expect(body.recent.map((item: { id: string }) => item.id)).toEqual([
      made[5].id,
      made[3].id,
      made[2].id,
      made[1].id,
    ]);
    expect(body.recent[0]).toMatchObject({ styleName: 'Custom Style' });
    // Privacy: the public gallery never carries a visitor's file name.
    expect(JSON.stringify(body.recent)).not.toContain('lisbon');
    expect(body.recent[1].styleName).toBe(style.name);

    await shop.context.db
      .update(image_transformations)
      .set({ is_homepage_example: true })
      .where(eq(image_transformations.id, made[2].id));
    await shop.context.db
      .update(image_transformations)
      .set({ is_homepage_example: true })
      .where(eq(image_transformations.id, made[0].id));
    await shop.context.db
      .update(image_transformations)
      .set({ is_homepage_example: true })
      .where(eq(image_transformations.id, made[3].id));
    const homepage = (await get('/api/gallery')).body;
    expect(homepage.source).toBe('homepage');
    // Oldest first, at most 2.
    expect(homepage.pairs.map((pair: { id: string }) => pair.id)).toEqual([made[0].id, made[2].id]);
    expect(homepage.pairs[0]).toMatchObject({
      originalImageId: image.id,
      originalImageUrl: '/files/display/1-lisbon.jpg',
      originalRenditions: [],
      transformedImageUrl: '/files/artworks/gallery-0.jpg',
      isHomepageExample: true,
    });
  });
});

describe('public files', () => {
  it('never serves a private key, even when the file exists', async () => {
    await shop.context.storage.put('original/secret-jpg', Buffer.from('gps'), { contentType: 'image/jpeg' });
    const response = await shop.app.inject({ method: 'GET', url: '/files/original/secret-jpg' });
    expect(response.statusCode).toBe(404);
  });
});
