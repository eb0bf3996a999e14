/** Previous and Next under a paged back-office list, beside what the list holds and where it is. */
import { ChevronLeft, ChevronRight } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '@/web/components/ui/button';
import { cn } from '@/web/lib/utils';

export function Pager({
  page,
  pages,
  onPageChange,
  className,
  children,
}: {
  page: number;
  pages: number;
  onPageChange: (page: number) => void;
  className?: string;
  /** The line beside the buttons, e.g. 'Page 2 of 5'. */
  children: ReactNode;
}) {
  return (
    <div className={cn('flex items-center justify-between text-sm text-muted-foreground', className)}>
      <span>{children}</span>
      <div className="flex gap-2">
        <Button variant="outline" size="sm" onClick={() => onPageChange(page - 1)} disabled={page <= 1}>
          <ChevronLeft aria-hidden /> Previous
        </Button>
        <Button variant="outline" size="sm" onClick={() => onPageChange(page + 1)} disabled={page >= pages}>
          Next <ChevronRight aria-hidden />
        </Button>
      </div>
    </div>
  );
}
