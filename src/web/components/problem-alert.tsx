/** A back-office problem the owner should see: what failed, then why, in the destructive alert. */
import type { ReactNode } from 'react';
import { Alert, AlertDescription, AlertTitle } from '@/web/components/ui/alert';

export function ProblemAlert({ title, children }: { title: ReactNode; children: ReactNode }) {
  return (
    <Alert variant="destructive">
      <AlertTitle>{title}</AlertTitle>
      <AlertDescription>{children}</AlertDescription>
    </Alert>
  );
}
