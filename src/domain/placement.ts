/**
 * Where the artwork goes on a product, decided once: the print area of a variant (its size in
 * inches and in print-file pixels), and the artwork's crop and position in it for the
 * visitor's choice of fill or fit. The local mockup draws exactly this, the print file is
 * rendered from exactly this, and Printful is sent exactly this, so what is printed is what
 * the visitor saw. Also the sharpness rule: how many of the photo's pixels land on each inch.
 */
import type { CatalogProduct, CatalogVariant, MockupKind } from './builtin-catalog.js';

/** Fill: the area is covered and the artwork cropped to it. Fit: the whole artwork, with a border. */
export type ArtFit = 'fill' | 'fit';
export const ART_FITS: readonly ArtFit[] = ['fill', 'fit'];

/** Print files of the built-in catalog are made at this resolution. */
export const PRINT_DPI = 300;
/** Below this many of the photo's pixels per printed inch, a print shows its pixels. */
export const SHARP_PRINT_MIN_DPI = 100;

export const PLACEMENT_TEXT = {
  tooSmall: 'Photo too small for a sharp print at this size',
  fill: 'Fill',
  fit: 'Fit',
  fillHint: 'Covers the whole print area; the edges are cropped as shown.',
  fitHint: 'Shows the whole picture, with a border where the shapes differ.',
  /** The effective resolution shown on a product. */
  resolution: (dpi: number) => `${Math.round(dpi)} dpi at this size`,
  paintedAtPrintSize: 'Painted at print size',
  smallerSize: (name: string) => `A smaller size prints sharp: ${name}`,
} as const;

export interface PrintArea {
  /** Printful's placement name: 'default', 'front', … */
  placement: string;
  /** Physical size of the whole area, inches. */
  widthIn: number;
  heightIn: number;
  /** The print file's size, pixels. */
  width: number;
  height: number;
  /** Copies of the artwork side by side (a mug carries it on both sides of the handle). */
  repeat: number;
  /** Where a fitted artwork sits in its cell: centred, or at the top (a chest print). */
  anchor: 'center' | 'top';
  /** What the product shows unless the visitor switches. */
  defaultFit: ArtFit;
  /** What shows where a fitted artwork leaves the area empty: white paper, or nothing (cloth). */
  background: 'white' | 'transparent';
}

/** A rectangle: of the artwork in fractions of its width and height, or of the print area in pixels. */
export interface Rect {
  left: number;
  top: number;
  width: number;
  height: number;
}

export interface Placement {
  area: PrintArea;
  fit: ArtFit;
  /** The part of the artwork printed, in fractions of its width and height. */
  crop: Rect;
  /** Where each copy of that part goes in the print file, pixels (one per `area.repeat`). */
  positions: Rect[];
}

type Size = { width: number; height: number };

const MUG_AREAS: Record<string, Size> = {
  '11 oz': { width: 9, height: 3.5 },
  '15 oz': { width: 9, height: 4 },
  '20 oz': { width: 9.3, height: 4.5 },
};
/** Canvas wraps round its 1.25″ stretcher bars: the print is that much larger on each side. */
export const CANVAS_WRAP_IN = 1.25;

/** Physical size of a variant like '18×24' or '16×20″' in inches, or undefined. */
export function sizeInInches(size: string | null | undefined): Size | undefined {
  const m = /(\d+(?:\.\d+)?)\s*[″"]?\s*[×x]\s*(\d+(?:\.\d+)?)/.exec(size ?? '');
  if (!m) return undefined;
  return { width: Number(m[1]), height: Number(m[2]) };
}

/** Wall art hangs landscape when the artwork is clearly wider than tall. */
export function orientedSize(size: Size, artAspect: number): Size {
  const short = Math.min(size.width, size.height);
  const long = Math.max(size.width, size.height);
  return artAspect > 1.05 ? { width: long, height: short } : { width: short, height: long };
}

interface AreaShape {
  inches: Size;
  repeat?: number;
  anchor?: PrintArea['anchor'];
  defaultFit: ArtFit;
  background?: PrintArea['background'];
}

function shapeOf(kind: MockupKind, variant: Pick<CatalogVariant, 'size'>, artAspect: number): AreaShape {
  switch (kind) {
    case 'mug':
      return { inches: MUG_AREAS[variant.size ?? ''] ?? MUG_AREAS['11 oz']!, repeat: 2, defaultFit: 'fit' };
    case 'poster':
      return {
        inches: orientedSize(sizeInInches(variant.size) ?? { width: 18, height: 24 }, artAspect),
        defaultFit: 'fill',
      };
    case 'framed-poster':
      return {
        inches: orientedSize(sizeInInches(variant.size) ?? { width: 18, height: 24 }, artAspect),
        defaultFit: 'fill',
      };
    case 'canvas': {
      const face = orientedSize(sizeInInches(variant.size) ?? { width: 16, height: 20 }, artAspect);
      return {
        inches: { width: face.width + 2 * CANVAS_WRAP_IN, height: face.height + 2 * CANVAS_WRAP_IN },
        defaultFit: 'fill',
      };
    }
    case 't-shirt':
      return { inches: { width: 12, height: 16 }, anchor: 'top', defaultFit: 'fit', background: 'transparent' };
    case 'hoodie':
      return { inches: { width: 11, height: 11 }, anchor: 'top', defaultFit: 'fit', background: 'transparent' };
    case 'tote':
      return { inches: { width: 11.2, height: 11.2 }, defaultFit: 'fit', background: 'transparent' };
    case 'phone-case':
      return { inches: { width: 4, height: 8 }, defaultFit: 'fill' };
    case 'pillow': {
      const side = sizeInInches(variant.size)?.width ?? 18;
      return { inches: { width: side, height: side }, defaultFit: 'fill' };
    }
  }
}

/**
 * The print area of a variant of the built-in catalog for an artwork of this aspect (wall art
 * hangs in the artwork's orientation), at 300 dpi. With Printful live, `printfileSize` is the
 * printfile Printful's catalog gives for the variant: its pixels, the same physical shape.
 */
export function printAreaOf(
  product: Pick<CatalogProduct, 'mockup' | 'print_areas'>,
  variant: Pick<CatalogVariant, 'size'>,
  artAspect: number,
  printfileSize?: Size,
): PrintArea {
  const shape = shapeOf(product.mockup, variant, artAspect);
  const placement = product.print_areas[0]?.placement ?? 'default';
  let width = Math.round(shape.inches.width * PRINT_DPI);
  let height = Math.round(shape.inches.height * PRINT_DPI);
  if (printfileSize) {
    // Printful's printfiles are portrait for wall art; turned with the artwork like the product.
    const turn =
      width > height !== printfileSize.width > printfileSize.height && printfileSize.width !== printfileSize.height;
    width = turn ? printfileSize.height : printfileSize.width;
    height = turn ? printfileSize.width : printfileSize.height;
  }
  return {
    placement,
    widthIn: shape.inches.width,
    heightIn: shape.inches.height,
    width,
    height,
    repeat: shape.repeat ?? 1,
    anchor: shape.anchor ?? 'center',
    defaultFit: shape.defaultFit,
    background: shape.background ?? 'white',
  };
}

/**
 * The artwork's crop and position in the print area: filled, the artwork is cropped about its
 * centre to each copy's cell; fitted, the whole artwork is as large as the cell allows,
 * centred (or at the top of a chest print). Positions are whole pixels.
 */
export function placeArtwork(area: PrintArea, art: Size, fit: ArtFit): Placement {
  const cellWidth = area.width / area.repeat;
  const cellAspect = cellWidth / area.height;
  const artAspect = art.width / art.height;
  let crop: Rect = { left: 0, top: 0, width: 1, height: 1 };
  let inCell: Rect;
  if (fit === 'fill') {
    if (artAspect > cellAspect) {
      const w = cellAspect / artAspect;
      crop = { left: (1 - w) / 2, top: 0, width: w, height: 1 };
    } else {
      const h = artAspect / cellAspect;
      crop = { left: 0, top: (1 - h) / 2, width: 1, height: h };
    }
    inCell = { left: 0, top: 0, width: cellWidth, height: area.height };
  } else {
    const scale = Math.min(cellWidth / art.width, area.height / art.height);
    const width = art.width * scale;
    const height = art.height * scale;
    inCell = {
      left: (cellWidth - width) / 2,
      top: area.anchor === 'top' ? 0 : (area.height - height) / 2,
      width,
      height,
    };
  }
  const positions = Array.from({ length: area.repeat }, (_, copy) => {
    const left = Math.round(copy * cellWidth + inCell.left);
    const top = Math.round(inCell.top);
    return {
      left,
      top,
      width: Math.round(copy * cellWidth + inCell.left + inCell.width) - left,
      height: Math.round(inCell.top + inCell.height) - top,
    };
  });
  return { area, fit, crop, positions };
}

/** The placement of an artwork on a built-in variant, for the visitor's fit (the product's default when none). */
export function placementFor(
  product: Pick<CatalogProduct, 'mockup' | 'print_areas'>,
  variant: Pick<CatalogVariant, 'size'>,
  art: Size,
  fit?: ArtFit | null,
  printfileSize?: Size,
): Placement {
  const area = printAreaOf(product, variant, art.width / art.height, printfileSize);
  return placeArtwork(area, art, fit ?? area.defaultFit);
}

export interface Sharpness {
  /** The photo's pixels per printed inch on this product. */
  dpi: number;
  /** Whether the artwork is painted at the print's own scale (a local painterly style). */
  paintedAtPrintSize: boolean;
  /** Whether the product may be bought with this artwork. */
  sharp: boolean;
}

/**
 * How sharp the photo prints: the photo's pixels under the crop, spread over the inches its
 * copy covers. A painterly style paints its detail at print size, so it is never refused.
 */
export function sharpnessOf(placement: Placement, photo: Size, paintedAtPrintSize: boolean): Sharpness {
  const { area, crop, positions } = placement;
  const position = positions[0]!;
  const inches = (position.width / area.width) * area.widthIn;
  const dpi = (crop.width * photo.width) / inches;
  return { dpi, paintedAtPrintSize, sharp: paintedAtPrintSize || dpi >= SHARP_PRINT_MIN_DPI };
}

/** What the storefront is told about a product with this artwork: its placement's fit and how sharp it prints. */
export interface PrintCheck {
  variant_id: number;
  fit: ArtFit;
  default_fit: ArtFit;
  /** The photo's pixels per printed inch; painted styles print sharp whatever this is. */
  dpi: number;
  painted_at_print_size: boolean;
  /** Whether the product may be bought with this artwork at this fit. */
  sharp: boolean;
  /** The print file's size. */
  print_width: number;
  print_height: number;
}

/**
 * The check of a built-in variant for an artwork (`art`: its size, for the placement) made
 * from a photo printing `photo` pixels (the original for local styles, the artwork itself for
 * hosted ones).
 */
export function printCheckOf(
  found: { product: Pick<CatalogProduct, 'mockup' | 'print_areas'>; variant: Pick<CatalogVariant, 'id' | 'size'> },
  art: Size,
  photo: Size,
  paintedAtPrintSize: boolean,
  fit?: ArtFit | null,
): PrintCheck {
  const placement = placementFor(found.product, found.variant, art, fit);
  const sharpness = sharpnessOf(placement, photo, paintedAtPrintSize);
  return {
    variant_id: found.variant.id,
    fit: placement.fit,
    default_fit: placement.area.defaultFit,
    dpi: Math.round(sharpness.dpi),
    painted_at_print_size: paintedAtPrintSize,
    sharp: sharpness.sharp,
    print_width: placement.area.width,
    print_height: placement.area.height,
  };
}
