import { PackageSearch } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/web/components/ui/button';

/** An order page that cannot show its order: the message and the way home. */
export function OrderMessage({ message }: { message: string }) {
  return (
    <div className="mx-auto flex max-w-lg flex-col items-center px-4 py-20 text-center" data-testid="order-message">
      <span className="grid size-16 place-items-center rounded-full bg-muted text-muted-foreground">
        <PackageSearch className="size-8" aria-hidden />
      </span>
      <p role="alert" className="mt-6 text-lg font-medium">
        {message}
      </p>
      <Button asChild className="mt-6">
        <Link to="/">Return Home</Link>
      </Button>
    </div>
  );
}
