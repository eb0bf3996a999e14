import { useRef, useState, type FormEvent } from 'react';
import { ChevronLeft, CreditCard, Loader2, Lock } from 'lucide-react';
import { toast } from 'sonner';
import { CHECKOUT_MESSAGES, PAYMENT_MESSAGES, TEST_CARD_NUMBERS, type TestPaymentResult } from '@/domain/checkout';
import { formatCents } from '@/domain/money';
import { Button } from '@/web/components/ui/button';
import { authenticateTestPayment } from '../api/authenticate-test-payment';
import type { PaidOrder } from '../api/checkout-order';
import { confirmTestPayment } from '../api/confirm-test-payment';
import { cardInputOf, cardProblem, formatCardNumber, formatCvc, formatExpiry, type CardFields } from '../lib/card-form';
import { paymentFailure } from '../lib/checkout-rules';
import { PaymentError } from './payment-error';
import { TextField } from './text-field';
import { ThreeDSecureDialog } from './three-d-secure-dialog';

type FieldName = keyof CardFields | 'name';

/** The built-in test provider's card form: Stripe's test numbers decide, on our server. */
export function TestCardForm({
  clientSecret,
  amountCents,
  billingName,
  merchant,
  onBack,
  onPaid,
}: {
  clientSecret: string;
  amountCents: number;
  billingName: string;
  merchant: string;
  onBack: () => void;
  onPaid: (paid: PaidOrder) => void;
}) {
  const [fields, setFields] = useState<CardFields & { name: string }>({
    number: '',
    expiry: '',
    cvc: '',
    name: billingName,
  });
  const [fieldError, setFieldError] = useState<{ field: FieldName; message: string } | null>(null);
  const [attempted, setAttempted] = useState(false);
  const [paying, setPaying] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [challenge, setChallenge] = useState<{ last4: string } | null>(null);
  const [answering, setAnswering] = useState<'approve' | 'fail' | null>(null);
  const cardNumber = useRef<HTMLInputElement>(null);
  // A failed bank check gives focus back to the card number, not to the message.
  const failedInBankCheck = useRef(false);

  const check = (next: typeof fields) => {
    const problem = cardProblem(next);
    if (problem) return problem;
    if (next.name.trim().length < 2) return { field: 'name' as const, message: CHECKOUT_MESSAGES.name };
    return null;
  };

  const change = (field: FieldName, value: string) => {
    const next = { ...fields, [field]: value };
    setFields(next);
    setFailure(null);
    // Once the visitor has tried to pay, the message follows what they type.
    if (attempted) setFieldError(check(next));
  };

  const fail = (error: unknown) => {
    const { message, toast: toastMessage } = paymentFailure(error);
    setFailure(message);
    toast.error(toastMessage);
  };

  const settle = (result: TestPaymentResult, last4: string) => {
    if (result.status === 'succeeded') {
      onPaid({ orderId: result.order_id, paymentIntentId: result.payment_intent_id });
    } else if (result.status === 'requires_action') {
      setChallenge({ last4 });
    } else {
      setFailure(PAYMENT_MESSAGES.notCompleted);
      toast.error(PAYMENT_MESSAGES.notCompleted);
    }
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (paying) return;
    setAttempted(true);
    const problem = check(fields);
    setFieldError(problem);
    if (problem) return;
    setFailure(null);
    setPaying(true);
    failedInBankCheck.current = false;
    const card = cardInputOf(fields);
    try {
      settle(await confirmTestPayment({ client_secret: clientSecret, card }), card.number.slice(-4));
    } catch (error) {
      fail(error);
    } finally {
      setPaying(false);
    }
  };

  const answer = async (outcome: 'approve' | 'fail') => {
    setAnswering(outcome);
    failedInBankCheck.current = true;
    try {
      const result = await authenticateTestPayment({ client_secret: clientSecret, outcome });
      setChallenge(null);
      settle(result, challenge?.last4 ?? '');
    } catch (error) {
      setChallenge(null);
      fail(error);
    } finally {
      setAnswering(null);
    }
  };

  const errorOf = (field: FieldName) => (fieldError?.field === field ? fieldError.message : undefined);

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-6" data-testid="card-form">
      <div className="flex flex-col gap-4 rounded-lg border bg-card p-4 sm:p-5">
        <p className="flex items-center gap-2 text-sm font-medium">
          <CreditCard className="size-4 text-accent" aria-hidden /> Card
        </p>
        <TextField
          ref={cardNumber}
          label="Card number"
          inputMode="numeric"
          autoComplete="cc-number"
          placeholder="1234 1234 1234 1234"
          value={fields.number}
          error={errorOf('number')}
          onChange={(event) => change('number', formatCardNumber(event.target.value))}
        />
        <div className="grid grid-cols-2 gap-4">
          <TextField
            label="Expiry"
            inputMode="numeric"
            autoComplete="cc-exp"
            placeholder="MM / YY"
            value={fields.expiry}
            error={errorOf('expiry')}
            onChange={(event) => change('expiry', formatExpiry(event.target.value, fields.expiry))}
          />
          <TextField
            label="CVC"
            inputMode="numeric"
            autoComplete="cc-csc"
            placeholder="CVC"
            value={fields.cvc}
            error={errorOf('cvc')}
            onChange={(event) => change('cvc', formatCvc(event.target.value))}
          />
        </div>
        <TextField
          label="Name on card"
          autoComplete="cc-name"
          value={fields.name}
          error={errorOf('name')}
          onChange={(event) => change('name', event.target.value)}
        />
      </div>

      <div className="rounded-lg bg-muted/60 p-4 text-sm text-muted-foreground" data-testid="test-cards">
        <p className="font-medium text-foreground">Test mode — no real card is charged</p>
        <p className="mt-1">
          Use <span className="whitespace-nowrap font-mono text-foreground">{TEST_CARD_NUMBERS.succeeds}</span> with any
          future date and any CVC. Declines:{' '}
          <span className="whitespace-nowrap font-mono">{TEST_CARD_NUMBERS.declined}</span>,{' '}
          <span className="whitespace-nowrap font-mono">{TEST_CARD_NUMBERS.insufficientFunds}</span>; bank verification:{' '}
          <span className="whitespace-nowrap font-mono">{TEST_CARD_NUMBERS.authentication}</span>.
        </p>
      </div>

      {failure && <PaymentError message={failure} focus={!failedInBankCheck.current} />}

      <PaymentActions onBack={onBack} busy={paying} amountCents={amountCents} />

      <ThreeDSecureDialog
        open={challenge !== null}
        amountCents={amountCents}
        last4={challenge?.last4 ?? ''}
        merchant={merchant}
        busy={answering}
        onAnswer={answer}
        onCloseAutoFocus={(event) => {
          // A failed check asks for another card: focus goes back to its number.
          event.preventDefault();
          cardNumber.current?.focus();
        }}
      />
    </form>
  );
}

/** Back and Pay, shared by both payment forms. */
export function PaymentActions({
  onBack,
  busy,
  amountCents,
  disabled = false,
}: {
  onBack: () => void;
  busy: boolean;
  amountCents: number;
  disabled?: boolean;
}) {
  return (
    <div className="flex flex-col-reverse gap-3 border-t pt-6 sm:flex-row sm:items-center sm:justify-between">
      <Button type="button" variant="outline" onClick={onBack}>
        <ChevronLeft aria-hidden /> Back
      </Button>
      <Button type="submit" size="lg" variant="accent" disabled={busy || disabled} className="sm:min-w-48">
        {busy ? (
          <>
            <Loader2 className="animate-spin" aria-hidden /> Processing...
          </>
        ) : (
          <>
            <Lock aria-hidden /> Pay {formatCents(amountCents)}
          </>
        )}
      </Button>
    </div>
  );
}
