import type { Ref } from 'react';
import { Loader2, Truck } from 'lucide-react';
import { formatCents } from '@/domain/money';
import { SHIPPING_STEP_TEXT, type ShippingQuote } from '@/domain/shipping-quote';
import { cn } from '@/web/lib/utils';
import { QuoteTotals } from './quote-totals';

/**
 * After the address: the ways the order can ship, each with its price and delivery estimate,
 * and what the order then costs. Prices are the server's quote for this cart and address.
 */
export function ShippingStep({
  headingRef,
  quote,
  loading,
  error,
  selected,
  onSelect,
  requoted,
  itemsCents,
}: {
  headingRef?: Ref<HTMLHeadingElement>;
  quote: ShippingQuote | undefined;
  loading: boolean;
  error: string | null;
  selected: string | null;
  onSelect: (id: string) => void;
  requoted: boolean;
  itemsCents: number;
}) {
  const chosen = selected ?? quote?.selected.id ?? null;
  return (
    <div className="flex flex-col gap-6" data-testid="shipping-step">
      <div>
        <h3 ref={headingRef} tabIndex={-1} className="text-lg font-semibold outline-none" data-testid="step-heading">
          {SHIPPING_STEP_TEXT.title}
        </h3>
        <p className="mt-1 text-sm text-muted-foreground">{SHIPPING_STEP_TEXT.choose}</p>
      </div>
      {requoted && (
        <p role="status" className="rounded-md border bg-muted px-3 py-2 text-sm" data-testid="shipping-requoted">
          {SHIPPING_STEP_TEXT.requoted}
        </p>
      )}
      {error && !quote ? (
        <p role="alert" className="text-sm text-destructive">
          {error}
        </p>
      ) : !quote ? (
        <p className="flex items-center gap-2 text-sm text-muted-foreground" role="status">
          <Loader2 className="size-4 animate-spin" aria-hidden /> {SHIPPING_STEP_TEXT.loading}
        </p>
      ) : (
        <fieldset className="flex flex-col gap-3" aria-busy={loading}>
          <legend className="sr-only">{SHIPPING_STEP_TEXT.choose}</legend>
          {quote.options.map((option) => {
            const active = option.id === chosen;
            return (
              <label
                key={option.id}
                data-testid="shipping-option"
                data-option={option.id}
                className={cn(
                  'flex cursor-pointer items-center gap-3 rounded-lg border p-4 transition-colors',
                  active ? 'border-primary bg-primary/5 ring-1 ring-primary' : 'hover:bg-muted/50',
                )}
              >
                <input
                  type="radio"
                  name="shippingMethod"
                  value={option.id}
                  checked={active}
                  onChange={() => onSelect(option.id)}
                  className="size-4 accent-primary"
                />
                <Truck className="size-5 shrink-0 text-muted-foreground" aria-hidden />
                <span className="min-w-0 flex-1">
                  <span className="block font-medium">{option.name}</span>
                  <span className="block text-sm text-muted-foreground">{option.estimateText}</span>
                </span>
                <span className="shrink-0 font-semibold tabular-nums">
                  {option.amountCents === 0 ? SHIPPING_STEP_TEXT.free : formatCents(option.amountCents)}
                </span>
              </label>
            );
          })}
          {quote.freeShippingShortfallCents !== null ? (
            <p className="text-sm text-muted-foreground" data-testid="free-shipping-note">
              {SHIPPING_STEP_TEXT.freeShippingLeft(formatCents(quote.freeShippingShortfallCents))}
            </p>
          ) : (
            quote.options.some((option) => option.free) && (
              <p className="text-sm text-success" data-testid="free-shipping-note">
                {SHIPPING_STEP_TEXT.freeShippingReached}
              </p>
            )
          )}
        </fieldset>
      )}
      <QuoteTotals quote={quote} itemsCents={itemsCents} className="rounded-lg border p-4" testId="shipping-totals" />
    </div>
  );
}
