import { useRef } from 'react';
import { Link } from 'react-router';
import { ShoppingBag } from 'lucide-react';
import { cartTotalCents } from '@/domain/cart';
import { formatCents } from '@/domain/money';
import { PAGES } from '@/domain/pages';
import { Button } from '@/web/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/web/components/ui/dialog';
import { cn } from '@/web/lib/utils';
import { useCart } from '../api/cart-store';
import { CartLines, itemCount } from './cart-lines';

const items = (count: number) => `${count} ${count === 1 ? 'item' : 'items'}`;

/** The header's cart: a bag with the number of items, opening the cart drawer. */
export function CartButton({ onOpen }: { onOpen: () => void }) {
  const count = itemCount(useCart());
  return (
    <button
      type="button"
      onClick={onOpen}
      className="relative grid size-10 place-items-center rounded-full text-foreground hover:bg-muted"
      aria-label={count > 0 ? `Cart, ${items(count)}` : 'Cart, empty'}
      data-testid="cart-button"
    >
      <ShoppingBag className="size-5" aria-hidden />
      {count > 0 && (
        <span
          className="absolute -right-0.5 -top-0.5 grid h-5 min-w-5 place-items-center rounded-full bg-primary px-1 text-xs font-semibold tabular-nums text-primary-foreground"
          aria-hidden
          data-testid="cart-count"
        >
          {count}
        </span>
      )}
    </button>
  );
}

/** On a phone, the cart stays in reach at the bottom of the screen whenever it holds something. */
export function CartPhoneBar({ onOpen, hidden }: { onOpen: () => void; hidden: boolean }) {
  const lines = useCart();
  if (lines.length === 0 || hidden) return null;
  return (
    <div className="no-print fixed inset-x-0 bottom-0 z-30 border-t bg-background/95 p-3 backdrop-blur md:hidden">
      <Button variant="accent" size="lg" className="w-full" onClick={onOpen} data-testid="cart-phone-bar">
        <ShoppingBag aria-hidden />
        Cart ({itemCount(lines)}) · {formatCents(cartTotalCents(lines))}
      </Button>
    </div>
  );
}

/**
 * The cart from any page, as a panel from the side: every line with its artwork, quantities,
 * the total, and the way to checkout. `checkingOut`: checkout is open on the page behind, so
 * the lines are fixed and the button goes back to it.
 */
export function CartDrawer({
  open,
  onOpenChange,
  checkingOut,
  onCheckout,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  checkingOut: boolean;
  onCheckout: () => void;
}) {
  const lines = useCart();
  const firstAction = useRef<HTMLButtonElement & HTMLAnchorElement>(null);
  const count = itemCount(lines);
  // Proceeding, focus goes on to the checkout, not back to the cart button.
  const proceeding = useRef(false);
  const proceed = () => {
    proceeding.current = true;
    onOpenChange(false);
    onCheckout();
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      {/* Mounted as it opens, so that it knows what to give focus back to (see DialogContent). */}
      {open && (
        <DialogContent
          className={cn(
            'left-auto right-0 top-0 flex h-dvh max-h-dvh w-full max-w-md translate-x-0 translate-y-0 flex-col gap-0 rounded-none p-0 sm:rounded-l-xl',
          )}
          // The first thing to do here is the way on, not a quantity button.
          onOpenAutoFocus={(event) => {
            proceeding.current = false;
            event.preventDefault();
            firstAction.current?.focus();
          }}
          onCloseAutoFocus={(event) => {
            if (proceeding.current) event.preventDefault();
          }}
          data-testid="cart-drawer"
        >
          <DialogHeader className="border-b px-6 py-5">
            <DialogTitle>Your cart</DialogTitle>
            <DialogDescription>{count > 0 ? items(count) : 'Your cart is empty.'}</DialogDescription>
          </DialogHeader>
          {lines.length > 0 ? (
            <>
              <div className="flex-1 overflow-y-auto px-6 py-2">
                <CartLines lines={lines} fixed={checkingOut} />
              </div>
              <div className="border-t p-6">
                <Button ref={firstAction} size="lg" variant="accent" className="w-full" onClick={proceed}>
                  {checkingOut ? 'Continue to Checkout' : 'Proceed to Checkout'}
                </Button>
              </div>
            </>
          ) : (
            <div className="flex flex-1 flex-col items-center justify-center gap-4 px-6 text-center">
              <ShoppingBag className="size-10 text-muted-foreground" aria-hidden />
              <p className="text-muted-foreground">
                Turn a travel photo into art, then put it on a mug, a poster or a shirt.
              </p>
              <Button asChild size="lg" onClick={() => onOpenChange(false)}>
                <Link ref={firstAction} to={PAGES.transform.path}>
                  Create artwork
                </Link>
              </Button>
            </div>
          )}
        </DialogContent>
      )}
    </Dialog>
  );
}
