import { useId, type Ref } from 'react';
import { Controller, type UseFormReturn } from 'react-hook-form';
import { isPostalCodeRequired, isStateRequired } from '@/domain/address';
import { ADDRESS_STEP_TEXT, type CheckoutForm } from '@/domain/checkout';
import { Label } from '@/web/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/web/components/ui/select';
import { Switch } from '@/web/components/ui/switch';
import { countryList } from '../lib/countries';
import { TextField } from './text-field';

type Prefix = 'billing' | 'shipping';

/**
 * Where the prints go first, then one clear choice: 'Billing address is the same as shipping'
 * (the spec's useShippingAsBilling). Off, the billing address is asked for under it.
 */
export function AddressStep({
  form,
  headingRef,
}: {
  form: UseFormReturn<CheckoutForm>;
  headingRef?: Ref<HTMLHeadingElement>;
}) {
  const toggleId = useId();
  const sameAddress = form.watch('useShippingAsBilling');
  return (
    <div className="flex flex-col gap-8">
      <h3 ref={headingRef} tabIndex={-1} className="text-lg font-semibold outline-none" data-testid="step-heading">
        Addresses
      </h3>
      <AddressFields form={form} prefix="shipping" title="Shipping address" />

      <div className="flex items-start gap-3 rounded-lg border bg-muted/40 p-4">
        <Controller
          control={form.control}
          name="useShippingAsBilling"
          render={({ field }) => (
            <Switch
              id={toggleId}
              checked={field.value}
              onCheckedChange={field.onChange}
              aria-describedby={`${toggleId}-hint`}
            />
          )}
        />
        <div>
          <Label htmlFor={toggleId} className="cursor-pointer">
            {ADDRESS_STEP_TEXT.sameAddress}
          </Label>
          <p id={`${toggleId}-hint`} className="mt-1 text-sm text-muted-foreground">
            {sameAddress ? ADDRESS_STEP_TEXT.sameAddressOn : ADDRESS_STEP_TEXT.sameAddressOff}
          </p>
        </div>
      </div>

      {!sameAddress && <AddressFields form={form} prefix="billing" title="Billing address" />}
    </div>
  );
}

function AddressFields({ form, prefix, title }: { form: UseFormReturn<CheckoutForm>; prefix: Prefix; title: string }) {
  const errors = form.formState.errors;
  const countryId = useId();
  const name = <F extends string>(field: F) => `${prefix}${field}` as `${Prefix}${F}` & keyof CheckoutForm;
  const autoComplete = prefix === 'billing' ? 'billing' : 'shipping';
  const country = String(form.watch(name('Country')) ?? '');
  const optional = (label: string, required: boolean) => (required ? label : `${label} (optional)`);

  // The state and postal code rules follow the country: judge again what the visitor has typed.
  const onCountryChange = (change: (value: string) => void) => (value: string) => {
    change(value);
    const fields = [name('State'), name('PostalCode')].filter((field) => {
      const state = form.getFieldState(field);
      return state.isDirty || state.isTouched || state.invalid;
    });
    if (fields.length > 0) void form.trigger(fields);
  };

  return (
    <fieldset className="flex min-w-0 flex-col gap-4" data-testid={`${prefix}-address`}>
      <legend className="mb-4 font-display text-lg font-semibold">{title}</legend>
      <div className="flex min-w-0 flex-col gap-2">
        <Label htmlFor={countryId}>Country</Label>
        <Controller
          control={form.control}
          name={name('Country')}
          render={({ field, fieldState }) => (
            <Select
              value={String(field.value ?? '')}
              onValueChange={onCountryChange(field.onChange)}
              autoComplete={`${autoComplete} country`}
            >
              <SelectTrigger id={countryId} aria-invalid={Boolean(fieldState.error)} data-testid={`${prefix}-country`}>
                <SelectValue placeholder="Choose a country" />
              </SelectTrigger>
              <SelectContent className="max-h-72">
                {countryList().map((item) => (
                  <SelectItem key={item.code} value={item.code}>
                    {item.name}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          )}
        />
        {errors[name('Country')] && <p className="text-sm text-destructive">{errors[name('Country')]?.message}</p>}
      </div>
      <TextField
        label="Full name"
        autoComplete={`${autoComplete} name`}
        error={errors[name('Name')]?.message}
        {...form.register(name('Name'))}
      />
      <TextField
        label="Address line 1"
        autoComplete={`${autoComplete} address-line1`}
        placeholder="Street address"
        error={errors[name('Line1')]?.message}
        {...form.register(name('Line1'))}
      />
      <TextField
        label="Address line 2 (optional)"
        autoComplete={`${autoComplete} address-line2`}
        placeholder="Apartment, suite, unit"
        error={errors[name('Line2')]?.message}
        {...form.register(name('Line2'))}
      />
      <div className="grid gap-4 sm:grid-cols-3">
        <TextField
          label="City"
          autoComplete={`${autoComplete} address-level2`}
          error={errors[name('City')]?.message}
          {...form.register(name('City'))}
        />
        <TextField
          label={optional('State / Province', isStateRequired(country))}
          autoComplete={`${autoComplete} address-level1`}
          error={errors[name('State')]?.message}
          {...form.register(name('State'))}
        />
        <TextField
          label={optional('Postal code', isPostalCodeRequired(country))}
          autoComplete={`${autoComplete} postal-code`}
          inputMode="text"
          error={errors[name('PostalCode')]?.message}
          {...form.register(name('PostalCode'))}
        />
      </div>
    </fieldset>
  );
}
