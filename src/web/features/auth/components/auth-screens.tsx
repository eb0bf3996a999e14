import { AlertTriangle, Loader2, ShieldCheck } from 'lucide-react';
import type { ReactNode } from 'react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/web/components/ui/card';

/** A centred card on a plain page: the states shown before the back office opens. */
export function AuthScreen({
  title,
  description,
  tone = 'neutral',
  children,
}: {
  title: string;
  description?: ReactNode;
  tone?: 'neutral' | 'loading' | 'error';
  children?: ReactNode;
}) {
  const Icon = tone === 'loading' ? Loader2 : tone === 'error' ? AlertTriangle : ShieldCheck;
  return (
    <div className="flex min-h-svh items-center justify-center bg-gradient-to-b from-secondary/60 to-background p-4">
      <Card className="w-full max-w-md">
        <CardHeader className="items-center text-center">
          <span
            className={
              tone === 'error'
                ? 'grid size-12 place-items-center rounded-full bg-destructive/10 text-destructive'
                : 'grid size-12 place-items-center rounded-full bg-primary/10 text-primary'
            }
          >
            <Icon className={tone === 'loading' ? 'size-6 animate-spin' : 'size-6'} aria-hidden />
          </span>
          <CardTitle className="text-2xl">{title}</CardTitle>
          {description && <CardDescription className="text-base">{description}</CardDescription>}
        </CardHeader>
        {children && <CardContent className="flex flex-col gap-3">{children}</CardContent>}
      </Card>
    </div>
  );
}
