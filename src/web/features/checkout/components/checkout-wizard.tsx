import { useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useForm, useWatch } from 'react-hook-form';
import { cartTotalCents, type CartLine } from '@/domain/cart';
import { addressesFromForm, CHECKOUT_FORM_DEFAULTS, checkoutFormSchema, type CheckoutForm } from '@/domain/checkout';
import { readCheckoutDraft, updateCheckoutDraft } from '../lib/checkout-draft';
import { Button } from '@/web/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/web/components/ui/card';
import { useCheckoutOrder } from '../api/create-checkout';
import {
  checkoutRequestOf,
  isStepValid,
  PAYMENT_STEP,
  SHIPPING_STEP,
  stepFields,
  transformationIdsOf,
  type CheckoutStep,
} from '../lib/checkout-rules';
import { useShippingQuote } from '../api/get-shipping-quote';
import { ShippingStep } from './shipping-step';
import { AddressStep } from './address-step';
import { CheckoutSteps } from './checkout-steps';
import { CheckoutSummary } from './checkout-summary';
import { ContactStep } from './contact-step';
import { PaymentStep, type PaidOrder } from './payment-step';

/**
 * The checkout wizard (storefront §2, §4, §5): Contact, Addresses, Shipping (issue 33),
 * Payment. Fields are checked
 * as they change; Next moves on only from a valid step, Back is always there (from the first
 * step it closes the checkout), and a step moved past is marked completed.
 */
export function CheckoutWizard({
  lines,
  merchant,
  onPaid,
  onClose,
}: {
  lines: CartLine[];
  merchant: string;
  onPaid: (paid: PaidOrder) => void;
  onClose: () => void;
}) {
  // A reload comes back to the step and the values the visitor had.
  const [draft] = useState(readCheckoutDraft);
  const form = useForm<CheckoutForm>({
    resolver: zodResolver(checkoutFormSchema),
    mode: 'onChange',
    defaultValues: draft.values,
  });
  const watched = useWatch({ control: form.control });
  const values = useMemo(() => ({ ...CHECKOUT_FORM_DEFAULTS, ...watched }) as CheckoutForm, [watched]);
  const [step, setStep] = useState<CheckoutStep>(draft.step);
  const [completed, setCompleted] = useState<ReadonlySet<CheckoutStep>>(() => new Set(draft.completed));
  useEffect(() => updateCheckoutDraft({ values, step, completed: [...completed] }), [values, step, completed]);
  const [savedEmail, setSavedEmail] = useState<string | null>(null);

  // The shipping option: the visitor's choice, quoted again by the server whenever the cart or
  // the address changes; a choice the new address does not offer falls back to the cheapest.
  const [shippingMethod, setShippingMethod] = useState<string | null>(draft.shippingMethod);
  useEffect(() => updateCheckoutDraft({ shippingMethod }), [shippingMethod]);
  const shippingAddress = addressesFromForm(values).shippingAddress;
  const quoteQuery = useShippingQuote(
    lines,
    {
      country: shippingAddress.country ?? '',
      state: shippingAddress.state,
      postalCode: shippingAddress.postalCode,
      city: shippingAddress.city,
      line1: shippingAddress.line1,
    },
    shippingMethod,
    step >= SHIPPING_STEP,
  );
  const quote = quoteQuery.data;
  const quoteFresh = quote && !quoteQuery.isPlaceholderData ? quote : undefined;
  const [requoted, setRequoted] = useState(false);
  useEffect(() => {
    if (!quoteFresh || !shippingMethod || quoteFresh.selected.id === shippingMethod) return;
    setShippingMethod(quoteFresh.selected.id);
    setRequoted(true);
  }, [quoteFresh, shippingMethod]);
  const chosenMethod = quoteFresh?.selected.id ?? null;

  const request = useMemo(
    () => (step === PAYMENT_STEP && chosenMethod ? checkoutRequestOf(values, lines, chosenMethod) : null),
    [step, values, lines, chosenMethod],
  );
  const { order, retry } = useCheckoutOrder(request);
  const transformationIds = useMemo(() => transformationIdsOf(lines), [lines]);
  const valid =
    step === SHIPPING_STEP
      ? Boolean(quoteFresh) && !quoteQuery.isFetching
      : step < SHIPPING_STEP && isStepValid(step, values);

  const next = async (event: FormEvent) => {
    event.preventDefault();
    if (step === PAYMENT_STEP) return;
    if (step === SHIPPING_STEP) {
      if (!valid) return;
      if (!shippingMethod && quoteFresh) setShippingMethod(quoteFresh.selected.id);
    } else {
      // Shows every message of the step, for a visitor who presses Enter early.
      const ok = (await form.trigger([...stepFields(step, values)])) && isStepValid(step, form.getValues());
      if (!ok) return;
    }
    setRequoted(false);
    setCompleted((done) => new Set(done).add(step));
    setStep((step + 1) as CheckoutStep);
  };
  const back = () => (step === 0 ? onClose() : setStep((step - 1) as CheckoutStep));
  const itemsCents = cartTotalCents(lines);

  // Focus follows the visitor (issue 34): to 'Checkout' as it opens, then to each new step's
  // heading, so the keyboard is never sent back to the top of the page.
  const title = useRef<HTMLHeadingElement>(null);
  const stepHeading = useRef<HTMLHeadingElement>(null);
  const shownStep = useRef<CheckoutStep | null>(null);
  useEffect(() => {
    const opening = shownStep.current === null;
    shownStep.current = step;
    // Scrolling is the section's own (smooth); focus must not jump it.
    (opening ? title.current : stepHeading.current)?.focus({ preventScroll: opening });
  }, [step]);

  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]" data-testid="checkout-wizard" data-step={step}>
      <Card className="min-w-0">
        <CardHeader className="gap-5 border-b">
          <CardTitle id="checkout-title" ref={title} tabIndex={-1} className="text-2xl outline-none">
            Checkout
          </CardTitle>
          <CheckoutSteps current={step} completed={completed} onSelect={setStep} />
        </CardHeader>
        <CardContent className="pt-6">
          {step === PAYMENT_STEP ? (
            <PaymentStep
              headingRef={stepHeading}
              order={order}
              amountCents={quoteFresh?.amounts.totalCents ?? itemsCents}
              quote={quoteFresh}
              itemsCents={itemsCents}
              email={values.customerEmail.trim()}
              billing={addressesFromForm(values).billingAddress}
              cardholderName={addressesFromForm(values).billingAddress.name}
              merchant={merchant}
              onRetryOrder={retry}
              onBack={back}
              onPaid={onPaid}
            />
          ) : (
            <form onSubmit={next} noValidate className="flex flex-col gap-6">
              {step === 0 ? (
                <ContactStep
                  headingRef={stepHeading}
                  form={form}
                  transformationIds={transformationIds}
                  savedEmail={savedEmail}
                  onEmailSaved={setSavedEmail}
                />
              ) : step === 1 ? (
                <AddressStep form={form} headingRef={stepHeading} />
              ) : (
                <ShippingStep
                  headingRef={stepHeading}
                  quote={quote}
                  loading={quoteQuery.isFetching}
                  error={quoteQuery.error ? quoteQuery.error.message : null}
                  selected={chosenMethod ?? shippingMethod}
                  onSelect={(id) => {
                    setRequoted(false);
                    setShippingMethod(id);
                  }}
                  requoted={requoted}
                  itemsCents={itemsCents}
                />
              )}
              <div className="flex items-center justify-between gap-3 border-t pt-6">
                <Button type="button" variant="outline" onClick={back}>
                  <ChevronLeft aria-hidden /> Back
                </Button>
                <Button type="submit" disabled={!valid}>
                  Next <ChevronRight aria-hidden />
                </Button>
              </div>
            </form>
          )}
        </CardContent>
      </Card>
      <aside className="hidden lg:block lg:sticky lg:top-24 lg:self-start">
        <CheckoutSummary lines={lines} quote={step >= SHIPPING_STEP ? quoteFresh : undefined} />
      </aside>
    </div>
  );
}
