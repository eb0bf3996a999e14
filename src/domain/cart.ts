/** The cart's rules (storefront §4 Cart, §9): pure, so the web and its tests share them. */
import type { Rendition } from './images.js';
import { dollarsToCents } from './money.js';
import type { ArtFit } from './placement.js';

export interface CartProduct {
  id: string;
  name: string;
  printful_variant_id: number | null;
  /** Dollars, as the product list gives it. */
  final_price: number;
}

export interface CartLine {
  productId: string;
  quantity: number;
  product: CartProduct;
  /** The artwork this line prints: the transformation it was added with. */
  transformationId: string;
  artworkUrl: string;
  mockupUrls: string[];
  /** Renditions of the line's thumbnail (its first mockup, else the artwork), for `srcset`. */
  thumbnailRenditions?: Rendition[];
  /** Fill or fit, as chosen in the preview (issue 37); absent: the product's default. */
  fit?: ArtFit;
}

export const MODAL_QUANTITY = { min: 0, initial: 1, max: 99 } as const;

export interface AddToCart {
  product: CartProduct;
  quantity: number;
  transformationId: string;
  artworkUrl: string;
  mockupUrls: string[];
  thumbnailRenditions?: Rendition[];
  fit?: ArtFit;
}

/**
 * A line is one product printed with one artwork: the same mug with two artworks is two lines,
 * so an earlier line never changes to print a newer artwork.
 */
export function lineKey(line: Pick<CartLine, 'productId' | 'transformationId'>): string {
  return `${line.productId}:${line.transformationId}`;
}

/** Adding a product already in the cart with the same artwork increases that line's quantity. */
export function addToCart(lines: CartLine[], item: AddToCart): CartLine[] {
  if (item.quantity <= 0) return lines;
  const key = lineKey({ productId: item.product.id, transformationId: item.transformationId });
  const existing = lines.find((line) => lineKey(line) === key);
  if (!existing) {
    return [
      ...lines,
      {
        productId: item.product.id,
        quantity: Math.min(item.quantity, MODAL_QUANTITY.max),
        product: item.product,
        transformationId: item.transformationId,
        artworkUrl: item.artworkUrl,
        mockupUrls: item.mockupUrls,
        thumbnailRenditions: item.thumbnailRenditions,
        ...(item.fit ? { fit: item.fit } : {}),
      },
    ];
  }
  return lines.map((line) =>
    line === existing
      ? {
          ...line,
          quantity: Math.min(line.quantity + item.quantity, MODAL_QUANTITY.max),
          product: item.product,
          ...(item.mockupUrls.length > 0
            ? { mockupUrls: item.mockupUrls, thumbnailRenditions: item.thumbnailRenditions }
            : {}),
          // The visitor's latest choice of fill or fit is the one printed, with its mockups.
          ...(item.fit ? { fit: item.fit } : {}),
        }
      : line,
  );
}

/** A change that makes the quantity 0 or less removes the line (`key` is its lineKey). */
export function setQuantity(lines: CartLine[], key: string, quantity: number): CartLine[] {
  if (quantity <= 0) return lines.filter((line) => lineKey(line) !== key);
  return lines.map((line) =>
    lineKey(line) === key ? { ...line, quantity: Math.min(quantity, MODAL_QUANTITY.max) } : line,
  );
}

export function lineTotalCentsOf(line: CartLine): number {
  return dollarsToCents(line.product.final_price) * line.quantity;
}

export function cartTotalCents(lines: CartLine[]): number {
  return lines.reduce((sum, line) => sum + lineTotalCentsOf(line), 0);
}

/** How many of a product the cart holds with this artwork. */
export function quantityOf(lines: CartLine[], productId: string, transformationId: string | null): number {
  return (
    lines.find((line) => line.productId === productId && line.transformationId === transformationId)?.quantity ?? 0
  );
}
