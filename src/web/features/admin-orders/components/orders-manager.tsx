/** The Orders screen (admin §2 Orders): stat cards, search and status filter, the table, pages. */
import { Download, ExternalLink, Eye, Mail, RefreshCw, RotateCcw, Search, X } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { formatCents } from '@/domain/money';
import {
  ADMIN_ORDER_FILTER_LABELS,
  ADMIN_ORDER_FILTERS,
  ADMIN_ORDER_MESSAGES,
  ADMIN_ORDER_PAGE_SIZE,
  canResendConfirmation,
  canRetryFulfilment,
  fulfilmentDashboardUrl,
  relativeTime,
  type AdminOrderFilter,
  type AdminOrderRow,
} from '@/domain/orders';
import { Pager } from '@/web/components/pager';
import { Button } from '@/web/components/ui/button';
import { StatCards } from '@/web/components/stat-cards';
import { Card } from '@/web/components/ui/card';
import { Input } from '@/web/components/ui/input';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/web/components/ui/select';
import { Skeleton } from '@/web/components/ui/skeleton';
import { cn } from '@/web/lib/utils';
import { orderListSearch, useAdminOrders } from '../api/list-orders';
import { EmailStatusBadge, OrderStatusBadge } from './order-badges';
import { useOrderActions } from './use-order-actions';

/** The spec's search debounce (admin §5, §9). */
const SEARCH_DEBOUNCE_MS = 300;

function useDebounced<T>(value: T, ms: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return debounced;
}

export function OrdersManager() {
  const [searchInput, setSearchInput] = useState('');
  const search = useDebounced(searchInput, SEARCH_DEBOUNCE_MS);
  // The dashboard links here with ?status=attention.
  const [searchParams] = useSearchParams();
  const linked = searchParams.get('status');
  const [status, setStatus] = useState<AdminOrderFilter>(
    ADMIN_ORDER_FILTERS.includes(linked as AdminOrderFilter) ? (linked as AdminOrderFilter) : 'all',
  );
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const rangeInvalid = Boolean(from && to && from > to);
  const [page, setPage] = useState(1);
  useEffect(() => setPage(1), [search, status, from, to]);
  // A range that ends before it starts is said, not sent.
  const range = rangeInvalid ? {} : { from: from || undefined, to: to || undefined };
  const params = { search, status, ...range, page, pageSize: ADMIN_ORDER_PAGE_SIZE };
  const orders = useAdminOrders(params);
  const actions = useOrderActions();

  useEffect(() => {
    if (orders.isError) toast.error(ADMIN_ORDER_MESSAGES.loadFailed, { id: 'orders-load-failed' });
  }, [orders.isError]);

  const stats = orders.data?.stats;
  const pages = orders.data ? Math.max(1, Math.ceil(orders.data.total / orders.data.page_size)) : 1;
  const exportHref = `/api/admin/orders/export.csv?${(() => {
    const query = orderListSearch(params);
    query.delete('page');
    query.delete('page_size');
    return query;
  })()}`;

  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-3xl font-semibold">Orders</h1>
          <p className="mt-1 text-muted-foreground">Every order, its payment, confirmation e-mail and fulfilment.</p>
        </div>
        <div className="flex gap-2">
          <Button variant="outline" asChild>
            <a href={exportHref} download>
              <Download aria-hidden /> Export CSV
            </a>
          </Button>
          <Button variant="outline" onClick={() => void orders.refetch()} disabled={orders.isFetching}>
            <RefreshCw aria-hidden className={orders.isFetching ? 'animate-spin' : undefined} /> Refresh
          </Button>
        </div>
      </div>

      <StatCards
        testId="order-stat"
        stats={[
          ['Total Orders', stats?.total],
          [
            'Pending Payment',
            stats && (
              <>
                {stats.pending_payment}
                {stats.payment_failed > 0 && (
                  <span className="ml-2 text-sm font-normal text-destructive">{stats.payment_failed} failed</span>
                )}
              </>
            ),
          ],
          ['Need Printful Submit', stats?.needs_submission],
          ['Printful Confirmed', stats?.confirmed],
        ]}
      />

      <div className="flex flex-col gap-3 sm:flex-row">
        <div className="relative flex-1">
          <Search
            className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
            aria-hidden
          />
          <Input
            className="pl-9"
            placeholder="Search by order ID, e-mail or name"
            aria-label="Search orders"
            value={searchInput}
            onChange={(event) => setSearchInput(event.target.value)}
          />
        </div>
        <Select value={status} onValueChange={(value) => setStatus(value as AdminOrderFilter)}>
          <SelectTrigger className="sm:w-48" aria-label="Filter by status">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            {ADMIN_ORDER_FILTERS.map((filter) => (
              <SelectItem key={filter} value={filter}>
                {ADMIN_ORDER_FILTER_LABELS[filter]}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      </div>

      <fieldset className="flex flex-wrap items-end gap-3" data-testid="order-date-range">
        <legend className="mb-1 text-sm font-medium">Placed between</legend>
        <label className="flex flex-col gap-1 text-xs text-muted-foreground">
          From
          <Input
            type="date"
            className="w-40"
            value={from}
            max={to || undefined}
            onChange={(event) => setFrom(event.target.value)}
            aria-invalid={rangeInvalid || undefined}
            aria-describedby={rangeInvalid ? 'order-range-error' : undefined}
          />
        </label>
        <label className="flex flex-col gap-1 text-xs text-muted-foreground">
          To
          <Input
            type="date"
            className="w-40"
            value={to}
            min={from || undefined}
            onChange={(event) => setTo(event.target.value)}
            aria-invalid={rangeInvalid || undefined}
            aria-describedby={rangeInvalid ? 'order-range-error' : undefined}
          />
        </label>
        {from || to ? (
          <Button
            variant="ghost"
            size="sm"
            onClick={() => {
              setFrom('');
              setTo('');
            }}
          >
            <X aria-hidden /> Clear dates
          </Button>
        ) : null}
        {rangeInvalid ? (
          <p id="order-range-error" role="alert" className="w-full text-sm text-destructive">
            {ADMIN_ORDER_MESSAGES.dateRangeInvalid}
          </p>
        ) : null}
      </fieldset>

      {/* The table fits its card at any width: from 672 px of card it is a table of five columns
          (mockup and time under the order, items under the customer, the e-mail under the
          status); narrower, each order is a block of its own, its actions beside its number. */}
      <Card className="@container overflow-hidden">
        {orders.isPending ? (
          <div className="flex flex-col gap-3 p-4" data-testid="orders-loading">
            {[0, 1, 2].map((row) => (
              <Skeleton key={row} className="h-14" />
            ))}
          </div>
        ) : orders.isError ? (
          <div className="flex items-center justify-between gap-3 p-6 text-destructive">
            {ADMIN_ORDER_MESSAGES.loadFailed}
            <Button size="sm" variant="outline" onClick={() => void orders.refetch()}>
              <RefreshCw aria-hidden /> Try Again
            </Button>
          </div>
        ) : orders.data.orders.length === 0 ? (
          <p className="p-10 text-center text-muted-foreground">{ADMIN_ORDER_MESSAGES.empty}</p>
        ) : (
          <table className="block w-full text-sm @2xl:table" data-testid="orders-table">
            <thead className="hidden border-b @2xl:table-header-group">
              <tr>
                <OrdersHead>Order ID</OrdersHead>
                <OrdersHead>Customer</OrdersHead>
                <OrdersHead className="text-right">Amount</OrdersHead>
                <OrdersHead>Status</OrdersHead>
                <OrdersHead className="text-right">Actions</OrdersHead>
              </tr>
            </thead>
            <tbody className="block divide-y @2xl:table-row-group">
              {orders.data.orders.map((order) => (
                <OrderRow key={order.id} order={order} actions={actions} />
              ))}
            </tbody>
          </table>
        )}
      </Card>

      {orders.data && orders.data.total > 0 ? (
        <Pager page={page} pages={pages} onPageChange={setPage} className="flex-wrap gap-3">
          {orders.data.total} {orders.data.total === 1 ? 'order' : 'orders'} · Page {page} of {pages}
        </Pager>
      ) : null}
    </div>
  );
}

function OrdersHead({ className, children }: { className?: string; children: string }) {
  return (
    <th
      className={cn(
        'h-10 px-3 text-left align-middle text-xs font-semibold tracking-wide whitespace-nowrap text-muted-foreground uppercase',
        className,
      )}
    >
      {children}
    </th>
  );
}

/** One order: a table row from 672 px of card, else a block with its actions beside its number. */
function OrderRow({ order, actions }: { order: AdminOrderRow; actions: ReturnType<typeof useOrderActions> }) {
  const dashboard = fulfilmentDashboardUrl(order);
  const cell = 'block @2xl:table-cell @2xl:p-3 @2xl:align-middle';
  return (
    <tr
      data-testid="order-row"
      className="grid grid-cols-[minmax(0,1fr)_auto] gap-x-3 gap-y-2 p-4 transition-colors hover:bg-muted/40 @2xl:table-row @2xl:p-0"
    >
      <td className={cn(cell, 'col-start-1 row-start-1')}>
        <div className="flex items-center gap-3">
          {order.mockup_url ? (
            <img
              src={order.mockup_url}
              alt=""
              className="size-12 shrink-0 rounded-md border object-cover"
              loading="lazy"
            />
          ) : (
            <span className="grid size-12 shrink-0 place-items-center rounded-md border text-center text-[10px] leading-tight text-muted-foreground">
              {ADMIN_ORDER_MESSAGES.noImage}
            </span>
          )}
          <div className="min-w-0">
            <div className="font-mono text-xs font-semibold">{order.id.slice(0, 8)}</div>
            <div
              className="text-xs whitespace-nowrap text-muted-foreground"
              title={new Date(order.created_at).toLocaleString()}
            >
              {relativeTime(order.created_at)}
            </div>
          </div>
        </div>
      </td>
      <td className={cn(cell, 'col-span-2 min-w-0')}>
        <div className="font-medium [overflow-wrap:anywhere]">{order.shipping_name ?? '—'}</div>
        <div className="text-xs text-muted-foreground [overflow-wrap:anywhere]">{order.customer_email}</div>
        <ul className="mt-1 text-xs">
          {order.items.map((item, index) => (
            <li key={index}>
              {item.quantity} x {item.product_name}
            </li>
          ))}
        </ul>
      </td>
      <td className={cn(cell, 'col-start-1 font-medium tabular-nums @2xl:text-right @2xl:whitespace-nowrap')}>
        {formatCents(order.total_amount, order.currency)}
      </td>
      <td className={cn(cell, 'col-span-2')}>
        <div className="flex flex-wrap items-center gap-1.5 @2xl:flex-col @2xl:items-start">
          <OrderStatusBadge status={order.status} label={order.status_label} printfulStatus={order.printful_status} />
          {order.payment_error && <span className="text-xs text-destructive">{order.payment_error}</span>}
          <span className="flex items-center gap-1 text-xs text-muted-foreground">
            <span className="sr-only">Email status:</span>
            <EmailStatusBadge status={order.email_status} />
          </span>
        </div>
      </td>
      <td className={cn(cell, 'col-start-2 row-start-1 self-start')}>
        <div className="flex justify-end gap-1">
          <Button variant="outline" size="sm" asChild title="View details">
            <Link to={`/admin/orders/${order.id}`} aria-label={`View order ${order.id.slice(0, 8)}`}>
              <Eye aria-hidden /> View
            </Link>
          </Button>
          {canResendConfirmation(order) ? (
            <Button
              variant="ghost"
              size="icon"
              title="Resend confirmation e-mail"
              aria-label="Resend confirmation e-mail"
              onClick={() => actions.resendEmail(order.id)}
            >
              <Mail aria-hidden />
            </Button>
          ) : null}
          {canRetryFulfilment(order) ? (
            <Button
              variant="ghost"
              size="icon"
              title="Retry Printful submission"
              aria-label="Retry Printful submission"
              onClick={() => actions.retryFulfilment(order.id)}
            >
              <RotateCcw aria-hidden />
            </Button>
          ) : null}
          {dashboard ? (
            <Button variant="ghost" size="icon" asChild title="View in Printful">
              <a href={dashboard} target="_blank" rel="noreferrer" aria-label="View in Printful">
                <ExternalLink aria-hidden />
              </a>
            </Button>
          ) : null}
        </div>
      </td>
    </tr>
  );
}
