import type { CartLine } from '@/domain/cart';

/** Where the checkout wizard opens below the products; the checkout feature fills it. */
export function CheckoutArea({ lines, onClose }: { lines: CartLine[]; onClose: () => void }) {
  return <section id="checkout" aria-label="Checkout" data-lines={lines.length} onKeyDown={(event) => event.key === 'Escape' && onClose()} className="mt-12" />;
}
