/**
 * The visitor's cart: kept in localStorage so it survives a reload, shared by every
 * component through one tiny store (the rules themselves are in src/domain/cart.ts).
 */
import { useSyncExternalStore } from 'react';
import { addToCart, lineKey, setQuantity, type AddToCart, type CartLine } from '@/domain/cart';

const STORAGE_KEY = 'wanderer.cart.v1';
const listeners = new Set<() => void>();
let lines: CartLine[] = read();

function read(): CartLine[] {
  try {
    const stored = JSON.parse(localStorage.getItem(STORAGE_KEY) ?? '[]');
    return Array.isArray(stored) ? stored.filter((line) => line?.productId && line.quantity > 0 && line.product) : [];
  } catch {
    return [];
  }
}

function write(next: CartLine[]): void {
  lines = next;
  try {
    localStorage.setItem(STORAGE_KEY, JSON.stringify(next));
  } catch {
    // Private browsing may refuse storage; the cart still works for this visit.
  }
  listeners.forEach((listener) => listener());
}

// Another tab changed the cart.
window.addEventListener('storage', (event) => {
  if (event.key === STORAGE_KEY) {
    lines = read();
    listeners.forEach((listener) => listener());
  }
});

export const cart = {
  add: (item: AddToCart) => write(addToCart(lines, item)),
  setQuantity: (key: string, quantity: number) => write(setQuantity(lines, key, quantity)),
  clear: () => write([]),
  /** A paid order's lines leave the cart; anything else the visitor added stays. */
  removeOrdered: (items: { product_id: string | null; transformation_id: string | null }[]) => {
    const ordered = new Set(
      items.map((item) =>
        lineKey({ productId: item.product_id ?? '', transformationId: item.transformation_id ?? '' }),
      ),
    );
    write(lines.filter((line) => !ordered.has(lineKey(line))));
  },
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  snapshot: () => lines,
};

export function useCart(): CartLine[] {
  return useSyncExternalStore(cart.subscribe, cart.snapshot);
}
