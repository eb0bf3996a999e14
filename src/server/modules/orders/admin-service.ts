/**
 * The back office's orders (admin §2 Orders and Order detail, §4): the filtered, paged list
 * with its stat cards, the whole order with its timeline, the CSV export, and the owner's
 * actions — resend the confirmation, retry the fulfilment, refund (whole or part), cancel an
 * unpaid order. Every refused action is a 409 with the reason.
 */
import { randomUUID } from 'node:crypto';
import { and, asc, count, desc, eq, gte, inArray, isNull, lt, lte, or, sql, type SQL } from 'drizzle-orm';
import {
  ADMIN_ORDER_MESSAGES,
  adminOrderStatusLabel,
  canCancel,
  canRefund,
  canResendConfirmation,
  canRetryFulfilment,
  emailStatus,
  orderEventLabel,
  STUCK_AFTER_MINUTES,
  type AdminOrderDetail,
  type AdminOrderList,
  type AdminOrderListQuery,
  type AdminOrderRow,
  type OrderStatus,
} from '../../../domain/orders.js';
import { formatCents } from '../../../domain/money.js';
import type { PaymentProviderId } from '../../../domain/checkout.js';
import type { AppContext } from '../../context.js';
import { order_events, order_items, order_refunds, orders } from '../../db/schema.js';
import { conflict, HttpError } from '../../http/errors.js';
import { orderAddress, postalAddressLines } from '../../infra/postal-address.js';
import { sendRefundNotice } from '../email/index.js';
import type { FulfilmentProviderId } from '../fulfilment/index.js';
import { fulfilmentProvider } from '../fulfilment/index.js';
import { PaymentProviderError } from '../payments/index.js';
import { paymentProvider } from '../payments/index.js';
import { findOrder, resendConfirmation, retryFulfilment } from './service.js';

type OrderRow = typeof orders.$inferSelect;

const iso = (value: Date | null) => (value ? value.toISOString() : null);

/** `%`, `_` and `\` in what the owner typed are matched literally. */
const likeEscape = (value: string) => value.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The text the trigram index covers (migration 0011): e-mail, shipping and billing names, lowered. */
const orderSearchText = sql`lower(${orders.customer_email} || ' ' || coalesce(${orders.shipping_name}, '') || ' ' || coalesce(${orders.billing_name}, ''))`;

/**
 * An order id's prefix as a range of ids, so the primary key answers it: `3f2a9c1e` is every
 * id from 3f2a9c1e-0000-… to 3f2a9c1e-ffff-…. Null when the text cannot start an id.
 */
export function idPrefixRange(search: string): [string, string] | null {
  if (!/^[0-9a-f-]{1,36}$/i.test(search)) return null;
  const hex = search.replace(/-/g, '').toLowerCase();
  if (hex.length === 0 || hex.length > 32) return null;
  const asUuid = (digits: string) =>
    `${digits.slice(0, 8)}-${digits.slice(8, 12)}-${digits.slice(12, 16)}-${digits.slice(16, 20)}-${digits.slice(20)}`;
  return [asUuid(hex.padEnd(32, '0')), asUuid(hex.padEnd(32, 'f'))];
}

/** Paid, and fulfilment failed, on hold, or never submitted this long after payment. */
const needsAttention = sql`(${orders.status} = 'paid' and (${orders.printful_status} in ('failed', 'onhold') or (${orders.printful_status} is null and ${orders.paid_at} < now() - make_interval(mins => ${STUCK_AFTER_MINUTES}))))`;

/** The list's WHERE: search over id (prefix), customer e-mail, shipping and billing names; status; date range. */
export function orderFilter(query: Pick<AdminOrderListQuery, 'search' | 'status' | 'from' | 'to'>): SQL | undefined {
  const conditions: SQL[] = [];
  if (query.status === 'attention') conditions.push(needsAttention);
  else if (query.status !== 'all') conditions.push(eq(orders.status, query.status));
  const search = query.search.trim();
  if (search) {
    const contains = sql`${orderSearchText} like ${`%${likeEscape(search.toLowerCase())}%`}`;
    const range = idPrefixRange(search);
    conditions.push(range ? (or(and(gte(orders.id, range[0]), lte(orders.id, range[1])), contains) as SQL) : contains);
  }
  if (query.from) conditions.push(gte(orders.created_at, new Date(`${query.from}T00:00:00Z`)));
  if (query.to)
    conditions.push(lt(orders.created_at, new Date(new Date(`${query.to}T00:00:00Z`).getTime() + 86_400_000)));
  return conditions.length ? and(...conditions) : undefined;
}

async function itemsByOrder(context: AppContext, orderIds: string[]) {
  const byOrder = new Map<string, (typeof order_items.$inferSelect)[]>();
  if (orderIds.length === 0) return byOrder;
  const rows = await context.db
    .select()
    .from(order_items)
    .where(inArray(order_items.order_id, orderIds))
    .orderBy(asc(order_items.position), asc(order_items.id));
  for (const row of rows) {
    const list = byOrder.get(row.order_id) ?? [];
    list.push(row);
    byOrder.set(row.order_id, list);
  }
  return byOrder;
}

function listRow(order: OrderRow, items: (typeof order_items.$inferSelect)[]): AdminOrderRow {
  return {
    id: order.id,
    status: order.status as OrderStatus,
    status_label: adminOrderStatusLabel(order),
    customer_email: order.customer_email,
    shipping_name: order.shipping_name,
    items: items.map((item) => ({ product_name: item.product_name, quantity: item.quantity })),
    mockup_url: items.find((item) => item.mockup_urls.length > 0)?.mockup_urls[0] ?? null,
    total_amount: order.total_amount,
    refunded_amount: order.refunded_amount,
    currency: order.currency,
    email_status: emailStatus(order),
    created_at: order.created_at.toISOString(),
    paid_at: iso(order.paid_at),
    printful_status: order.printful_status,
    printful_order_id: order.printful_order_id,
    fulfilment_provider: order.fulfilment_provider,
  };
}

/** The four stat cards, over every order (the filters narrow the table, not the shop's totals). */
export async function orderStats(context: AppContext) {
  const [stats] = await context.db
    .select({
      total: count(),
      pending_payment: sql<number>`count(*) filter (where ${orders.status} = 'pending')`.mapWith(Number),
      needs_submission:
        sql<number>`count(*) filter (where ${orders.status} = 'paid' and ${orders.printful_status} is null)`.mapWith(
          Number,
        ),
      confirmed: sql<number>`count(*) filter (where ${orders.printful_status} = 'confirmed')`.mapWith(Number),
    })
    .from(orders);
  return stats;
}

export async function listOrdersForAdmin(context: AppContext, query: AdminOrderListQuery): Promise<AdminOrderList> {
  const where = orderFilter(query);
  const [rows, [{ total }], stats] = await Promise.all([
    context.db
      .select()
      .from(orders)
      .where(where)
      .orderBy(desc(orders.created_at), desc(orders.id))
      .limit(query.page_size)
      .offset((query.page - 1) * query.page_size),
    context.db.select({ total: count() }).from(orders).where(where),
    orderStats(context),
  ]);
  const items = await itemsByOrder(
    context,
    rows.map((row) => row.id),
  );
  return {
    orders: rows.map((row) => listRow(row, items.get(row.id) ?? [])),
    total,
    page: query.page,
    page_size: query.page_size,
    stats,
  };
}

/** The order, or 404 with the back office's 'Order Not Found'. */
async function findAdminOrder(context: AppContext, id: string): Promise<OrderRow> {
  try {
    return await findOrder(context, id);
  } catch (error) {
    if (error instanceof HttpError && error.statusCode === 404) throw new HttpError(404, ADMIN_ORDER_MESSAGES.notFound);
    throw error;
  }
}

export async function readOrderForAdmin(context: AppContext, id: string): Promise<AdminOrderDetail> {
  const order = await findAdminOrder(context, id);
  const [items, refunds, events] = await Promise.all([
    context.db
      .select()
      .from(order_items)
      .where(eq(order_items.order_id, order.id))
      .orderBy(asc(order_items.position), asc(order_items.id)),
    context.db
      .select()
      .from(order_refunds)
      .where(eq(order_refunds.order_id, order.id))
      .orderBy(asc(order_refunds.created_at)),
    context.db
      .select()
      .from(order_events)
      .where(eq(order_events.order_id, order.id))
      .orderBy(asc(order_events.created_at), asc(order_events.id)),
  ]);
  return {
    id: order.id,
    status: order.status as OrderStatus,
    status_label: adminOrderStatusLabel(order),
    printful_status: order.printful_status,
    printful_order_id: order.printful_order_id,
    fulfilment_provider: order.fulfilment_provider,
    fulfilment_error: order.fulfilment_error,
    customer_email: order.customer_email,
    shipping_name: order.shipping_name,
    shipping_address_line1: order.shipping_address_line1,
    shipping_address_line2: order.shipping_address_line2,
    shipping_city: order.shipping_city,
    shipping_state: order.shipping_state,
    shipping_postal_code: order.shipping_postal_code,
    shipping_country: order.shipping_country,
    billing_name: order.billing_name,
    billing_address_line1: order.billing_address_line1,
    billing_address_line2: order.billing_address_line2,
    billing_city: order.billing_city,
    billing_state: order.billing_state,
    billing_postal_code: order.billing_postal_code,
    billing_country: order.billing_country,
    shipping_address_lines: postalAddressLines(orderAddress(order, 'shipping')),
    billing_address_lines: postalAddressLines(orderAddress(order, 'billing')),
    total_amount: order.total_amount,
    refunded_amount: order.refunded_amount,
    currency: order.currency,
    created_at: order.created_at.toISOString(),
    paid_at: iso(order.paid_at),
    shipped_at: iso(order.shipped_at),
    confirmation_email_sent_at: iso(order.confirmation_email_sent_at),
    confirmation_email_delivered_at: iso(order.confirmation_email_delivered_at),
    confirmation_email_opened_at: iso(order.confirmation_email_opened_at),
    last_email_resent_at: iso(order.last_email_resent_at),
    email_status: emailStatus(order),
    stripe_session_id: order.stripe_session_id,
    stripe_payment_intent_id: order.stripe_payment_intent_id,
    payment_provider: order.payment_provider,
    tracking_carrier: order.tracking_carrier,
    tracking_number: order.tracking_number,
    tracking_url: order.tracking_url,
    order_items: items.map((item) => ({
      id: item.id,
      product_name: item.product_name,
      quantity: item.quantity,
      unit_price: item.unit_price,
      total_price: item.total_price,
      artwork_url: item.artwork_url,
      printful_variant_id: item.printful_variant_id,
      mockup_urls: item.mockup_urls,
    })),
    refunds: refunds.map((refund) => ({
      id: refund.id,
      amount: refund.amount,
      currency: refund.currency,
      provider_refund_id: refund.provider_refund_id,
      created_at: refund.created_at.toISOString(),
    })),
    timeline: events.map((event) => ({
      id: event.id,
      type: event.type,
      label: orderEventLabel(event.type),
      detail: event.detail,
      created_at: event.created_at.toISOString(),
    })),
    actions: {
      resend_email: canResendConfirmation(order),
      retry_fulfilment: canRetryFulfilment(order),
      refund: canRefund(order),
      cancel: canCancel(order),
    },
  };
}

export async function resendConfirmationForAdmin(context: AppContext, id: string) {
  await findAdminOrder(context, id);
  await resendConfirmation(context, id);
  return readOrderForAdmin(context, id);
}

export async function retryFulfilmentForAdmin(context: AppContext, id: string) {
  await findAdminOrder(context, id);
  const { jobId } = await retryFulfilment(context, id);
  return { job_id: jobId };
}

/**
 * Gives money back. The amount is reserved on the order first with one conditional UPDATE
 * (so two refunds pressed at once can never together exceed the total), then the payment
 * provider is asked with an idempotency key derived from the reservation; a provider failure
 * releases the reservation. A full refund of an order not yet shipped cancels the print order
 * first and turns the order `refunded`; a partial one leaves its status alone.
 */
export async function refundOrder(context: AppContext, id: string, requested?: number): Promise<AdminOrderDetail> {
  const order = await findAdminOrder(context, id);
  if (!canRefund(order)) throw conflict(ADMIN_ORDER_MESSAGES.cannotRefund);
  if (!order.stripe_payment_intent_id) throw conflict(ADMIN_ORDER_MESSAGES.cannotRefund);
  const left = order.total_amount - order.refunded_amount;
  const amount = requested ?? left;
  if (amount > left) throw conflict(ADMIN_ORDER_MESSAGES.refundTooMuch(formatCents(left, order.currency)));

  const [reserved] = await context.db
    .update(orders)
    .set({ refunded_amount: sql`${orders.refunded_amount} + ${amount}` })
    .where(
      and(
        eq(orders.id, order.id),
        inArray(orders.status, ['paid', 'shipped']),
        sql`${orders.refunded_amount} + ${amount} <= ${orders.total_amount}`,
      ),
    )
    .returning({ refunded_amount: orders.refunded_amount });
  if (!reserved) throw conflict(ADMIN_ORDER_MESSAGES.refundTooMuch(formatCents(left, order.currency)));
  const before = reserved.refunded_amount - amount;
  const full = reserved.refunded_amount === order.total_amount;
  const release = () =>
    context.db
      .update(orders)
      .set({ refunded_amount: sql`${orders.refunded_amount} - ${amount}` })
      .where(eq(orders.id, order.id));

  if (full && !order.shipped_at && order.printful_order_id && order.fulfilment_provider) {
    try {
      await fulfilmentProvider(context, order.fulfilment_provider as FulfilmentProviderId).cancel(order);
    } catch (error) {
      await release();
      context.log.warn({ err: error, order: order.id }, 'could not cancel the print order before a refund');
      throw conflict(
        `${ADMIN_ORDER_MESSAGES.alreadyShippedCannotCancelPrint}: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
  }

  let refundId: string;
  try {
    const provider = paymentProvider(context, order.payment_provider as PaymentProviderId);
    ({ refundId } = await provider.refund({
      orderId: order.id,
      paymentIntentId: order.stripe_payment_intent_id,
      amount,
      currency: order.currency,
      idempotencyKey: `refund-${order.id}-${before}-${amount}`,
    }));
  } catch (error) {
    await release();
    context.log.warn({ err: error, order: order.id, amount }, 'refund refused by the payment provider');
    const message =
      error instanceof PaymentProviderError
        ? (error.visibleMessage ?? 'The payment provider refused the refund')
        : 'The payment provider refused the refund';
    throw new HttpError(502, message);
  }

  await context.db.transaction(async (tx) => {
    const refundRowId = randomUUID();
    await tx
      .insert(order_refunds)
      .values({ id: refundRowId, order_id: order.id, amount, currency: order.currency, provider_refund_id: refundId });
    await tx.insert(order_events).values({
      order_id: order.id,
      type: 'refunded',
      detail: { refund_id: refundRowId, amount, currency: order.currency, full, provider_refund_id: refundId },
    });
    if (full) {
      await tx
        .update(orders)
        .set({
          status: 'refunded',
          ...(order.shipped_at
            ? {}
            : { printful_status: order.printful_order_id ? 'canceled' : order.printful_status }),
        })
        .where(eq(orders.id, order.id));
    }
  });
  context.log.info({ order: order.id, amount, full, refund: refundId }, 'order refunded');
  try {
    await sendRefundNotice(context, order.id, { amount, full });
  } catch (error) {
    // The money is back with the customer either way; the e-mails list shows the failed message.
    context.log.error({ err: error, order: order.id }, 'could not send the refund e-mail');
  }
  return readOrderForAdmin(context, order.id);
}

/** Cancels an order nobody paid for (pending, or failed payment). */
export async function cancelOrder(context: AppContext, id: string): Promise<AdminOrderDetail> {
  const order = await findAdminOrder(context, id);
  if (!canCancel(order)) throw conflict(ADMIN_ORDER_MESSAGES.cannotCancel);
  const [cancelled] = await context.db
    .update(orders)
    .set({ status: 'cancelled' })
    .where(and(eq(orders.id, order.id), inArray(orders.status, ['pending', 'failed']), isNull(orders.paid_at)))
    .returning({ id: orders.id });
  if (!cancelled) throw conflict(ADMIN_ORDER_MESSAGES.cannotCancel);
  return readOrderForAdmin(context, order.id);
}

const ADDRESS_PARTS = ['name', 'address_line1', 'address_line2', 'city', 'state', 'postal_code', 'country'] as const;
const addressColumns = <K extends 'shipping' | 'billing'>(kind: K) =>
  ADDRESS_PARTS.map((part) => `${kind}_${part}` as const);

/**
 * One row per order: its figures, both addresses field by field (a spreadsheet sorts and
 * filters by postcode or country), and its lines with their unit prices, in the order's
 * currency: `2 x Classic Mug 11 oz @ 14.99 = 29.98; …`.
 */
export const CSV_COLUMNS = [
  'id',
  'created_at',
  'status',
  'status_label',
  'customer_email',
  'items',
  'line_items',
  'total_amount',
  'refunded_amount',
  'currency',
  'email_status',
  'paid_at',
  'shipped_at',
  'printful_status',
  'printful_order_id',
  ...addressColumns('shipping'),
  ...addressColumns('billing'),
] as const;

const decimal = (cents: number) => (cents / 100).toFixed(2);

const csvCell = (value: unknown): string => {
  if (value === null || value === undefined) return '';
  let text = String(value);
  // A cell a spreadsheet would run as a formula is quoted as text.
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
};

/**
 * The list's filters as CSV, read in pages by keyset (created_at, id) so memory stays flat
 * however many orders match: one page of rows at a time is in memory.
 */
export async function* exportOrdersCsv(
  context: AppContext,
  query: Pick<AdminOrderListQuery, 'search' | 'status' | 'from' | 'to'>,
  batchSize = 500,
): AsyncGenerator<string> {
  yield `${CSV_COLUMNS.join(',')}\n`;
  const where = orderFilter(query);
  let after: string | null = null;
  for (;;) {
    // The cursor row's own created_at, read in SQL: a JS Date would lose the microseconds.
    const cursor: SQL | undefined = after
      ? sql`(${orders.created_at}, ${orders.id}) < (select o.created_at, o.id from orders o where o.id = ${after}::uuid)`
      : undefined;
    const rows = await context.db
      .select()
      .from(orders)
      .where(and(where, cursor))
      .orderBy(desc(orders.created_at), desc(orders.id))
      .limit(batchSize);
    if (rows.length === 0) return;
    const items = await itemsByOrder(
      context,
      rows.map((row) => row.id),
    );
    let chunk = '';
    for (const order of rows) {
      const line = items.get(order.id) ?? [];
      const values: Record<(typeof CSV_COLUMNS)[number], unknown> = {
        id: order.id,
        created_at: order.created_at.toISOString(),
        status: order.status,
        status_label: adminOrderStatusLabel(order),
        customer_email: order.customer_email,
        items: line.map((item) => `${item.quantity} x ${item.product_name}`).join('; '),
        line_items: line
          .map(
            (item) =>
              `${item.quantity} x ${item.product_name} @ ${decimal(item.unit_price)} = ${decimal(item.total_price)}`,
          )
          .join('; '),
        total_amount: decimal(order.total_amount),
        refunded_amount: decimal(order.refunded_amount),
        currency: order.currency,
        email_status: emailStatus(order),
        paid_at: iso(order.paid_at),
        shipped_at: iso(order.shipped_at),
        printful_status: order.printful_status,
        printful_order_id: order.printful_order_id,
        ...Object.fromEntries(
          (['shipping', 'billing'] as const).flatMap((kind) =>
            addressColumns(kind).map((column) => [column, order[column]]),
          ),
        ),
      } as Record<(typeof CSV_COLUMNS)[number], unknown>;
      chunk += `${CSV_COLUMNS.map((column) => csvCell(values[column])).join(',')}\n`;
    }
    yield chunk;
    if (rows.length < batchSize) return;
    after = rows.at(-1)!.id;
  }
}
