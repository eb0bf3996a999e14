/**
 * Responsive images: the smaller copies (renditions) made when an artwork or a mockup is
 * rendered, and the `srcset` that lets the browser pick the one its layout needs, so a
 * thumbnail shown at 175 px on a phone loads a 400 px file, not the 800 px or 2048 px one.
 */

/**
 * Long sides of the renditions: phone thumbnails (400), desktop thumbnails and phones at
 * 2× density (800), large views (1600).
 */
export const RENDITION_LONG_SIDES = [400, 800, 1600] as const;

/** JPEG quality of a photo's public display copy and of every rendition. */
export const DISPLAY_JPEG_QUALITY = 85;

/** One rendition of a public image, as the API gives it: its real pixel size and its URL. */
export interface Rendition {
  width: number;
  height: number;
  url: string;
}

/** The long sides an image of this size gets renditions at: never one larger than the image. */
export function renditionLongSides(width: number, height: number): number[] {
  const longSide = Math.max(width, height);
  return RENDITION_LONG_SIDES.filter((side) => side <= longSide);
}

/**
 * The `srcset` of these renditions: one candidate per width, smallest first. Undefined when
 * there are none (an image rendered before renditions existed), so the `<img>` keeps its
 * single `src`.
 */
export function srcSetOf(renditions: readonly Rendition[] | null | undefined): string | undefined {
  const byWidth = new Map<number, string>();
  for (const rendition of renditions ?? []) {
    if (rendition.width > 0 && !byWidth.has(rendition.width)) byWidth.set(rendition.width, rendition.url);
  }
  if (byWidth.size === 0) return undefined;
  return [...byWidth]
    .sort(([a], [b]) => a - b)
    .map(([width, url]) => `${srcSetUrl(url)} ${width}w`)
    .join(', ');
}

/** A URL in a `srcset` ends at whitespace and a trailing comma separates candidates: escape both. */
function srcSetUrl(url: string): string {
  return url.replace(/\s/g, encodeURIComponent).replace(/,/g, '%2C');
}
