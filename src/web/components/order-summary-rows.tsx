/** Items, shipping, tax and total, the total set apart: the checkout's quote and the order page alike. */
import type { OrderSummaryRow } from '@/domain/orders';
import { cn } from '@/web/lib/utils';

export function OrderSummaryRows({
  rows,
  className,
  testId,
  totalSize = 'text-base',
  totalTestId,
}: {
  rows: OrderSummaryRow[];
  className?: string;
  testId: string;
  totalSize?: 'text-base' | 'text-lg';
  totalTestId?: string;
}) {
  return (
    <dl className={cn('flex flex-col gap-1.5 text-sm', className)} data-testid={testId}>
      {rows.map((row) => (
        <div
          key={row.key}
          data-sum={row.key}
          className={cn(
            'flex items-start justify-between gap-3',
            row.key === 'total' ? cn('mt-1 border-t pt-3', totalSize, 'font-semibold') : 'text-muted-foreground',
          )}
        >
          <dt className="min-w-0">
            {row.label}
            {row.note && <span className="block text-xs font-normal">{row.note}</span>}
          </dt>
          <dd
            className={cn('shrink-0 tabular-nums', row.key !== 'total' && 'text-foreground')}
            data-testid={row.key === 'total' ? totalTestId : undefined}
          >
            {row.amount}
          </dd>
        </div>
      ))}
    </dl>
  );
}
