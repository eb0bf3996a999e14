import { Check } from 'lucide-react';
import { CHECKOUT_STEPS } from '@/domain/checkout';
import { cn } from '@/web/lib/utils';
import type { CheckoutStep } from '../lib/checkout-rules';

/** Contact, Addresses, Payment: the current step, and a check on each step moved past. */
export function CheckoutSteps({
  current,
  completed,
  onSelect,
}: {
  current: CheckoutStep;
  completed: ReadonlySet<CheckoutStep>;
  onSelect: (step: CheckoutStep) => void;
}) {
  return (
    <ol className="flex items-center gap-2 sm:gap-3" aria-label="Checkout steps" data-testid="checkout-steps">
      {CHECKOUT_STEPS.map((label, index) => {
        const step = index as CheckoutStep;
        const done = completed.has(step) && step !== current;
        const active = step === current;
        // Going back is always allowed; going forward only by Next.
        const reachable = step < current;
        return (
          <li
            key={label}
            className="flex min-w-0 flex-1 items-start gap-2 sm:items-center sm:gap-3"
            data-state={done ? 'completed' : active ? 'current' : 'upcoming'}
            data-testid="checkout-step"
          >
            <button
              type="button"
              disabled={!reachable}
              onClick={() => onSelect(step)}
              aria-current={active ? 'step' : undefined}
              className={cn(
                // On a phone the label sits under its number, so each word fits whole.
                'flex min-w-0 flex-col items-center gap-1 rounded-md text-center disabled:cursor-default sm:flex-row sm:gap-2 sm:text-left',
                reachable && 'hover:opacity-80',
              )}
            >
              <span
                className={cn(
                  'grid size-8 shrink-0 place-items-center rounded-full border-2 text-sm font-semibold transition-colors',
                  done && 'border-success bg-success text-white',
                  active && !done && 'border-primary bg-primary text-primary-foreground',
                  !active && !done && 'border-input bg-card text-muted-foreground',
                )}
              >
                {done ? <Check className="size-4" aria-label="Completed" /> : index + 1}
              </span>
              <span
                className={cn('text-xs font-medium sm:text-sm', active ? 'text-foreground' : 'text-muted-foreground')}
              >
                {label}
              </span>
            </button>
            {index < CHECKOUT_STEPS.length - 1 && (
              <span
                className={cn('mt-4 h-0.5 flex-1 rounded-full sm:mt-0', done ? 'bg-success' : 'bg-border')}
                aria-hidden
              />
            )}
          </li>
        );
      })}
    </ol>
  );
}
