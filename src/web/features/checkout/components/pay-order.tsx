/**
 * Paying an order placed earlier and left unpaid (its page, or 'Try Payment Again'): the
 * same payment step as checkout, for the same order at the price the server holds.
 */
import { useOrderPayment } from '../api/pay-order';
import { PaymentStep, type PaidOrder } from './payment-step';

export function PayOrder({
  orderId,
  amountCents,
  cardholderName,
  merchant,
  onClose,
  onPaid,
}: {
  orderId: string;
  amountCents: number;
  cardholderName: string;
  merchant: string;
  onClose: () => void;
  onPaid: (paid: PaidOrder) => void;
}) {
  const { order, retry } = useOrderPayment(orderId);
  return (
    <div data-testid="pay-order">
      <PaymentStep
        order={order}
        amountCents={amountCents}
        cardholderName={cardholderName}
        merchant={merchant}
        onRetryOrder={retry}
        onBack={onClose}
        onPaid={onPaid}
      />
    </div>
  );
}
