/**
 * What is printed is what the visitor saw (issue 37, "Must show" 1): for each built-in product
 * the print file is the print area's size and aspect; downscaled, it matches the artwork on
 * the mockup of the same line pixel for pixel through the mockup's own print-area mapping;
 * fill and fit make different files; and Printful receives the placement and position.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { builtinCatalog, defaultStoreProducts } from '../../../domain/builtin-catalog.js';
import { placementFor, type ArtFit } from '../../../domain/placement.js';
import { order_items } from '../../db/schema.js';
import {
  startFakePrintful,
  type FakePrintful,
  type FakePrintfulFile,
} from '../../testing/fakes/printful-orders-fake.js';
import { cameraPhoto, insertArtwork } from '../../testing/fixtures.js';
import { waitFor } from '../../testing/fixtures/jobs.js';
import { checkoutBody, sellableProducts } from '../../testing/fixtures/orders.js';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { closeLocalMockups, renderLocalMockups } from '../mockups/local/index.js';
import { viewsOf } from '../mockups/local/render.js';
import { templateFor } from '../mockups/local/views.js';
import { renderPrintFile } from '../transformations/index.js';

const TOKEN = 'pf-placement-token';
const card = { number: '4242424242424242', exp_month: 12, exp_year: new Date().getFullYear() + 2, cvc: '123' };

let printful: FakePrintful;
let shop: TestApp;
let artworkId: string;
let artwork: Buffer;
const ART = { width: 1920, height: 1080 };

beforeAll(async () => {
  printful = await startFakePrintful({ token: TOKEN, storeId: '42' });
  shop = await createTestApp({
    workers: true,
    env: {
      PUBLIC_URL: 'https://shop.example.com',
      ...printful.env(),
      ALLOW_TEST_PAYMENTS: 'true',
    },
  });
  // A 16:9 artwork: no product's print area has that shape, so fill and fit always differ.
  const made = await insertArtwork(shop.context, {
    original: await cameraPhoto('lake-boats-sunset.jpg', ART.width, ART.height),
  });
  artworkId = made.transformation.id;
  artwork = await shop.context.storage.get(made.transformation.storage_path!);
}, 60_000);
afterAll(async () => {
  await closeLocalMockups();
  await shop?.close();
  await printful?.close();
});

/** One variant of each product of the built-in catalog: a default store product where there is one. */
const oneOfEach = builtinCatalog.map((product) => {
  const sold = defaultStoreProducts.find((p) => product.variants.some((v) => v.id === p.variantId));
  const variant = product.variants.find((v) => v.id === sold?.variantId) ?? product.variants[0]!;
  return [product.title, variant.id] as const;
});

/** Pearson correlation of two equally long series. */
function correlation(a: number[], b: number[]): number {
  const n = a.length;
  const ma = a.reduce((s, v) => s + v, 0) / n;
  const mb = b.reduce((s, v) => s + v, 0) / n;
  let sab = 0;
  let saa = 0;
  let sbb = 0;
  for (let i = 0; i < n; i++) {
    sab += (a[i] - ma) * (b[i] - mb);
    saa += (a[i] - ma) ** 2;
    sbb += (b[i] - mb) ** 2;
  }
  return sab / Math.sqrt(saa * sbb);
}

const luma = (d: Uint8Array | Buffer, p: number) => 0.2126 * d[p] + 0.7152 * d[p + 1] + 0.0722 * d[p + 2];

/**
 * The main mockup view against the print file: every mockup pixel the template says carries
 * the print (fully covered, not under a highlight) is compared with the downscaled print file
 * at the print-area point that pixel shows. Where a fitted artwork leaves the area empty, the
 * mockup shows the product itself, so only pixels the print file covers count.
 */
async function mockupAgreement(variantId: number, fit: ArtFit, printFile: Buffer): Promise<{ r: number; n: number }> {
  const [mockup] = await renderLocalMockups(artwork, variantId, { fit });
  const view = viewsOf(variantId, ART.width / ART.height)![0]!;
  const template = await templateFor(view);
  const shown = await sharp(mockup!.image).removeAlpha().raw().toBuffer();
  // Downscaled to the scale the mockup shows the print area at: one sample per mockup pixel.
  const across = Math.round(template.layers[0]!.pxPerUnit);
  const small = await sharp(printFile, { limitInputPixels: false })
    .resize({ width: across })
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const { width: W, height: H } = small.info;
  const seen: number[] = [];
  const printed: number[] = [];
  for (const layer of template.layers) {
    for (let i = 0; i < layer.count; i++) {
      if (layer.alpha[i] < 250 || layer.add[i] > 12) continue;
      const x = Math.min(W - 1, Math.floor((layer.s[i] / 65535) * W));
      const y = Math.min(H - 1, Math.floor((layer.t[i] / 65535) * H));
      const q = (y * W + x) * 4;
      if (small.data[q + 3] < 255) continue;
      const m = layer.mul[i] / 128;
      if (m < 0.5) continue;
      // The mockup's light multiplies the print: divided out, what is left is the print.
      seen.push(luma(shown, layer.idx[i] * 3) / m);
      printed.push(luma(small.data, q));
    }
  }
  return { r: correlation(seen, printed), n: seen.length };
}

describe('print files made for the product, placed as the mockup shows', () => {
  it.each(oneOfEach)(
    '%s',
    async (_title, variantId) => {
      const files = new Map<ArtFit, Buffer>();
      for (const fit of ['fill', 'fit'] as const) {
        const file = (await renderPrintFile(shop.context, artworkId, { variantId, fit }))!;
        const placement = file.placement!;
        const meta = await sharp(file.image, { limitInputPixels: false }).metadata();
        // The print area's pixels exactly: its size, so its aspect.
        expect([meta.width, meta.height]).toEqual([placement.area.width, placement.area.height]);
        const found = builtinCatalog
          .flatMap((p) => p.variants.map((v) => ({ p, v })))
          .find((e) => e.v.id === variantId)!;
        expect(placement).toEqual(placementFor(found.p, found.v, ART, fit));
        const { r, n } = await mockupAgreement(variantId, fit, file.image);
        console.log(`${_title} (${variantId}) ${fit}: ${meta.width}×${meta.height}, r = ${r.toFixed(3)} over ${n} px`);
        expect(n, 'mockup pixels carrying the print').toBeGreaterThan(2_000);
        expect(r, `${fit}: correlation with the mockup's artwork`).toBeGreaterThan(0.95);
        files.set(fit, file.image);
      }
      const [fill, fit] = await Promise.all(
        [files.get('fill')!, files.get('fit')!].map((image) =>
          sharp(image, { limitInputPixels: false }).resize(200, 200, { fit: 'fill' }).removeAlpha().raw().toBuffer(),
        ),
      );
      let differing = 0;
      for (let i = 0; i < fill!.length; i++) if (Math.abs(fill![i] - fit![i]) > 40) differing++;
      expect(differing / fill!.length, 'share of the file that fill and fit print differently').toBeGreaterThan(0.05);
    },
    120_000,
  );
});

describe('Printful receives the placement and position the print file was made for', () => {
  it('sends each line’s file with its placement, covering its area at the file’s own size', async () => {
    const products = await sellableProducts(shop.context);
    const mug = products.find((p) => p.name === 'Classic Mug 11 oz')!;
    const tee = products.find((p) => p.name === 'T-Shirt, Black')!;
    const created = (
      await shop.app.inject({
        method: 'POST',
        url: '/api/checkout',
        payload: checkoutBody([
          { product: mug, transformationId: artworkId, fit: 'fill' },
          { product: tee, transformationId: artworkId, fit: 'fit' },
        ]),
      })
    ).json();
    expect(created.order_id).toBeDefined();
    await shop.app.inject({
      method: 'POST',
      url: '/api/payments/test/confirm',
      payload: { client_secret: created.client_secret, card },
    });
    const post = await waitFor(
      async () =>
        printful.calls.find(
          (call) =>
            call.method === 'POST' &&
            call.path === '/orders' &&
            (call.body as { external_id: string }).external_id === created.order_id.replace(/-/g, ''),
        ),
      (call) => call !== undefined,
      120_000,
    );
    const items = (post!.body as { items: Array<{ variant_id: number; files: FakePrintfulFile[] }> }).items;
    const lines = await shop.context.db.select().from(order_items).where(eq(order_items.order_id, created.order_id));
    const lineOf = (variantId: number) => lines.find((line) => line.printful_variant_id === variantId)!;
    expect(lineOf(mug.printful_variant_id!).fit).toBe('fill');
    expect(lineOf(tee.printful_variant_id!).fit).toBe('fit');

    // Printful is live here: the areas are its printfiles' sizes (150 dpi), in the catalog's shapes.
    const expected = {
      [mug.printful_variant_id!]: { type: 'default', width: 1350, height: 525 },
      [tee.printful_variant_id!]: { type: 'front', width: 1800, height: 2400 },
    };
    for (const item of items) {
      const { type, width, height } = expected[item.variant_id]!;
      expect(item.files).toEqual([
        {
          type,
          url: expect.stringMatching(/^https:\/\/shop\.example\.com\//),
          position: {
            area_width: width,
            area_height: height,
            width,
            height,
            top: 0,
            left: 0,
            limit_to_print_area: true,
          },
        },
      ]);
      const line = lineOf(item.variant_id);
      const file = await sharp(await shop.context.storage.get(line.print_file_path!)).metadata();
      expect([file.width, file.height]).toEqual([width, height]);
      expect(line.print_placement?.area).toMatchObject({ width, height, placement: type });
    }
    // The tee's chest print is a PNG with nothing around the fitted artwork; the mug is white paper.
    expect(lineOf(tee.printful_variant_id!).print_file_path).toMatch(/\.png$/);
    expect(lineOf(mug.printful_variant_id!).print_file_path).toMatch(/\.jpg$/);
  }, 180_000);
});
