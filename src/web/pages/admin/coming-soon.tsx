import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Card, CardContent } from '@/web/components/ui/card';

/** The placeholder screens of admin §1 (Landing Pages, Analytics). */
export function ComingSoon({
  title,
  icon: Icon,
  text,
  children,
}: {
  title: string;
  icon: LucideIcon;
  text: string;
  children?: ReactNode;
}) {
  return (
    <div className="flex flex-col gap-6">
      <h1 className="text-3xl font-semibold">{title}</h1>
      <Card>
        <CardContent className="flex flex-col items-center gap-4 py-16 text-center">
          <span className="grid size-14 place-items-center rounded-full bg-accent/15 text-accent">
            <Icon className="size-7" aria-hidden />
          </span>
          <h2 className="text-2xl font-semibold">Coming Soon</h2>
          <p className="max-w-md text-muted-foreground">{text}</p>
          {children && <div className="flex flex-wrap justify-center gap-3">{children}</div>}
        </CardContent>
      </Card>
    </div>
  );
}
