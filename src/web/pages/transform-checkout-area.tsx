import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import type { CartLine } from '@/domain/cart';
import { cart } from '@/web/features/cart/api/cart-store';
import { CheckoutWizard } from '@/web/features/checkout/components/checkout-wizard';
import { clearCheckoutDraft } from '@/web/features/checkout/lib/checkout-draft';
import { paymentSuccessPath } from '@/web/features/checkout/lib/checkout-rules';
import { useSite } from '@/web/features/site/api/get-site';

/** The checkout wizard, opened below the products by 'Proceed to Checkout'. */
export function CheckoutArea({ lines, onClose }: { lines: CartLine[]; onClose: () => void }) {
  const navigate = useNavigate();
  const { data: site } = useSite();
  const section = useRef<HTMLElement>(null);

  useEffect(() => {
    section.current?.scrollIntoView({ behavior: 'smooth', block: 'start' });
  }, []);

  return (
    <section id="checkout" ref={section} aria-labelledby="checkout-title" className="mt-12 scroll-mt-24">
      <CheckoutWizard
        lines={lines}
        merchant={site?.siteName ?? 'Wanderer'}
        onClose={onClose}
        onPaid={({ orderId, paymentIntentId }) => {
          navigate(paymentSuccessPath(orderId, paymentIntentId));
          // Paid: the cart has become the order, and the typed addresses are done with.
          cart.clear();
          clearCheckoutDraft();
        }}
      />
    </section>
  );
}
