/** A row of figure cards, as the back office's screens open with; a skeleton while a value loads. */
import type { ReactNode } from 'react';
import { Card, CardDescription, CardHeader, CardTitle } from '@/web/components/ui/card';
import { Skeleton } from '@/web/components/ui/skeleton';

export function StatCards({
  stats,
  testId,
}: {
  stats: Array<[title: string, value: ReactNode | undefined]>;
  testId: string;
}) {
  return (
    <div className="grid grid-cols-2 gap-4 lg:grid-cols-4">
      {stats.map(([title, value]) => (
        <Card key={title} data-testid={testId}>
          <CardHeader className="pb-2">
            <CardDescription>{title}</CardDescription>
            <CardTitle className="text-3xl tabular-nums">{value ?? <Skeleton className="h-8 w-12" />}</CardTitle>
          </CardHeader>
        </Card>
      ))}
    </div>
  );
}
