import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { builtinCatalog, defaultStoreProducts } from '../../../../domain/builtin-catalog.js';
import { placeArtwork, type ArtFit, type PrintArea } from '../../../../domain/placement.js';
import { artRect } from './compose.js';
import { Homography } from './geometry.js';
import {
  closeLocalMockups,
  renderLocalMockups,
  renderProductImage,
  UnknownVariantError,
  type LocalMockup,
} from './index.js';
import { orientedSize, sizeInInches } from './views.js';

const solid = (r: number, g: number, b: number, width = 1600, height = 1200) =>
  sharp({ create: { width, height, channels: 3, background: { r, g, b } } })
    .jpeg()
    .toBuffer();

async function meanColour(image: Buffer): Promise<[number, number, number]> {
  const { channels } = await sharp(image).stats();
  return [channels[0].mean, channels[1].mean, channels[2].mean];
}

const ids = defaultStoreProducts.map((p) => p.variantId);
let red: Map<number, LocalMockup[]>;
let blue: Map<number, LocalMockup[]>;

beforeAll(async () => {
  const [redArt, blueArt] = await Promise.all([solid(220, 30, 30), solid(30, 40, 220)]);
  red = new Map(await Promise.all(ids.map(async (id) => [id, await renderLocalMockups(redArt, id)] as const)));
  blue = new Map(await Promise.all(ids.map(async (id) => [id, await renderLocalMockups(blueArt, id)] as const)));
}, 120_000);

afterAll(() => closeLocalMockups());

describe('every default store product renders its views', () => {
  it.each(defaultStoreProducts.map((p) => [p.name, p.variantId] as const))('%s', async (_name, id) => {
    const views = red.get(id)!;
    expect(views.length).toBeGreaterThanOrEqual(1);
    expect(new Set(views.map((v) => v.placement)).size).toBe(views.length);
    for (const view of views) {
      expect(view.placement).toMatch(/^[a-z]+$/);
      expect(view.label.length).toBeGreaterThan(1);
      expect(view.image.subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
      expect(view.image.length).toBeGreaterThan(10_000);
      expect(view.image.length).toBeLessThan(400_000);
      const meta = await sharp(view.image).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 800, 800]);
    }
  });
});

describe('the artwork visibly appears on every view', () => {
  it.each(defaultStoreProducts.map((p) => [p.name, p.variantId] as const))(
    '%s: red and blue artworks differ',
    async (_name, id) => {
      const reds = red.get(id)!;
      const blues = blue.get(id)!;
      expect(blues.map((v) => v.placement)).toEqual(reds.map((v) => v.placement));
      for (let i = 0; i < reds.length; i++) {
        const [rr, , rb] = await meanColour(reds[i].image);
        const [br, , bb] = await meanColour(blues[i].image);
        // Red artwork: redder than blue over the whole view, by a margin the eye sees at once.
        expect(rr - rb - (br - bb), `${reds[i].placement}`).toBeGreaterThan(12);
      }
    },
  );
});

describe('unknown variants', () => {
  it('are refused with a clear error', async () => {
    const art = await solid(200, 200, 200, 64, 64);
    await expect(renderLocalMockups(art, 999_999)).rejects.toBeInstanceOf(UnknownVariantError);
    await expect(renderLocalMockups(art, 999_999)).rejects.toThrow('variant 999999');
    await expect(renderProductImage(999_999)).rejects.toBeInstanceOf(UnknownVariantError);
  });
});

describe('unreadable artworks', () => {
  it('are refused, not drawn', async () => {
    await expect(
      renderLocalMockups(Buffer.from('not an image at all'), defaultStoreProducts[0].variantId),
    ).rejects.toThrow();
  });
});

describe('the product image', () => {
  it('shows each product of the catalog without artwork', async () => {
    for (const product of builtinCatalog) {
      const image = await renderProductImage(product.variants[0].id);
      const meta = await sharp(image).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 800, 800]);
    }
  }, 120_000);
});

describe('wall art and landscape artworks', () => {
  it('hangs a landscape artwork landscape and a portrait one portrait', () => {
    expect(orientedSize({ width: 18, height: 24 }, 1.5)).toEqual({ width: 24, height: 18 });
    expect(orientedSize({ width: 18, height: 24 }, 0.66)).toEqual({ width: 18, height: 24 });
    expect(orientedSize({ width: 18, height: 24 }, 1)).toEqual({ width: 18, height: 24 });
  });

  it('reads sizes the way the catalog writes them', () => {
    expect(sizeInInches('18×24')).toEqual({ width: 18, height: 24 });
    expect(sizeInInches('16×20″')).toEqual({ width: 16, height: 20 });
    expect(sizeInInches('11 oz')).toBeUndefined();
    expect(sizeInInches(null)).toBeUndefined();
  });
});

describe('laying the artwork in a print area, as the placement says', () => {
  const square = (repeat = 1): PrintArea => ({
    placement: 'default',
    widthIn: repeat,
    heightIn: 1,
    width: 1000 * repeat,
    height: 1000,
    repeat,
    anchor: 'center',
    defaultFit: 'fill',
    background: 'white',
  });
  const rect = (area: PrintArea, aspect: number, fit: ArtFit) =>
    artRect(placeArtwork(area, { width: 1000 * aspect, height: 1000 }, fit));

  it('fill covers the area and crops the overflow, centred', () => {
    expect(rect(square(), 2, 'fill')).toEqual({ x0: -0.5, x1: 1.5, y0: 0, y1: 1 });
    expect(rect(square(), 0.5, 'fill')).toEqual({ x0: 0, x1: 1, y0: -0.5, y1: 1.5 });
  });

  it('fit fits inside, centred, or hangs from the top of a chest print', () => {
    expect(rect(square(), 2, 'fit')).toEqual({ x0: 0, x1: 1, y0: 0.25, y1: 0.75 });
    expect(rect({ ...square(), anchor: 'top' }, 2, 'fit')).toEqual({ x0: 0, x1: 1, y0: 0, y1: 0.5 });
  });

  it('repeat lays one copy in each cell (a mug printed on both sides)', () => {
    // A 2:1 area in two 1:1 cells: a square artwork fills each cell.
    expect(rect(square(2), 1, 'fit')).toEqual({ x0: 0, x1: 1, y0: 0, y1: 1 });
  });
});

describe('projective mapping', () => {
  it('maps the unit square onto a quadrilateral and back', () => {
    const h = Homography.squareToQuad([
      [100, 120],
      [600, 80],
      [640, 700],
      [90, 650],
    ]);
    expect(h.map(0, 0)[0]).toBeCloseTo(100);
    expect(h.map(1, 1)[1]).toBeCloseTo(700);
    const [u, v] = h.inverse().map(...h.map(0.3, 0.8));
    expect(u).toBeCloseTo(0.3);
    expect(v).toBeCloseTo(0.8);
  });
});
