import { Check } from 'lucide-react';
import { orderProgress, type OrderRead } from '@/domain/orders';
import { cn } from '@/web/lib/utils';

/** Order Placed; Payment Confirmed; In Production; Shipped — each done or still to come. */
export function OrderProgress({ order }: { order: Pick<OrderRead, 'status' | 'printful_status'> }) {
  const steps = orderProgress(order);
  return (
    <ol className="flex flex-col" aria-label="Order progress" data-testid="order-progress">
      {steps.map((step, index) => {
        const last = index === steps.length - 1;
        return (
          <li
            key={step.key}
            className="relative flex gap-4 pb-6 last:pb-0"
            data-done={step.done}
            data-testid="progress-step"
          >
            {!last && (
              <span
                className={cn(
                  'absolute left-4 top-8 -ml-px h-[calc(100%-2rem)] w-0.5',
                  steps[index + 1]?.done ? 'bg-success' : 'bg-border',
                )}
                aria-hidden
              />
            )}
            <span
              className={cn(
                'relative grid size-8 shrink-0 place-items-center rounded-full border-2 text-sm font-semibold',
                step.done ? 'border-success bg-success text-white' : 'border-input bg-card text-muted-foreground',
              )}
            >
              {step.done ? <Check className="size-4" aria-hidden /> : index + 1}
            </span>
            <div className="pt-1">
              <p className={cn('font-medium', !step.done && 'text-muted-foreground')}>{step.label}</p>
              <p className="sr-only">{step.done ? 'done' : 'to come'}</p>
            </div>
          </li>
        );
      })}
    </ol>
  );
}
