import { Check } from 'lucide-react';
import { cn } from '@/web/lib/utils';

const STEPS = ['Choose a style', 'Transform', 'Choose products', 'Checkout'] as const;

/** Where the visitor is on the way from photo to order. */
export function TransformSteps({ current }: { current: number }) {
  return (
    <ol className="flex flex-wrap items-center gap-x-2 gap-y-2 text-sm" aria-label="Steps">
      {STEPS.map((label, index) => {
        const number = index + 1;
        const done = number < current;
        const active = number === current;
        return (
          <li key={label} className="flex items-center gap-2" aria-current={active ? 'step' : undefined}>
            <span
              className={cn(
                'grid size-6 place-items-center rounded-full text-xs font-semibold',
                done && 'bg-success text-white',
                active && 'bg-accent text-accent-foreground',
                !done && !active && 'bg-muted text-muted-foreground',
              )}
            >
              {done ? <Check className="size-3.5" aria-hidden /> : number}
            </span>
            <span className={cn(active ? 'font-semibold' : 'text-muted-foreground')}>{label}</span>
            {number < STEPS.length && <span className="mx-1 hidden h-px w-5 bg-border sm:block" aria-hidden />}
          </li>
        );
      })}
    </ol>
  );
}
