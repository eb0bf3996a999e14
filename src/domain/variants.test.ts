import { describe, expect, it } from 'vitest';
import { describeVariantProblem, variantProblem } from './variants';

const regions = (...statuses: Array<'in_stock' | 'stocked_on_demand' | 'discontinued' | 'out_of_stock'>) =>
  statuses.map((status, i) => ({ region: `R${i}`, status }));

describe('whether a variant can still be made', () => {
  it('is fine while some region stocks it or prints on demand', () =>
    expect(
      variantProblem({ in_stock: true, availability_status: regions('out_of_stock', 'stocked_on_demand') }),
    ).toBeUndefined());
  it('is discontinued when every region says so, or the product is', () => {
    expect(variantProblem({ in_stock: false, availability_status: regions('discontinued', 'discontinued') })).toBe(
      'discontinued',
    );
    expect(variantProblem({ in_stock: true, availability_status: regions('in_stock') }, true)).toBe('discontinued');
  });
  it('is out of stock when no region has it', () =>
    expect(variantProblem({ in_stock: false, availability_status: regions('out_of_stock') })).toBe('out_of_stock'));
});

describe('variant problem phrases (storefront §8)', () => {
  it.each([
    ['discontinued', 'has been discontinued'],
    ['out_of_stock', 'is currently out of stock'],
    ['not_found', 'could not be found (possibly removed or migrated)'],
    ['error', 'encountered an API error'],
  ] as const)('%s → %s', (reason, phrase) => expect(describeVariantProblem(7, reason)).toBe(`Variant 7 ${phrase}`));
});
