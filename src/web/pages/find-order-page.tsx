/** /find-order (ours): the customer's way back to an order page without its link. */
import { PackageSearch } from 'lucide-react';
import { useNavigate } from 'react-router';
import { PAGES } from '@/domain/pages';
import { Card, CardContent } from '@/web/components/ui/card';
import { FindOrderForm } from '@/web/features/orders/components/find-order-form';
import { usePageHead } from '@/web/features/site/lib/use-page-head';

export function FindOrderPage() {
  const navigate = useNavigate();
  usePageHead(PAGES.findOrder);

  return (
    <div className="mx-auto max-w-lg px-4 py-12 md:py-16" data-testid="find-order-page">
      <div className="flex flex-col items-center text-center">
        <span className="grid size-14 place-items-center rounded-full bg-muted text-muted-foreground">
          <PackageSearch className="size-7" aria-hidden />
        </span>
        <h1 className="mt-4 text-3xl font-semibold md:text-4xl">Find my order</h1>
        <p className="mt-3 text-muted-foreground">
          Enter the email address you ordered with and your order number to see where your order is.
        </p>
      </div>
      <Card className="mt-8">
        <CardContent className="p-6 md:p-8">
          <FindOrderForm onFound={(orderId) => void navigate(`/order-status/${orderId}`)} />
        </CardContent>
      </Card>
    </div>
  );
}
