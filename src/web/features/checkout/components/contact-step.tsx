import type { Ref } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import type { CheckoutForm } from '@/domain/checkout';
import { SaveEmailBox } from './save-email-box';
import { TextField } from './text-field';

export function ContactStep({
  headingRef,
  form,
  transformationIds,
  savedEmail,
  onEmailSaved,
}: {
  headingRef?: Ref<HTMLHeadingElement>;
  form: UseFormReturn<CheckoutForm>;
  transformationIds: string[];
  savedEmail: string | null;
  onEmailSaved: (email: string) => void;
}) {
  const email = form.watch('customerEmail');
  return (
    <div className="flex flex-col gap-6">
      <div>
        <h3 ref={headingRef} tabIndex={-1} className="text-lg font-semibold outline-none" data-testid="step-heading">
          Contact
        </h3>
        <p className="mt-1 text-sm text-muted-foreground">
          Your order confirmation and tracking link go to this address.
        </p>
      </div>
      <TextField
        label="Email"
        type="email"
        autoComplete="email"
        inputMode="email"
        placeholder="you@example.com"
        error={form.formState.errors.customerEmail?.message}
        {...form.register('customerEmail')}
      />
      <SaveEmailBox
        contactEmail={email}
        transformationIds={transformationIds}
        savedEmail={savedEmail}
        onSaved={onEmailSaved}
      />
    </div>
  );
}
