import { useState } from 'react';
import { Link, Outlet, useLocation, useNavigate } from 'react-router';
import { PAGES } from '@/domain/pages';
import { useCart } from '@/web/features/cart/api/cart-store';
import { CartButton, CartDrawer, CartPhoneBar } from '@/web/features/cart/components/cart-drawer';
import { useCheckoutOpen } from '@/web/features/checkout/lib/checkout-draft';
import { TestModeBanner } from '@/web/features/checkout/components/test-mode-banner';
import { useSite } from '@/web/features/site/api/get-site';

export function PublicLayout() {
  const { data: site } = useSite();
  const siteName = site?.siteName ?? 'Wanderer';
  const [cartOpen, setCartOpen] = useState(false);
  const hasLines = useCart().length > 0;
  const [checkoutOpen, setCheckoutOpen] = useCheckoutOpen();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  // Checking out, the page itself shows the order: the phone's cart bar would only cover it.
  const checkingOut = checkoutOpen && pathname === PAGES.transform.path;
  const phoneBar = hasLines && !checkingOut;
  // Checkout lives on the transform page, below the artwork.
  const goToCheckout = () => {
    setCheckoutOpen(true);
    if (pathname !== PAGES.transform.path) navigate(PAGES.transform.path);
    else {
      // Already open below the artwork: scroll to it, and focus its heading as opening it would.
      document.getElementById('checkout')?.scrollIntoView({ behavior: 'smooth', block: 'start' });
      document.getElementById('checkout-title')?.focus({ preventScroll: true });
    }
  };
  return (
    <div className={phoneBar ? 'flex min-h-screen flex-col pb-20 md:pb-0' : 'flex min-h-screen flex-col'}>
      <a
        href="#main-content"
        className="no-print sr-only rounded-md bg-primary text-sm font-medium text-primary-foreground shadow-lg focus:not-sr-only focus:fixed focus:left-4 focus:top-4 focus:z-50 focus:px-4 focus:py-2"
      >
        Skip to content
      </a>
      <TestModeBanner />
      <header className="no-print border-b bg-background/80 backdrop-blur supports-[backdrop-filter]:bg-background/70 sticky top-0 z-30">
        <div className="mx-auto flex h-16 max-w-6xl items-center justify-between px-4">
          <Link
            to="/"
            className="flex items-center gap-2 font-display text-2xl font-semibold tracking-tight text-primary"
          >
            <img src="/favicon.svg" alt="" className="size-8" />
            {siteName}
          </Link>
          <nav className="flex items-center gap-3 text-sm font-medium text-muted-foreground sm:gap-5">
            <Link to="/transform" className="hover:text-foreground">
              Create artwork
            </Link>
            <CartButton onOpen={() => setCartOpen(true)} />
          </nav>
        </div>
      </header>
      {/* tabIndex lets the skip link move focus here, not only the scroll position. */}
      <main id="main-content" tabIndex={-1} className="flex-1 focus:outline-none">
        <Outlet />
      </main>
      <footer className="no-print border-t bg-secondary/40">
        <div className="mx-auto flex max-w-6xl flex-col gap-2 px-4 py-8 text-sm text-muted-foreground md:flex-row md:items-center md:justify-between">
          <p>
            © {new Date().getFullYear()} {siteName}. All rights reserved.
          </p>
          <Link to="/find-order" className="font-medium text-foreground underline underline-offset-4">
            Find my order
          </Link>
          <p>Print your journey. Support local artists in the places you travel.</p>
        </div>
      </footer>
      <CartPhoneBar onOpen={() => setCartOpen(true)} hidden={!phoneBar} />
      <CartDrawer open={cartOpen} onOpenChange={setCartOpen} checkingOut={checkingOut} onCheckout={goToCheckout} />
    </div>
  );
}
