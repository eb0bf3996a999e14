import { describe, expect, it } from 'vitest';
import { charmPrice, computePricing, toPriceNumber } from './pricing';

describe('pricing rule (admin §5)', () => {
  it('derives markup dollars and percent from a given final price', () => {
    expect(computePricing({ baseCost: 10, finalPrice: 25 })).toEqual({
      baseCost: 10,
      markupDollar: 15,
      markupPercentage: 150,
      finalPrice: 25,
      price: 25,
    });
  });
  it('derives dollars and final price from a percent when no final price is given', () => {
    const p = computePricing({ baseCost: 8.95, markupPercentage: 100 });
    expect(p.markupDollar).toBe(8.95);
    expect(p.finalPrice).toBe(17.9);
  });
  it('derives from markup dollars when neither final price nor percent is given', () => {
    const p = computePricing({ baseCost: 20, markupDollar: 5 });
    expect(p.markupPercentage).toBe(25);
    expect(p.finalPrice).toBe(25);
  });
  it('sets the price field equal to the final price', () => {
    const p = computePricing({ baseCost: 3, markupPercentage: 50 });
    expect(p.price).toBe(p.finalPrice);
  });
  it('treats non-numeric input as 0', () => {
    expect(toPriceNumber('abc')).toBe(0);
    expect(computePricing({ baseCost: 10, markupDollar: Number.NaN }).finalPrice).toBe(10);
  });
  it('rounds a shop price up to the next .99', () => {
    expect(charmPrice(17.9)).toBe(17.99);
    expect(charmPrice(18)).toBe(17.99);
  });
});
