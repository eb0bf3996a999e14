import { describe, expect, it } from 'vitest';
import { categoryFromType } from './catalog-rules';
import { builtinCatalog, defaultStoreProducts, findBuiltinVariant } from './builtin-catalog';

describe('built-in catalog', () => {
  const variants = builtinCatalog.flatMap((product) => product.variants);

  it('has unique product and variant ids', () => {
    expect(new Set(builtinCatalog.map((p) => p.id)).size).toBe(builtinCatalog.length);
    expect(new Set(variants.map((v) => v.id)).size).toBe(variants.length);
  });

  it('gives every variant its product id and a Printful-like decimal base cost', () => {
    for (const product of builtinCatalog) {
      for (const variant of product.variants) {
        expect(variant.product_id).toBe(product.id);
        expect(variant.price).toMatch(/^\d+\.\d{2}$/);
      }
    }
  });

  it('keeps in_stock consistent with availability', () => {
    for (const variant of variants) {
      const unavailable = variant.availability_status.every(
        (a) => a.status === 'discontinued' || a.status === 'out_of_stock',
      );
      expect(variant.in_stock).toBe(!unavailable);
    }
  });

  it('has out-of-stock and discontinued variants to exercise validation', () => {
    const statuses = new Set(variants.flatMap((v) => v.availability_status.map((a) => a.status)));
    expect(statuses.has('out_of_stock')).toBe(true);
    expect(statuses.has('discontinued')).toBe(true);
  });
});

describe('default store products', () => {
  it('sells at least 10 products across every category', () => {
    expect(defaultStoreProducts.length).toBeGreaterThanOrEqual(10);
    expect(new Set(defaultStoreProducts.map((p) => p.category))).toEqual(
      new Set(['mugs', 'posters', 'apparel', 'accessories', 'home']),
    );
  });

  it('only uses in-stock catalog variants', () => {
    for (const item of defaultStoreProducts) {
      const found = findBuiltinVariant(item.variantId);
      expect(found, `variant ${item.variantId}`).toBeDefined();
      expect(found!.variant.in_stock).toBe(true);
      expect(found!.product.is_discontinued).toBe(false);
    }
  });

  it('files each product under the category its type gives', () => {
    for (const item of defaultStoreProducts) {
      expect(categoryFromType(findBuiltinVariant(item.variantId)!.product.type)).toBe(item.category);
    }
  });
});
