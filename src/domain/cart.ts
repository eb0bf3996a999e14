/** The cart's rules (storefront §4 Cart, §9): pure, so the web and its tests share them. */
import { dollarsToCents } from './money.js';

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
}

export const MODAL_QUANTITY = { min: 0, initial: 1, max: 99 } as const;

export interface AddToCart {
  product: CartProduct;
  quantity: number;
  transformationId: string;
  artworkUrl: string;
  mockupUrls: string[];
}

/** Adding a product already in the cart increases its quantity (and prints the newest artwork). */
export function addToCart(lines: CartLine[], item: AddToCart): CartLine[] {
  if (item.quantity <= 0) return lines;
  const existing = lines.find((line) => line.productId === item.product.id);
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
      },
    ];
  }
  return lines.map((line) =>
    line === existing
      ? {
          ...line,
          quantity: Math.min(line.quantity + item.quantity, MODAL_QUANTITY.max),
          product: item.product,
          transformationId: item.transformationId,
          artworkUrl: item.artworkUrl,
          mockupUrls: item.mockupUrls.length > 0 ? item.mockupUrls : line.mockupUrls,
        }
      : line,
  );
}

/** A change that makes the quantity 0 or less removes the line. */
export function setQuantity(lines: CartLine[], productId: string, quantity: number): CartLine[] {
  if (quantity <= 0) return lines.filter((line) => line.productId !== productId);
  return lines.map((line) => (line.productId === productId ? { ...line, quantity: Math.min(quantity, MODAL_QUANTITY.max) } : line));
}

export function lineTotalCentsOf(line: CartLine): number {
  return dollarsToCents(line.product.final_price) * line.quantity;
}

export function cartTotalCents(lines: CartLine[]): number {
  return lines.reduce((sum, line) => sum + lineTotalCentsOf(line), 0);
}

export function quantityOf(lines: CartLine[], productId: string): number {
  return lines.find((line) => line.productId === productId)?.quantity ?? 0;
}
