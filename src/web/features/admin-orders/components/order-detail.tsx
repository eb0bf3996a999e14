/** The Order detail screen (admin §2): actions, the six cards, the timeline, the refund dialog. */
import { ArrowLeft, Ban, Copy, ExternalLink, Mail, RotateCcw, Undo2 } from 'lucide-react';
import { useEffect, useState, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { PLACEMENT_TEXT } from '@/domain/placement';
import { formatCents } from '@/domain/money';
import { ADMIN_ORDER_MESSAGES, fulfilmentDashboardUrl, orderSummaryRows, type AdminOrderDetail } from '@/domain/orders';
import { ConfirmDialog } from '@/web/components/confirm-dialog';
import { Button } from '@/web/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/web/components/ui/card';
import { Skeleton } from '@/web/components/ui/skeleton';
import { ApiError } from '@/web/lib/api-client';
import { useCancelOrder } from '../api/cancel-order';
import { useAdminOrder } from '../api/get-order';
import { EmailStatusBadge, OrderStatusBadge } from './order-badges';
import { RefundDialog } from './refund-dialog';
import { useOrderActions } from './use-order-actions';

const when = (value: string | null) => (value ? new Date(value).toLocaleString() : '—');

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex justify-between gap-4 py-1 text-sm">
      <dt className="min-w-0 text-muted-foreground">{label}</dt>
      <dd className="min-w-0 text-right font-medium [overflow-wrap:anywhere]">{children}</dd>
    </div>
  );
}

/** The address as its country writes it (the server formats it, per country). */
function Address({ order, kind }: { order: AdminOrderDetail; kind: 'shipping' | 'billing' }) {
  const lines = order[`${kind}_address_lines`];
  return lines.length ? (
    <address className="text-sm not-italic leading-6" data-testid={`${kind}-address`}>
      {lines.map((line, index) => (
        <div key={index}>{line}</div>
      ))}
      {kind === 'billing' ? <div className="text-muted-foreground">{order.customer_email}</div> : null}
    </address>
  ) : (
    <p className="text-sm text-muted-foreground">No address</p>
  );
}

export function OrderDetail({ orderId }: { orderId: string }) {
  const order = useAdminOrder(orderId);
  const navigate = useNavigate();
  const actions = useOrderActions();
  const cancel = useCancelOrder();
  const [refunding, setRefunding] = useState(false);
  const missing = order.error instanceof ApiError && order.error.status === 404;

  useEffect(() => {
    if (order.isError && !missing) {
      toast.error(ADMIN_ORDER_MESSAGES.detailLoadFailed);
      void navigate('/admin/orders', { replace: true });
    }
  }, [order.isError, missing, navigate]);

  if (order.isPending) {
    return (
      <div className="flex flex-col gap-4" data-testid="order-loading">
        <Skeleton className="h-10 w-64" />
        <div className="grid gap-4 md:grid-cols-2">
          {[0, 1, 2, 3].map((card) => (
            <Skeleton key={card} className="h-40" />
          ))}
        </div>
      </div>
    );
  }
  if (missing || !order.data) {
    return (
      <div className="flex flex-col items-start gap-4">
        <BackLink />
        <h1 className="text-2xl font-semibold">{ADMIN_ORDER_MESSAGES.notFound}</h1>
      </div>
    );
  }

  const data = order.data;
  const dashboard = fulfilmentDashboardUrl(data);
  const itemCount = data.order_items.reduce((sum, item) => sum + item.quantity, 0);
  const copyId = async () => {
    try {
      await navigator.clipboard.writeText(data.id);
      toast.success(ADMIN_ORDER_MESSAGES.copied);
    } catch {
      toast.error('Could not copy to the clipboard');
    }
  };

  return (
    <div className="flex flex-col gap-6">
      <BackLink />
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div className="min-w-0">
          <div className="flex flex-wrap items-center gap-2">
            <h1 className="text-2xl font-semibold">Order {data.id.slice(0, 8)}</h1>
            <OrderStatusBadge status={data.status} label={data.status_label} printfulStatus={data.printful_status} />
          </div>
          <div className="mt-1 flex items-center gap-1 text-sm text-muted-foreground">
            <code className="truncate" data-testid="order-id">
              {data.id}
            </code>
            <Button
              variant="ghost"
              size="icon"
              className="size-7"
              onClick={() => void copyId()}
              aria-label="Copy order ID"
            >
              <Copy aria-hidden />
            </Button>
          </div>
        </div>
        <div className="flex flex-wrap gap-2">
          {data.actions.resend_email ? (
            <Button variant="outline" onClick={() => actions.resendEmail(data.id)} disabled={actions.resendPending}>
              <Mail aria-hidden /> Resend Email
            </Button>
          ) : null}
          {data.actions.retry_fulfilment ? (
            <Button variant="outline" onClick={() => actions.retryFulfilment(data.id)} disabled={actions.retryPending}>
              <RotateCcw aria-hidden /> Retry Printful
            </Button>
          ) : null}
          {dashboard ? (
            <Button variant="outline" asChild>
              <a href={dashboard} target="_blank" rel="noreferrer">
                <ExternalLink aria-hidden /> View in Printful
              </a>
            </Button>
          ) : null}
          {data.actions.refund ? (
            <Button variant="destructive" onClick={() => setRefunding(true)}>
              <Undo2 aria-hidden /> Refund
            </Button>
          ) : null}
          {data.actions.cancel ? (
            // Cancelling cannot be undone: the owner confirms first.
            <ConfirmDialog
              trigger={
                <Button variant="destructive" disabled={cancel.isPending}>
                  <Ban aria-hidden /> Cancel Order
                </Button>
              }
              title={ADMIN_ORDER_MESSAGES.cancelTitle(data.id.slice(0, 8))}
              description={ADMIN_ORDER_MESSAGES.cancelConfirmation}
              cancelLabel="Keep Order"
              confirmLabel="Cancel Order"
              destructive
              onConfirm={() =>
                cancel.mutate(data.id, {
                  onSuccess: () => toast.success(ADMIN_ORDER_MESSAGES.cancelled),
                  onError: (error) => toast.error(`Failed to cancel order: ${error.message}`),
                })
              }
            />
          ) : null}
        </div>
      </div>

      <div className="grid gap-4 lg:grid-cols-2 xl:grid-cols-3">
        <Card>
          <CardHeader>
            <CardTitle>Order Status</CardTitle>
          </CardHeader>
          <CardContent>
            <dl>
              <Field label="Created">{when(data.created_at)}</Field>
              <Field label="Paid">{when(data.paid_at)}</Field>
              <Field label="Shipped">{when(data.shipped_at)}</Field>
              <Field label="Fulfilment">{data.printful_status ?? 'Not submitted'}</Field>
              {data.fulfilment_error ? <Field label="Fulfilment error">{data.fulfilment_error}</Field> : null}
              {data.tracking_number ? (
                <Field label="Tracking">
                  {data.tracking_url ? (
                    <a className="underline" href={data.tracking_url} target="_blank" rel="noreferrer">
                      {data.tracking_carrier} {data.tracking_number}
                    </a>
                  ) : (
                    `${data.tracking_carrier ?? ''} ${data.tracking_number}`
                  )}
                </Field>
              ) : null}
              <Field label="Email status">
                <EmailStatusBadge status={data.email_status} />
              </Field>
              <Field label="Email sent">{when(data.confirmation_email_sent_at)}</Field>
              <Field label="Email delivered">{when(data.confirmation_email_delivered_at)}</Field>
              <Field label="Email opened">{when(data.confirmation_email_opened_at)}</Field>
              <Field label="Last resent">{when(data.last_email_resent_at)}</Field>
            </dl>
          </CardContent>
        </Card>

        <Card>
          <CardHeader>
            <CardTitle>Order Summary</CardTitle>
          </CardHeader>
          <CardContent>
            <dl data-testid="admin-order-sums">
              {orderSummaryRows(data.money, data.currency).map((row) => (
                <Field key={row.key} label={row.note ? `${row.label} (${row.note})` : row.label}>
                  <span data-sum={row.key} className="whitespace-nowrap tabular-nums">
                    {row.amount}
                  </span>
                </Field>
              ))}
              <Field label="Currency">{data.currency}</Field>
              <Field label="Items">{itemCount}</Field>
              {data.refunded_amount > 0 ? (
                <Field label="Refunded">
                  <span data-testid="refunded-amount" className="whitespace-nowrap tabular-nums">
                    {formatCents(data.refunded_amount, data.currency)}
                  </span>
                </Field>
              ) : null}
            </dl>
          </CardContent>
        </Card>

        <Card>
          <CardHeader>
            <CardTitle>Payment Information</CardTitle>
          </CardHeader>
          <CardContent>
            <dl>
              <Field label="Provider">{data.payment_provider === 'stripe' ? 'Stripe' : 'Test provider'}</Field>
              {data.stripe_session_id ? <Field label="Session ID">{data.stripe_session_id}</Field> : null}
              {data.stripe_payment_intent_id ? (
                <Field label="Payment Intent ID">{data.stripe_payment_intent_id}</Field>
              ) : null}
              {data.refunds.map((refund) => (
                <Field key={refund.id} label="Refund">
                  <span className="whitespace-nowrap">{formatCents(refund.amount, refund.currency)}</span>{' '}
                  {refund.tax_amount > 0 ? (
                    <span className="font-normal text-muted-foreground">
                      (tax {formatCents(refund.tax_amount, refund.currency)})
                    </span>
                  ) : null}{' '}
                  <span className="font-normal text-muted-foreground">
                    on {new Date(refund.created_at).toLocaleDateString()}
                  </span>
                </Field>
              ))}
            </dl>
          </CardContent>
        </Card>

        <Card>
          <CardHeader>
            <CardTitle>Billing Information</CardTitle>
          </CardHeader>
          <CardContent>
            <Address order={data} kind="billing" />
          </CardContent>
        </Card>

        <Card>
          <CardHeader>
            <CardTitle>Shipping Information</CardTitle>
          </CardHeader>
          <CardContent>
            <Address order={data} kind="shipping" />
          </CardContent>
        </Card>

        <Card className="xl:row-span-2">
          <CardHeader>
            <CardTitle>Timeline</CardTitle>
          </CardHeader>
          <CardContent>
            <ol className="relative flex flex-col gap-4 border-l pl-4" data-testid="order-timeline">
              {data.timeline.map((event) => (
                <li key={event.id} className="relative" data-testid="timeline-event">
                  <span className="absolute top-1.5 -left-[21px] size-2.5 rounded-full bg-primary" aria-hidden />
                  <div className="text-sm font-medium">{eventText(event, data.currency)}</div>
                  <time className="text-xs text-muted-foreground" dateTime={event.created_at}>
                    {new Date(event.created_at).toLocaleString()}
                  </time>
                </li>
              ))}
            </ol>
          </CardContent>
        </Card>

        <Card className="lg:col-span-2">
          <CardHeader>
            <CardTitle>Order Items</CardTitle>
          </CardHeader>
          <CardContent className="flex flex-col divide-y">
            {data.order_items.map((item) => (
              <div key={item.id} className="flex flex-wrap gap-4 py-3 first:pt-0" data-testid="order-item">
                {item.artwork_url ? (
                  <img
                    src={item.artwork_url}
                    alt={`Artwork for ${item.product_name}`}
                    className="size-20 rounded-md border object-cover"
                  />
                ) : (
                  <div className="grid size-20 place-items-center rounded-md border text-xs text-muted-foreground">
                    {ADMIN_ORDER_MESSAGES.noImage}
                  </div>
                )}
                <div className="min-w-0 flex-1">
                  <div className="font-medium">{item.product_name}</div>
                  <div className="text-sm text-muted-foreground">Variant ID: {item.printful_variant_id ?? '—'}</div>
                  <div className="text-sm text-muted-foreground">
                    {item.quantity} x {formatCents(item.unit_price, data.currency)}
                  </div>
                  {item.fit && (
                    <div className="text-sm text-muted-foreground" data-testid="order-item-fit">
                      Artwork placement: {PLACEMENT_TEXT[item.fit]}
                    </div>
                  )}
                  <div className="mt-1 flex flex-wrap gap-2 text-sm">
                    {item.mockup_urls.length ? (
                      item.mockup_urls.map((url, index) => (
                        <a key={url} href={url} target="_blank" rel="noreferrer" className="underline">
                          Mockup {index + 1}
                        </a>
                      ))
                    ) : (
                      <span className="text-muted-foreground">{ADMIN_ORDER_MESSAGES.noMockups}</span>
                    )}
                  </div>
                </div>
                <div className="font-medium tabular-nums">{formatCents(item.total_price, data.currency)}</div>
                <PrintFile item={item} paid={Boolean(data.paid_at)} />
              </div>
            ))}
          </CardContent>
        </Card>
      </div>

      <RefundDialog order={data} open={refunding} onOpenChange={setRefunding} />
    </div>
  );
}

/** The file sent to production, as printed: the whole print area, at a glance and to download. */
function PrintFile({ item, paid }: { item: AdminOrderDetail['order_items'][number]; paid: boolean }) {
  if (!item.print_file_url) {
    return (
      <p className="basis-full text-sm text-muted-foreground" data-testid="order-item-print-file">
        {paid ? 'Print file: being made; it shows here when ready.' : 'Print file: made once the order is paid.'}
      </p>
    );
  }
  return (
    <figure className="basis-full" data-testid="order-item-print-file">
      <a href={item.print_file_url} target="_blank" rel="noreferrer" className="inline-block">
        {/* A checkerboard shows where a garment's print file is transparent. */}
        <img
          src={item.print_file_url}
          alt={`Print file for ${item.product_name}`}
          loading="lazy"
          className="max-h-48 max-w-full rounded-md border bg-[conic-gradient(#eee_25%,#fff_0_50%,#eee_0_75%,#fff_0)] bg-[length:16px_16px] object-contain"
        />
      </a>
      <figcaption className="mt-1 text-xs text-muted-foreground">
        Print file
        {item.print_area
          ? `: ${item.print_area.width} × ${item.print_area.height} px, placement ${item.print_area.placement}`
          : ''}
      </figcaption>
    </figure>
  );
}

function eventText(event: AdminOrderDetail['timeline'][number], currency: string): string {
  const detail = event.detail;
  if (event.type === 'refunded' && typeof detail.amount === 'number') {
    return `${detail.full ? 'Refunded in full' : 'Partly refunded'}: ${formatCents(detail.amount, currency)}`;
  }
  if (event.type === 'shipped' && detail.tracking_number)
    return `Shipped with ${String(detail.carrier ?? 'the carrier')}, tracking ${String(detail.tracking_number)}`;
  if (event.type === 'submitted' && detail.provider_order_id)
    return `${event.label} (${String(detail.provider_order_id)})`;
  return event.label;
}

function BackLink() {
  return (
    <Button variant="ghost" className="self-start" asChild>
      <Link to="/admin/orders">
        <ArrowLeft aria-hidden /> Back to Orders
      </Link>
    </Button>
  );
}
