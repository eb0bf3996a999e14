import { describe, expect, it } from 'vitest';
import {
  failureMessage,
  nextSimulatedProgress,
  stageFor,
  startErrorMessage,
  TRANSFORMATION_MESSAGES,
} from './transformation';

describe('stage messages follow the progress (storefront §4)', () => {
  it.each([
    [21, 'Analyzing your image...'],
    [41, 'Applying artistic style...'],
    [61, 'Refining details...'],
    [81, 'Finalizing artwork...'],
    [100, 'Transformation complete!'],
  ])('at %i shows %s', (progress, stage) => expect(stageFor(progress)).toBe(stage));
  it('uses the lower stage exactly at a threshold ("over 20")', () =>
    expect(stageFor(40)).toBe('Analyzing your image...'));
});

describe('the simulated progress curve', () => {
  it('rises by 3 to 10', () => {
    expect(nextSimulatedProgress(10, () => 0)).toBe(13);
    expect(nextSimulatedProgress(10, () => 0.999)).toBe(20);
  });
  it('is capped at 90 until complete', () => expect(nextSimulatedProgress(88, () => 0.999)).toBe(90));
});

describe('transformation error messages (storefront §8)', () => {
  it('turns a 413 or Payload Too Large into the too-large message', () => {
    expect(startErrorMessage('Request failed with 413')).toBe(TRANSFORMATION_MESSAGES.tooLarge);
    expect(failureMessage('Payload Too Large: the photo is too big')).toBe(TRANSFORMATION_MESSAGES.tooLarge);
  });
  it("falls back to 'Failed to call transformation function' without a message", () =>
    expect(startErrorMessage(undefined)).toBe('Failed to call transformation function'));
  it('keeps the advice the spec appends when a start is refused with such a message', () => {
    expect(startErrorMessage('Image too large')).toBe(
      'Image too large Try taking a new photo or using a smaller image.',
    );
    expect(startErrorMessage('AI transformation failed: blocked')).toBe(
      'AI transformation failed: blocked This might be due to the image content or temporary service issues.',
    );
    expect(startErrorMessage(TRANSFORMATION_MESSAGES.originalNotFound)).toBe('Original image not found');
  });
  it("defaults to 'Transformation failed'", () => expect(failureMessage(null)).toBe('Transformation failed'));
  it("adds advice when the message says 'too large'", () =>
    expect(failureMessage('Image too large')).toBe('Image too large Try taking a new photo or using a smaller image.'));
  it("adds advice when the message says 'AI transformation failed'", () =>
    expect(failureMessage('AI transformation failed: blocked')).toBe(
      'AI transformation failed: blocked This might be due to the image content or temporary service issues.',
    ));
});
