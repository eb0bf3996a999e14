import { describe, expect, it } from 'vitest';
import { categoryFromType, difficultyFromType, productCategoryLabels } from './catalog-rules';

describe('category derived from type keywords', () => {
  it.each([
    ['MUG', 'mugs'],
    ['White Glossy Mug', 'mugs'],
    ['T-SHIRT', 'apparel'],
    ['HOODIE', 'apparel'],
    ['Tank Top', 'apparel'],
    ['Unisex Tee', 'apparel'],
    ['POSTER', 'posters'],
    ['FRAMED-POSTER', 'posters'],
    ['Art Print', 'posters'],
    ['CANVAS', 'posters'],
    ['PHONE-CASE', 'accessories'],
    ['Tote BAG', 'accessories'],
    ['Dad hat', 'accessories'],
    ['PILLOW', 'home'],
    ['Blanket', 'home'],
    ['Beach Towel', 'home'],
  ])('"%s" becomes %s', (type, category) => {
    expect(categoryFromType(type)).toBe(category);
  });

  it('anything else is other', () => {
    expect(categoryFromType('STICKER')).toBe('other');
    expect(categoryFromType('')).toBe('other');
    expect(categoryFromType(null)).toBe('other');
    expect(categoryFromType(undefined)).toBe('other');
  });

  it('mug wins over the later keywords, apparel over posters', () => {
    expect(categoryFromType('Mug with print')).toBe('mugs');
    expect(categoryFromType('Bella + Canvas T-Shirt')).toBe('apparel');
  });

  it('has the filter labels of the catalog browser', () => {
    expect(productCategoryLabels.mugs).toBe('Mugs & Drinkware');
    expect(productCategoryLabels.posters).toBe('Posters & Prints');
    expect(productCategoryLabels.home).toBe('Home & Living');
  });
});

describe('difficulty', () => {
  it.each([
    ['MUG', 'simple'],
    ['POSTER', 'simple'],
    ['FRAMED-POSTER', 'simple'],
    ['Art Print', 'simple'],
    ['ALL-OVER hoodie', 'complex'],
    ['EMBROIDERY', 'complex'],
    ['Sublimation socks', 'complex'],
    ['T-SHIRT', 'medium'],
    ['CANVAS', 'medium'],
    ['', 'medium'],
  ])('"%s" is %s', (type, level) => {
    expect(difficultyFromType(type)).toBe(level);
  });

  it('mug, poster or print is checked first', () => {
    expect(difficultyFromType('All-over print tote')).toBe('simple');
  });
});
