import { describe, expect, it } from 'vitest';
import { builtinCatalog, findBuiltinVariant } from './builtin-catalog';
import { placeArtwork, placementFor, printAreaOf, sharpnessOf, SHARP_PRINT_MIN_DPI } from './placement';

const variant = (id: number) => findBuiltinVariant(id)!;

describe('print areas of the built-in catalog', () => {
  it('are 300 dpi files of the product: a mug wrap 2700 × 1050, a poster 18×24″ 5400 × 7200', () => {
    const mug = variant(1320);
    expect(printAreaOf(mug.product, mug.variant, 4 / 3)).toMatchObject({ width: 2700, height: 1050, repeat: 2 });
    const poster = variant(1);
    expect(printAreaOf(poster.product, poster.variant, 3 / 4)).toMatchObject({ width: 5400, height: 7200 });
    const phone = variant(17616);
    expect(printAreaOf(phone.product, phone.variant, 1)).toMatchObject({ width: 1200, height: 2400 });
  });

  it('turns wall art with the artwork, as it hangs', () => {
    const poster = variant(1);
    expect(printAreaOf(poster.product, poster.variant, 4 / 3)).toMatchObject({ width: 7200, height: 5400 });
    const canvas = variant(825);
    expect(printAreaOf(canvas.product, canvas.variant, 3 / 4)).toMatchObject({ width: 5550, height: 6750 });
  });

  it('follows the variant: a smaller poster has a smaller area', () => {
    const small = variant(3876);
    expect(printAreaOf(small.product, small.variant, 3 / 4)).toMatchObject({ width: 3600, height: 5400 });
  });

  it('takes Printful’s printfile pixels when live, turned like the product', () => {
    const poster = variant(1);
    const area = printAreaOf(poster.product, poster.variant, 4 / 3, { width: 5400, height: 7200 });
    expect(area).toMatchObject({ width: 7200, height: 5400 });
  });

  it('covers every product of the catalog', () => {
    for (const product of builtinCatalog) {
      for (const v of product.variants) {
        const area = printAreaOf(product, v, 3 / 4);
        expect(area.width / area.repeat / area.height).toBeCloseTo(area.widthIn / area.repeat / area.heightIn, 2);
      }
    }
  });
});

describe('the artwork’s crop and position, decided once', () => {
  const poster = variant(1);
  const area = printAreaOf(poster.product, poster.variant, 0.75);

  it('fill covers the area and crops the artwork about its centre', () => {
    const placed = placeArtwork(area, { width: 1000, height: 1000 }, 'fill');
    expect(placed.positions).toEqual([{ left: 0, top: 0, width: 5400, height: 7200 }]);
    expect(placed.crop.top).toBe(0);
    expect(placed.crop.height).toBe(1);
    expect(placed.crop.width).toBeCloseTo(0.75);
    expect(placed.crop.left).toBeCloseTo(0.125);
  });

  it('fit keeps the whole artwork and leaves a border', () => {
    const placed = placeArtwork(area, { width: 1000, height: 1000 }, 'fit');
    expect(placed.crop).toEqual({ left: 0, top: 0, width: 1, height: 1 });
    expect(placed.positions).toEqual([{ left: 0, top: 900, width: 5400, height: 5400 }]);
  });

  it('a chest print sits at the top of its area', () => {
    const tee = variant(4012);
    const placed = placementFor(tee.product, tee.variant, { width: 1600, height: 1200 }, 'fit');
    expect(placed.positions[0]).toEqual({ left: 0, top: 0, width: 3600, height: 2700 });
  });

  it('a mug carries two copies, one each side of the handle', () => {
    const mug = variant(1320);
    const placed = placementFor(mug.product, mug.variant, { width: 1200, height: 900 }, 'fill');
    expect(placed.positions).toEqual([
      { left: 0, top: 0, width: 1350, height: 1050 },
      { left: 1350, top: 0, width: 1350, height: 1050 },
    ]);
  });

  it('uses the product’s own choice when the visitor made none', () => {
    const mug = variant(1320);
    expect(placementFor(mug.product, mug.variant, { width: 4, height: 3 }).fit).toBe('fit');
    expect(placementFor(poster.product, poster.variant, { width: 4, height: 3 }).fit).toBe('fill');
  });
});

describe('sharp enough for its size', () => {
  const photo = { width: 640, height: 480 };
  const poster = variant(1);

  it('a 640 × 480 photo on an 18×24″ poster is about 27 dpi: refused unless painted at print size', () => {
    const placed = placementFor(poster.product, poster.variant, photo, 'fill');
    const plain = sharpnessOf(placed, photo, false);
    expect(plain.dpi).toBeCloseTo(640 / 24, 1);
    expect(plain.sharp).toBe(false);
    expect(sharpnessOf(placed, photo, true).sharp).toBe(true);
  });

  it('a smaller size of the same product can pass where the larger cannot', () => {
    const big = { width: 1600, height: 1200 };
    const sizes = poster.product.variants.map((v) => ({
      size: v.size,
      dpi: sharpnessOf(placementFor(poster.product, v, big, 'fill'), big, false).dpi,
    }));
    expect(sizes.find((s) => s.size === '18×24')!.dpi).toBeLessThan(SHARP_PRINT_MIN_DPI);
    expect(sizes.find((s) => s.size === '8×10')!.dpi).toBeGreaterThanOrEqual(SHARP_PRINT_MIN_DPI);
  });

  it('counts only the photo’s pixels that are printed, over the inches they cover', () => {
    const mug = variant(1320);
    const placed = placementFor(mug.product, mug.variant, photo, 'fit');
    // Each copy's cell is 4.5 × 3.5″, narrower than 4:3: the photo fits by its width, 640 / 4.5.
    expect(sharpnessOf(placed, photo, false).dpi).toBeCloseTo(142.2, 1);
  });
});
