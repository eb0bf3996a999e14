/** The feed's pure rules: page links (admin §2, §9) and the filters' validation (§5). */
import { describe, expect, it } from 'vitest';
import { pageNumbers, totalPages, transformationFiltersSchema } from './admin-transformations';

describe('pagination shows up to 5 page numbers around the current page', () => {
  it('centres the current page when it can', () => {
    expect(pageNumbers(6, 12)).toEqual([4, 5, 6, 7, 8]);
  });
  it('stays inside the first and last pages', () => {
    expect(pageNumbers(1, 12)).toEqual([1, 2, 3, 4, 5]);
    expect(pageNumbers(12, 12)).toEqual([8, 9, 10, 11, 12]);
    expect(pageNumbers(2, 3)).toEqual([1, 2, 3]);
    expect(pageNumbers(1, 0)).toEqual([]);
  });
  it('counts 20 a page, and one page when there is nothing', () => {
    expect(totalPages(0)).toBe(1);
    expect(totalPages(20)).toBe(1);
    expect(totalPages(21)).toBe(2);
  });
});

describe('the filters', () => {
  it('treat empty values as no filter and start on page 1', () => {
    expect(transformationFiltersSchema.parse({ search: '', style_id: '', homepage: '', from: '', to: '' })).toEqual({
      page: 1,
    });
  });
  it("refuse From after To: 'From Date cannot be after To Date'", () => {
    const result = transformationFiltersSchema.safeParse({ from: '2026-03-05', to: '2026-03-01' });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0].message).toBe('From Date cannot be after To Date');
    expect(transformationFiltersSchema.safeParse({ from: '2026-03-05', to: '2026-03-05' }).success).toBe(true);
  });
});
