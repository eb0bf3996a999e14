/** The Orders screen (admin §2 Orders): stat cards, search and status filter, the table, pages. */
import {
  ChevronLeft,
  ChevronRight,
  Download,
  ExternalLink,
  Eye,
  Mail,
  RefreshCw,
  RotateCcw,
  Search,
} from 'lucide-react';
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
import { Button } from '@/web/components/ui/button';
import { StatCards } from '@/web/components/stat-cards';
import { Card } from '@/web/components/ui/card';
import { Input } from '@/web/components/ui/input';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/web/components/ui/select';
import { Skeleton } from '@/web/components/ui/skeleton';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/web/components/ui/table';
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
  const [page, setPage] = useState(1);
  useEffect(() => setPage(1), [search, status]);
  const params = { search, status, page, pageSize: ADMIN_ORDER_PAGE_SIZE };
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
          ['Pending Payment', stats?.pending_payment],
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

      <Card className="overflow-hidden">
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
          <div className="overflow-x-auto">
            <Table>
              <TableHeader>
                <TableRow className="hover:bg-transparent">
                  <TableHead>Order ID</TableHead>
                  <TableHead>Customer</TableHead>
                  <TableHead>Items</TableHead>
                  <TableHead>Mockup</TableHead>
                  <TableHead className="text-right">Amount</TableHead>
                  <TableHead>Status</TableHead>
                  <TableHead>Email Status</TableHead>
                  <TableHead>Created</TableHead>
                  <TableHead className="text-right">Actions</TableHead>
                </TableRow>
              </TableHeader>
              <TableBody>
                {orders.data.orders.map((order) => (
                  <OrderRow key={order.id} order={order} actions={actions} />
                ))}
              </TableBody>
            </Table>
          </div>
        )}
      </Card>

      {orders.data && orders.data.total > 0 ? (
        <div className="flex flex-wrap items-center justify-between gap-3 text-sm text-muted-foreground">
          <span>
            {orders.data.total} {orders.data.total === 1 ? 'order' : 'orders'} · Page {page} of {pages}
          </span>
          <div className="flex gap-2">
            <Button variant="outline" size="sm" onClick={() => setPage((p) => p - 1)} disabled={page <= 1}>
              <ChevronLeft aria-hidden /> Previous
            </Button>
            <Button variant="outline" size="sm" onClick={() => setPage((p) => p + 1)} disabled={page >= pages}>
              Next <ChevronRight aria-hidden />
            </Button>
          </div>
        </div>
      ) : null}
    </div>
  );
}

function OrderRow({ order, actions }: { order: AdminOrderRow; actions: ReturnType<typeof useOrderActions> }) {
  const dashboard = fulfilmentDashboardUrl(order);
  return (
    <TableRow data-testid="order-row">
      <TableCell className="font-mono text-xs">{order.id.slice(0, 8)}</TableCell>
      <TableCell>
        <div className="font-medium">{order.shipping_name ?? '—'}</div>
        <div className="text-xs text-muted-foreground">{order.customer_email}</div>
      </TableCell>
      <TableCell className="text-sm">
        {order.items.map((item, index) => (
          <div key={index}>
            {item.quantity} x {item.product_name}
          </div>
        ))}
      </TableCell>
      <TableCell>
        {order.mockup_url ? (
          <img src={order.mockup_url} alt="" className="size-12 rounded-md border object-cover" loading="lazy" />
        ) : (
          <span className="text-xs text-muted-foreground">{ADMIN_ORDER_MESSAGES.noImage}</span>
        )}
      </TableCell>
      <TableCell className="text-right tabular-nums">{formatCents(order.total_amount, order.currency)}</TableCell>
      <TableCell>
        <OrderStatusBadge status={order.status} label={order.status_label} printfulStatus={order.printful_status} />
      </TableCell>
      <TableCell>
        <EmailStatusBadge status={order.email_status} />
      </TableCell>
      <TableCell
        className="whitespace-nowrap text-sm text-muted-foreground"
        title={new Date(order.created_at).toLocaleString()}
      >
        {relativeTime(order.created_at)}
      </TableCell>
      <TableCell>
        <div className="flex justify-end gap-1">
          <Button variant="ghost" size="icon" asChild title="View details">
            <Link to={`/admin/orders/${order.id}`} aria-label={`View order ${order.id.slice(0, 8)}`}>
              <Eye aria-hidden />
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
      </TableCell>
    </TableRow>
  );
}
