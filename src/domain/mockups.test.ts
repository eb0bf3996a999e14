import { describe, expect, it } from 'vitest';
import { mockupErrorMessage } from './mockups';

describe('mockup error messages (storefront §8)', () => {
  it("maps 'artwork is not accessible'", () =>
    expect(mockupErrorMessage('the artwork is not accessible', 'Classic Mug 11 oz')).toBe(
      'Your artwork could not be accessed. Please try again.',
    ));
  it("maps 'timed out'", () =>
    expect(mockupErrorMessage('request timed out', 'Classic Mug 11 oz')).toBe(
      'Mockup generation timed out. Please try again.',
    ));
  it('otherwise names the variant as the shopper knows it, never by the provider’s id', () =>
    expect(mockupErrorMessage('Failed to generate previews for variant 1320', 'Classic Mug 11 oz')).toBe(
      'Failed to generate previews for variant Classic Mug 11 oz',
    ));
});
