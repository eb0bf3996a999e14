import { describe, expect, it } from 'vitest';
import { renditionLongSides, srcSetOf, type Rendition } from './images';

const rendition = (width: number, height: number, url = `/files/r-${width}.jpg`): Rendition => ({
  width,
  height,
  url,
});

describe('renditions are made at 400, 800 and 1600 px long side, never larger than the image', () => {
  it('gives a 2048 px artwork all three', () => expect(renditionLongSides(2048, 1536)).toEqual([400, 800, 1600]));
  it('measures a portrait image by its height', () => expect(renditionLongSides(1200, 1600)).toEqual([400, 800, 1600]));
  it('gives an 800 px mockup 400 and 800 only', () => expect(renditionLongSides(800, 800)).toEqual([400, 800]));
  it('gives an image smaller than 400 px none', () => expect(renditionLongSides(390, 300)).toEqual([]));
});

describe('srcSetOf offers each rendition by its real width, smallest first', () => {
  it('lists width descriptors in ascending order', () =>
    expect(srcSetOf([rendition(1600, 1200), rendition(400, 300), rendition(800, 600)])).toBe(
      '/files/r-400.jpg 400w, /files/r-800.jpg 800w, /files/r-1600.jpg 1600w',
    ));
  it('uses the width, not the long side, of a portrait rendition', () =>
    expect(srcSetOf([rendition(300, 400), rendition(1200, 1600)])).toBe(
      '/files/r-300.jpg 300w, /files/r-1200.jpg 1200w',
    ));
  it('keeps the first of two renditions of one width', () =>
    expect(srcSetOf([rendition(400, 400, '/a.jpg'), rendition(400, 400, '/b.jpg')])).toBe('/a.jpg 400w'));
  it('escapes commas and spaces that would split a candidate', () =>
    expect(srcSetOf([rendition(400, 300, 'https://cdn.example/a b,c.jpg')])).toBe(
      'https://cdn.example/a%20b%2Cc.jpg 400w',
    ));
  it('is undefined for an older image without renditions, so the img keeps its src', () => {
    expect(srcSetOf(undefined)).toBeUndefined();
    expect(srcSetOf(null)).toBeUndefined();
    expect(srcSetOf([])).toBeUndefined();
  });
});
