/**
 * /order-status/{orderId} (storefront §2, §4, §8): the public tracking page. It asks again
 * every few seconds until the order ships or fails, so it moves by itself.
 */
import { PAGES } from '@/domain/pages';
import { Mail, RefreshCw } from 'lucide-react';
import { useParams } from 'react-router';
import { ORDER_PAGE_MESSAGES, orderNumber } from '@/domain/orders';
import { Card, CardContent, CardHeader, CardTitle } from '@/web/components/ui/card';
import { Skeleton } from '@/web/components/ui/skeleton';
import { isNotFound, isOrderSettled, useOrder } from '@/web/features/orders/api/get-order';
import { ArtworkGalleryConsent } from '@/web/features/gallery/components/gallery-consent';
import { OrderItems } from '@/web/features/orders/components/order-items';
import { OrderMessage } from '@/web/features/orders/components/order-message';
import { OrderProgress } from '@/web/features/orders/components/order-progress';
import { OrderStatusBadge } from '@/web/features/orders/components/order-status-badge';
import { OrderTracking } from '@/web/features/orders/components/order-tracking';
import { formatOrderDateTime } from '@/web/features/orders/lib/format';
import { useSite } from '@/web/features/site/api/get-site';
import { usePageHead } from '@/web/features/site/lib/use-page-head';
import { OrderPayment } from './order-payment';

export function OrderStatusPage() {
  const { orderId } = useParams();
  const query = useOrder(orderId);
  const { data: site } = useSite();
  usePageHead(orderId ? PAGES.orderStatus : PAGES.orderStatusWithoutId);

  if (!orderId) return <OrderMessage message={ORDER_PAGE_MESSAGES.noOrderId} />;
  if (query.isError && !query.data) {
    return (
      <OrderMessage message={isNotFound(query.error) ? ORDER_PAGE_MESSAGES.notFound : ORDER_PAGE_MESSAGES.loadFailed} />
    );
  }
  const order = query.data;
  if (!order) {
    return (
      <div className="mx-auto max-w-3xl px-4 py-10" data-testid="order-loading" aria-busy>
        <Skeleton className="h-10 w-64" />
        <Skeleton className="mt-3 h-5 w-48" />
        <Skeleton className="mt-8 h-64 w-full" />
      </div>
    );
  }

  // Each artwork once, however many products carry it.
  const artworkIds = [
    ...new Map(
      order.order_items
        .filter((item) => item.transformation_id)
        .map((item) => [item.transformation_id!, { id: item.transformation_id!, artworkUrl: item.artwork_url }]),
    ).values(),
  ];

  return (
    <div className="mx-auto max-w-3xl px-4 py-10 md:py-14" data-testid="order-status-page">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 className="text-3xl font-semibold md:text-4xl">Order Status</h1>
          <p className="mt-2 text-muted-foreground">
            Order <span className="font-mono font-semibold text-foreground">#{orderNumber(order.id)}</span> · placed{' '}
            {formatOrderDateTime(order.created_at)}
          </p>
        </div>
        <OrderStatusBadge order={order} className="self-start px-3 py-1 text-sm sm:self-auto" />
      </div>

      {order.status === 'pending' && <OrderPayment order={order} merchant={site?.siteName ?? 'Wanderer'} />}

      <Card className="mt-8">
        <CardHeader className="flex-row items-center justify-between gap-4 space-y-0">
          <CardTitle as="h2">Progress</CardTitle>
          {!isOrderSettled(order) && (
            <span className="flex items-center gap-1.5 text-xs text-muted-foreground">
              <RefreshCw className="size-3.5" aria-hidden /> Updates automatically
            </span>
          )}
        </CardHeader>
        <CardContent className="flex flex-col gap-6">
          <OrderProgress order={order} />
          <OrderTracking order={order} />
        </CardContent>
      </Card>

      <Card className="mt-6">
        <CardHeader>
          <CardTitle as="h2">Items</CardTitle>
        </CardHeader>
        <CardContent>
          <OrderItems order={order} />
        </CardContent>
      </Card>

      {artworkIds.length > 0 && (
        <Card className="mt-6" data-testid="order-gallery-consent">
          <CardHeader>
            <CardTitle as="h2">Your artwork and the gallery</CardTitle>
          </CardHeader>
          <CardContent className="flex flex-col gap-4">
            {artworkIds.map(({ id, artworkUrl }) => (
              <div key={id} className="flex items-start gap-4">
                {artworkUrl && (
                  <img
                    src={artworkUrl}
                    alt="Your artwork"
                    className="size-16 shrink-0 rounded-lg border object-cover"
                  />
                )}
                <div className="min-w-0 flex-1">
                  <ArtworkGalleryConsent transformationId={id} orderId={order.id} compact />
                </div>
              </div>
            ))}
          </CardContent>
        </Card>
      )}

      {site?.supportEmail && (
        <p className="mt-8 flex items-start gap-2 text-sm text-muted-foreground" data-testid="order-support">
          <Mail className="mt-0.5 size-4 shrink-0" aria-hidden />
          <span>
            Questions about your order? Contact us at{' '}
            <a
              href={`mailto:${site.supportEmail}`}
              className="font-medium text-primary underline-offset-4 hover:underline"
            >
              {site.supportEmail}
            </a>{' '}
            and mention order #{orderNumber(order.id)}.
          </span>
        </p>
      )}
    </div>
  );
}
