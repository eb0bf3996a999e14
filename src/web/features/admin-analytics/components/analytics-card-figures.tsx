/** The Dashboard's Analytics card: today's revenue, orders and artworks, and two weeks of revenue. */
import { Line, LineChart, ResponsiveContainer } from 'recharts';
import { formatCents } from '@/domain/money';
import { CardContent } from '@/web/components/ui/card';
import { Skeleton } from '@/web/components/ui/skeleton';
import { useAnalytics } from '../api/get-analytics';

const today = () => new Date().toISOString().slice(0, 10);
const twoWeeksAgo = () => new Date(Date.now() - 13 * 86_400_000).toISOString().slice(0, 10);

export function AnalyticsCardFigures() {
  const todays = useAnalytics({ from: today(), to: today(), interval: 'day' });
  const fortnight = useAnalytics({ from: twoWeeksAgo(), to: today(), interval: 'day' });
  const data = todays.data;
  return (
    <CardContent className="relative z-10 pt-0">
      {!data ? (
        <Skeleton className="h-16" />
      ) : (
        <div className="flex flex-col gap-2" data-testid="analytics-card-figures">
          <p className="text-xs font-medium uppercase tracking-wide text-muted-foreground">Today</p>
          <dl className="grid grid-cols-3 gap-4">
            <div>
              <dt className="text-xs text-muted-foreground">Revenue</dt>
              <dd className="text-lg font-semibold tabular-nums">{formatCents(data.totals.net, data.currency)}</dd>
            </div>
            <div>
              <dt className="text-xs text-muted-foreground">Orders</dt>
              <dd className="text-lg font-semibold tabular-nums">{data.totals.orders}</dd>
            </div>
            <div>
              <dt className="text-xs text-muted-foreground">Artworks</dt>
              <dd className="text-lg font-semibold tabular-nums">{data.artworks_made}</dd>
            </div>
          </dl>
          {fortnight.data && (
            <div className="h-10 w-full" role="img" aria-label="Revenue over the last two weeks">
              <ResponsiveContainer width="100%" height="100%">
                <LineChart data={fortnight.data.series}>
                  <Line
                    type="monotone"
                    dataKey="revenue"
                    stroke="var(--color-primary)"
                    strokeWidth={2}
                    dot={false}
                    isAnimationActive={false}
                  />
                </LineChart>
              </ResponsiveContainer>
            </div>
          )}
        </div>
      )}
    </CardContent>
  );
}
