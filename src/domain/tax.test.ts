import { describe, expect, it } from 'vitest';
import { DEFAULT_TAX_RULES, lineTax, orderAmounts, refundTaxShare, taxLabel, taxRuleFor, taxRulesSchema } from './tax';

const rule = (country: string, state: string | null) => taxRuleFor(DEFAULT_TAX_RULES, country, state);

describe('a rule per country, and per US state or Canadian province', () => {
  it('Belgium: VAT 21 %, included in the price, shipping taxed', () =>
    expect(rule('BE', '')).toMatchObject({ name: 'VAT', ratePercent: 21, inclusive: true, taxShipping: true }));
  it('California: sales tax 7.25 %, added, shipping not taxed', () =>
    expect(rule('US', 'ca')).toMatchObject({ ratePercent: 7.25, inclusive: false, taxShipping: false }));
  it('Ontario: HST 13 %, added', () => expect(rule('CA', 'ON')).toMatchObject({ name: 'HST', ratePercent: 13 }));
  it('a state with no rule pays none', () => expect(rule('US', 'OR')).toBeNull());
  it('a state rule wins over the country’s', () => {
    const rules = [
      { country: 'US', region: null, name: 'Tax', ratePercent: 1, inclusive: false, taxShipping: false },
      { country: 'US', region: 'NY', name: 'NY', ratePercent: 4, inclusive: false, taxShipping: true },
    ];
    expect(taxRuleFor(rules, 'US', 'NY')!.name).toBe('NY');
    expect(taxRuleFor(rules, 'US', 'OR')!.name).toBe('Tax');
  });
});

describe('rounding per line to the cent', () => {
  it('added tax rounds half up on each line', () => {
    expect(lineTax(2599, 7.25, false)).toBe(188); // 188.4275
    expect(lineTax(1000, 7.25, false)).toBe(73); // 72.5
  });
  it('included tax is the part of the price above its net', () => {
    expect(lineTax(2599, 21, true)).toBe(451); // 2599 - round(2147.93)
    expect(lineTax(121, 21, true)).toBe(21);
  });
  it('two lines round apart, as Stripe does, not on their sum', () => {
    const amounts = orderAmounts([1005, 1005], 0, { ...rule('US', 'CA')!, ratePercent: 5 });
    // 1005 × 5 % = 50.25 → 50 per line; the sum 2010 × 5 % would have rounded to 101.
    expect(amounts.taxCents).toBe(100);
  });
});

describe('the order’s amounts', () => {
  it('Belgium: VAT is inside the items and the shipping; the total is items + shipping', () => {
    const amounts = orderAmounts([2599, 1999], 799, rule('BE', null));
    expect(amounts.subtotalCents).toBe(4598);
    expect(amounts.taxCents).toBe(451 + 347 + 139);
    expect(amounts.totalCents).toBe(4598 + 799);
    expect(amounts.tax).toMatchObject({ inclusive: true, shippingTaxed: true });
  });
  it('California: sales tax is added on the items only', () => {
    const amounts = orderAmounts([2599], 699, rule('US', 'CA'));
    expect(amounts.taxCents).toBe(188);
    expect(amounts.totalCents).toBe(2599 + 699 + 188);
  });
  it('New York taxes shipping too', () => {
    const amounts = orderAmounts([2599], 699, rule('US', 'NY'));
    expect(amounts.taxCents).toBe(104 + 28);
    expect(amounts.totalCents).toBe(2599 + 699 + 132);
  });
  it('no rule: no tax', () =>
    expect(orderAmounts([2599], 699, null)).toEqual({
      subtotalCents: 2599,
      shippingCents: 699,
      taxCents: 0,
      totalCents: 3298,
      tax: null,
    }));
});

describe('labels, refunds and the owner’s rules', () => {
  it('labels say whether the tax is included', () => {
    expect(taxLabel({ name: 'VAT', ratePercent: 21, inclusive: true })).toBe('VAT 21% (included)');
    expect(taxLabel({ name: 'Sales tax', ratePercent: 7.25, inclusive: false })).toBe('Sales tax 7.25%');
  });
  it('a refund gives back tax in proportion', () => {
    expect(refundTaxShare(1000, { totalCents: 2000, taxCents: 151 })).toBe(76);
    expect(refundTaxShare(2000, { totalCents: 2000, taxCents: 151 })).toBe(151);
  });
  it('refuses two rules for one place and a rate above 30 %', () => {
    const be = { country: 'be', region: '', name: 'VAT', ratePercent: 21, inclusive: true, taxShipping: true };
    expect(taxRulesSchema.safeParse([be]).data?.[0]).toMatchObject({ country: 'BE', region: null });
    expect(taxRulesSchema.safeParse([be, be]).success).toBe(false);
    expect(taxRulesSchema.safeParse([{ ...be, ratePercent: 31 }]).success).toBe(false);
  });
});
