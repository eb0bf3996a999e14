/**
 * While the built-in test provider takes the cards, every storefront page says so: nothing
 * a visitor pays here is a real charge. The server decides (`GET /api/payments/config`).
 */
import { FlaskConical } from 'lucide-react';
import { TEST_CARD_NUMBERS } from '@/domain/checkout';
import { usePaymentConfig } from '../api/get-payment-config';

export function TestModeBanner() {
  const { data } = usePaymentConfig();
  if (!data?.testMode) return null;
  return (
    <aside
      aria-label="Test mode"
      className="no-print border-b border-warning/60 bg-warning/20 text-foreground"
      data-testid="test-mode-banner"
    >
      <p className="mx-auto flex max-w-6xl items-center justify-center gap-2 px-4 py-1.5 text-center text-xs font-medium sm:text-sm">
        <FlaskConical className="size-4 shrink-0" aria-hidden />
        <span>
          <strong className="font-semibold">Test mode:</strong> no real payments are taken. Pay with the test card{' '}
          <span className="whitespace-nowrap font-mono">{TEST_CARD_NUMBERS.succeeds}</span>.
        </span>
      </p>
    </aside>
  );
}
