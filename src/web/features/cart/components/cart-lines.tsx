import { Minus, Plus } from 'lucide-react';
import { cartTotalCents, lineKey, lineTotalCentsOf, type CartLine } from '@/domain/cart';
import { srcSetOf } from '@/domain/images';
import { formatCents } from '@/domain/money';
import { PLACEMENT_TEXT } from '@/domain/placement';
import { cart } from '../api/cart-store';

/** Items in the cart: each line's quantity, summed. */
export function itemCount(lines: CartLine[]): number {
  return lines.reduce((sum, line) => sum + line.quantity, 0);
}

/**
 * The cart's lines, each with its own artwork on its product, and the total: shared by the
 * Order Summary and the cart drawer. `fixed` while the order is being paid for: its lines
 * stay as they are until the visitor goes back.
 */
export function CartLines({ lines, fixed = false }: { lines: CartLine[]; fixed?: boolean }) {
  return (
    <>
      <ul className="divide-y">
        {lines.map((line) => (
          <li key={lineKey(line)} className="flex items-center gap-3 py-3" data-testid="summary-line">
            <img
              src={line.mockupUrls[0] ?? line.artworkUrl}
              srcSet={srcSetOf(line.thumbnailRenditions)}
              sizes="48px"
              alt=""
              className="size-12 shrink-0 rounded-md border bg-muted object-cover"
              data-testid="summary-thumbnail"
            />
            <div className="min-w-0 flex-1">
              <p className="truncate text-sm font-medium">{line.product.name}</p>
              {line.fit && (
                <p className="text-xs text-muted-foreground" data-testid="summary-fit">
                  Artwork: {PLACEMENT_TEXT[line.fit]}
                </p>
              )}
              {fixed ? (
                <p className="mt-1 text-xs text-muted-foreground">
                  Quantity <span data-testid="summary-quantity">{line.quantity}</span>
                </p>
              ) : (
                <div className="mt-1 inline-flex items-center rounded-md border">
                  <button
                    type="button"
                    className="grid size-7 place-items-center hover:bg-muted"
                    aria-label={`One fewer ${line.product.name}`}
                    onClick={() => cart.setQuantity(lineKey(line), line.quantity - 1)}
                  >
                    <Minus className="size-3.5" />
                  </button>
                  <span className="w-7 text-center text-sm tabular-nums" data-testid="summary-quantity">
                    {line.quantity}
                  </span>
                  <button
                    type="button"
                    className="grid size-7 place-items-center hover:bg-muted"
                    aria-label={`One more ${line.product.name}`}
                    onClick={() => cart.setQuantity(lineKey(line), line.quantity + 1)}
                  >
                    <Plus className="size-3.5" />
                  </button>
                </div>
              )}
            </div>
            <span className="text-sm font-semibold tabular-nums" data-testid="summary-line-total">
              {formatCents(lineTotalCentsOf(line))}
            </span>
          </li>
        ))}
      </ul>
      <div className="mt-2 flex items-center justify-between border-t pt-4 text-base font-semibold">
        <span>Total</span>
        <span data-testid="summary-total">{formatCents(cartTotalCents(lines))}</span>
      </div>
    </>
  );
}
