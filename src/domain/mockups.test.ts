import { describe, expect, it } from 'vitest';
import { mockupErrorMessage } from './mockups';

describe('mockup error messages (storefront §8)', () => {
  it("maps 'artwork is not accessible'", () =>
    expect(mockupErrorMessage('the artwork is not accessible', 1)).toBe(
      'Your artwork could not be accessed. Please try again.',
    ));
  it("maps 'timed out'", () =>
    expect(mockupErrorMessage('request timed out', 1)).toBe('Mockup generation timed out. Please try again.'));
  it('otherwise names the variant', () =>
    expect(mockupErrorMessage('boom', 1320)).toBe('Failed to generate previews for variant 1320'));
});
