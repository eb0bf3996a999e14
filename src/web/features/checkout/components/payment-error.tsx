import { useEffect, useRef } from 'react';
import { Alert, AlertDescription } from '@/web/components/ui/alert';

/**
 * Why the payment did not go through. A declined card moves focus here (issue 34), so a
 * keyboard or screen-reader user hears the reason at once and tabs on to the card fields;
 * `focus` is false where something else takes focus (the bank check's dialog gives it back
 * to the card number).
 */
export function PaymentError({ message, focus = true }: { message: string; focus?: boolean }) {
  const alert = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (focus) alert.current?.focus();
  }, [message, focus]);
  return (
    <Alert
      ref={alert}
      tabIndex={-1}
      variant="destructive"
      data-testid="payment-error"
      className="outline-none focus-visible:ring-2 focus-visible:ring-destructive"
    >
      <AlertDescription>{message}</AlertDescription>
    </Alert>
  );
}
