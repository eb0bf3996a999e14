/** The owner's shipping and tax settings: free-shipping threshold, flat adjustment, tax rules, Stripe Tax. */
import { Plus, Receipt, Trash2 } from 'lucide-react';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { SETTINGS_MESSAGES } from '@/domain/admin-settings';
import { SHIPPING_SETTINGS_MESSAGES, type ShippingTaxSettings } from '@/domain/shipping-quote';
import type { TaxRule } from '@/domain/tax';
import { Button } from '@/web/components/ui/button';
import { SectionCardHeader } from '@/web/components/section-card-header';
import { Card, CardContent } from '@/web/components/ui/card';
import { Input } from '@/web/components/ui/input';
import { Skeleton } from '@/web/components/ui/skeleton';
import { Switch } from '@/web/components/ui/switch';
import { useSaveShippingTaxSettings, useShippingTaxSettings } from '../api/shipping-tax-settings';

const dollars = (cents: number | null) => (cents === null ? '' : (cents / 100).toFixed(2));
const toCents = (text: string) => Math.round(Number.parseFloat(text) * 100);

export function ShippingTaxCard() {
  const settings = useShippingTaxSettings();
  return (
    <Card data-testid="shipping-tax-settings">
      <SectionCardHeader
        icon={Receipt}
        title="Shipping and tax"
        description="Shipping is quoted per destination (Printful’s rates when Printful is connected, else the built-in table). Tax rules say each country’s or state’s rate and whether your prices include it."
      />
      <CardContent>
        {settings.data ? (
          <ShippingTaxForm saved={settings.data} />
        ) : settings.isError ? (
          <p className="text-sm text-destructive">{SETTINGS_MESSAGES.loadFailed}</p>
        ) : (
          <Skeleton className="h-40 w-full" />
        )}
      </CardContent>
    </Card>
  );
}

function ShippingTaxForm({ saved }: { saved: ShippingTaxSettings }) {
  const save = useSaveShippingTaxSettings();
  const id = useId();
  const [threshold, setThreshold] = useState(dollars(saved.freeShippingThresholdCents));
  const [adjustment, setAdjustment] = useState(dollars(saved.shippingAdjustmentCents));
  const [rules, setRules] = useState<TaxRule[]>(saved.taxRules);
  const [stripeTax, setStripeTax] = useState(saved.stripeTaxEnabled);
  useEffect(() => {
    setThreshold(dollars(saved.freeShippingThresholdCents));
    setAdjustment(dollars(saved.shippingAdjustmentCents));
    setRules(saved.taxRules);
    setStripeTax(saved.stripeTaxEnabled);
  }, [saved]);

  const change = (index: number, patch: Partial<TaxRule>) =>
    setRules((all) => all.map((rule, at) => (at === index ? { ...rule, ...patch } : rule)));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const thresholdCents = threshold.trim() ? toCents(threshold) : null;
    const adjustmentCents = adjustment.trim() ? toCents(adjustment) : 0;
    if (thresholdCents !== null && !(thresholdCents > 0)) return void toast.error(SHIPPING_SETTINGS_MESSAGES.threshold);
    if (!Number.isFinite(adjustmentCents)) return void toast.error(SHIPPING_SETTINGS_MESSAGES.adjustment);
    save.mutate(
      {
        freeShippingThresholdCents: thresholdCents,
        shippingAdjustmentCents: adjustmentCents,
        taxRules: rules,
        stripeTaxEnabled: stripeTax,
      },
      {
        onSuccess: () => toast.success(SHIPPING_SETTINGS_MESSAGES.saved),
        onError: (error) => toast.error(SETTINGS_MESSAGES.saveFailed, { description: error.message }),
      },
    );
  };

  return (
    <form onSubmit={submit} className="flex flex-col gap-5" noValidate>
      <div className="grid gap-4 sm:grid-cols-2">
        <label className="flex flex-col gap-1.5 text-sm font-medium">
          Free standard shipping from ($)
          <Input
            name="freeShippingThreshold"
            inputMode="decimal"
            placeholder="No free shipping"
            value={threshold}
            onChange={(event) => setThreshold(event.target.value)}
          />
        </label>
        <label className="flex flex-col gap-1.5 text-sm font-medium">
          Add to every shipping price ($, may be negative)
          <Input
            name="shippingAdjustment"
            inputMode="decimal"
            value={adjustment}
            onChange={(event) => setAdjustment(event.target.value)}
          />
        </label>
      </div>
      <div className="flex items-center gap-3">
        <Switch id={id} checked={stripeTax} onCheckedChange={setStripeTax} />
        <label htmlFor={id} className="cursor-pointer text-sm font-medium">
          Let Stripe Tax compute the tax when Stripe takes the payments
        </label>
      </div>
      <div className="relative overflow-x-auto">
        <table className="w-full min-w-[36rem] text-sm" data-testid="tax-rules">
          <thead className="text-left text-xs text-muted-foreground">
            <tr>
              <th className="py-1 font-medium">Country</th>
              <th className="py-1 font-medium">State / province</th>
              <th className="py-1 font-medium">Name</th>
              <th className="py-1 font-medium">Rate %</th>
              <th className="py-1 font-medium">In price</th>
              <th className="py-1 font-medium">On shipping</th>
              <th className="sr-only">Remove</th>
            </tr>
          </thead>
          <tbody>
            {rules.map((rule, index) => (
              <tr key={index} className="border-t">
                <td className="py-1 pr-2">
                  <Input
                    aria-label="Country"
                    className="h-8 w-16"
                    value={rule.country}
                    onChange={(event) => change(index, { country: event.target.value.toUpperCase() })}
                  />
                </td>
                <td className="py-1 pr-2">
                  <Input
                    aria-label="State or province"
                    className="h-8 w-16"
                    value={rule.region ?? ''}
                    onChange={(event) => change(index, { region: event.target.value.toUpperCase() || null })}
                  />
                </td>
                <td className="py-1 pr-2">
                  <Input
                    aria-label="Tax name"
                    className="h-8"
                    value={rule.name}
                    onChange={(event) => change(index, { name: event.target.value })}
                  />
                </td>
                <td className="py-1 pr-2">
                  <Input
                    aria-label="Rate in percent"
                    className="h-8 w-20"
                    inputMode="decimal"
                    value={String(rule.ratePercent)}
                    onChange={(event) => change(index, { ratePercent: Number(event.target.value) })}
                  />
                </td>
                <CheckboxCell
                  label="Included in the price"
                  checked={rule.inclusive}
                  onChange={(inclusive) => change(index, { inclusive })}
                />
                <CheckboxCell
                  label="Shipping taxed"
                  checked={rule.taxShipping}
                  onChange={(taxShipping) => change(index, { taxShipping })}
                />
                <td className="py-1">
                  <Button
                    type="button"
                    size="icon"
                    variant="ghost"
                    aria-label="Remove rule"
                    onClick={() => setRules((all) => all.filter((_, at) => at !== index))}
                  >
                    <Trash2 aria-hidden />
                  </Button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <div className="flex flex-wrap justify-between gap-3">
        <Button
          type="button"
          variant="outline"
          onClick={() =>
            setRules((all) => [
              ...all,
              { country: '', region: null, name: 'Sales tax', ratePercent: 0, inclusive: false, taxShipping: false },
            ])
          }
        >
          <Plus aria-hidden /> Add rule
        </Button>
        <Button type="submit" disabled={save.isPending}>
          Save shipping and tax
        </Button>
      </div>
    </form>
  );
}

function CheckboxCell({
  label,
  checked,
  onChange,
}: {
  label: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
}) {
  return (
    <td className="py-1 pr-2">
      <input
        type="checkbox"
        aria-label={label}
        checked={checked}
        onChange={(event) => onChange(event.target.checked)}
      />
    </td>
  );
}
