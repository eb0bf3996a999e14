/**
 * The back office's orders (admin §2 Orders and Order detail, §4): the filtered, paged list
 * with its stat cards, the whole order with its timeline, the CSV export, and the owner's
 * actions — resend the confirmation, retry the fulfilment, refund (whole or part), cancel an
 * unpaid order. Every refused action is a 409 with the reason.
 */
import { randomUUID } from 'node:crypto';
import {
  ADMIN_ORDER_MESSAGES,
  adminOrderStatusLabel,
  canCancel,
  canRefund,
  canResendConfirmation,
  canRetryFulfilment,
  emailStatus,
  orderEventLabel,
  orderMoneyOf,
  type AdminOrderDetail,
  type AdminOrderList,
  type AdminOrderListQuery,
  type AdminOrderRow,
  type OrderStatus,
} from '../../../domain/orders.js';
import { formatCents } from '../../../domain/money.js';
import type { PaymentProviderId } from '../../../domain/checkout.js';
import type { AppContext } from '../../context.js';
import { refundTaxShare } from '../../../domain/tax.js';
import { conflict, HttpError } from '../../http/errors.js';
import { orderAddress, postalAddressLines } from '../../infra/postal-address.js';
import { appSecret } from '../../infra/secrets/app-secret.js';
import { signPrivateFileUrl } from '../../infra/storage/signed-urls.js';
import { sendRefundNotice } from '../email/index.js';
import type { FulfilmentProviderId } from '../fulfilment/index.js';
import { fulfilmentProvider } from '../fulfilment/index.js';
import { PaymentProviderError } from '../payments/index.js';
import { paymentProvider } from '../payments/index.js';
import * as orderRecords from '../order-records/index.js';
import * as repository from './repository.js';
import type { OrderItemRow, OrderRow } from './repository.js';
import { findOrder, resendConfirmation, retryFulfilment } from './service.js';

const iso = (value: Date | null) => (value ? value.toISOString() : null);

function listRow(order: OrderRow, items: OrderItemRow[]): AdminOrderRow {
  return {
    id: order.id,
    status: order.status as OrderStatus,
    status_label: adminOrderStatusLabel(order),
    payment_error: order.status === 'pending' || order.status === 'failed' ? order.payment_error : null,
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
    printful_order_id: order.provider_order_id,
    fulfilment_provider: order.fulfilment_provider,
  };
}

/** The four stat cards, over every order (the filters narrow the table, not the shop's totals). */
export function orderStats(context: AppContext) {
  return repository.orderStats(context.db);
}

export async function listOrdersForAdmin(context: AppContext, query: AdminOrderListQuery): Promise<AdminOrderList> {
  const [{ rows, total }, stats] = await Promise.all([
    repository.listOrdersPage(context.db, query, { page: query.page, pageSize: query.page_size }),
    orderStats(context),
  ]);
  const items = await repository.itemsByOrder(
    context.db,
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

/** How long the admin's link to a print file works: long enough to look at it and download it. */
const PRINT_FILE_LINK_SECONDS = 3600;

export async function readOrderForAdmin(context: AppContext, id: string): Promise<AdminOrderDetail> {
  const order = await findAdminOrder(context, id);
  const secret = await appSecret(context.config);
  const [items, refunds, events] = await Promise.all([
    orderRecords.listOrderItems(context.db, order.id),
    repository.listOrderRefunds(context.db, order.id),
    repository.listOrderEvents(context.db, order.id),
  ]);
  return {
    id: order.id,
    status: order.status as OrderStatus,
    status_label: adminOrderStatusLabel(order),
    printful_status: order.printful_status,
    printful_order_id: order.provider_order_id,
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
    stripe_payment_intent_id: order.payment_id,
    payment_provider: order.payment_provider,
    tracking_carrier: order.tracking_carrier,
    tracking_number: order.tracking_number,
    tracking_url: order.tracking_url,
    money: orderMoneyOf(order),
    order_items: items.map((item) => ({
      id: item.id,
      product_name: item.product_name,
      quantity: item.quantity,
      unit_price: item.unit_price,
      total_price: item.total_price,
      artwork_url: item.artwork_url,
      printful_variant_id: item.printful_variant_id,
      mockup_urls: item.mockup_urls,
      fit: item.fit,
      // Print files are private: the owner gets a link that expires, as the provider does.
      print_file_url: item.print_file_path
        ? signPrivateFileUrl(secret, item.print_file_path, { baseUrl: '', expiresInSeconds: PRINT_FILE_LINK_SECONDS })
        : null,
      print_area: item.print_placement
        ? {
            placement: item.print_placement.area.placement,
            width: item.print_placement.area.width,
            height: item.print_placement.area.height,
          }
        : null,
    })),
    refunds: refunds.map((refund) => ({
      id: refund.id,
      amount: refund.amount,
      tax_amount: refund.tax_amount,
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
  if (!order.payment_id) throw conflict(ADMIN_ORDER_MESSAGES.cannotRefund);
  const left = order.total_amount - order.refunded_amount;
  const amount = requested ?? left;
  if (amount > left) throw conflict(ADMIN_ORDER_MESSAGES.refundTooMuch(formatCents(left, order.currency)));

  const reserved = await orderRecords.reserveRefund(context.db, order.id, amount);
  if (!reserved) throw conflict(ADMIN_ORDER_MESSAGES.refundTooMuch(formatCents(left, order.currency)));
  const before = reserved.refunded_amount - amount;
  const full = reserved.refunded_amount === order.total_amount;
  const release = () => orderRecords.releaseRefund(context.db, order.id, amount);

  if (full && !order.shipped_at && order.provider_order_id && order.fulfilment_provider) {
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
      paymentIntentId: order.payment_id,
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
    // Shipping is refunded like the items; the tax in proportion, counted on the running total
    // so that the shares of several partial refunds add up to the order's tax exactly.
    const money = { totalCents: order.total_amount, taxCents: order.tax_amount };
    const taxAmount = refundTaxShare(before + amount, money) - refundTaxShare(before, money);
    await orderRecords.insertRefund(tx, {
      id: refundRowId,
      order_id: order.id,
      amount,
      tax_amount: taxAmount,
      currency: order.currency,
      provider_refund_id: refundId,
    });
    await orderRecords.insertOrderEvent(tx, {
      orderId: order.id,
      type: 'refunded',
      detail: {
        refund_id: refundRowId,
        amount,
        tax_amount: taxAmount,
        currency: order.currency,
        full,
        provider_refund_id: refundId,
      },
    });
    if (full) {
      await orderRecords.markRefunded(
        tx,
        order.id,
        order.shipped_at ? {} : { printful_status: order.provider_order_id ? 'canceled' : order.printful_status },
      );
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
  const cancelled = await orderRecords.cancelUnpaidOrder(context.db, order.id);
  if (!cancelled) throw conflict(ADMIN_ORDER_MESSAGES.cannotCancel);
  // The order is cancelled first: a card charged from now on is refunded when its payment
  // arrives (payments/events.ts). Closing the payment stops the card being charged at all.
  if (order.payment_id && order.payment_provider) {
    try {
      await paymentProvider(context, order.payment_provider as PaymentProviderId).cancelPayment(order.payment_id);
    } catch (error) {
      context.log.warn(
        { order: order.id, reason: error instanceof Error ? error.message : String(error) },
        "could not close a cancelled order's payment; a charge on it will be refunded",
      );
    }
  }
  return readOrderForAdmin(context, order.id);
}

const ADDRESS_PARTS = ['name', 'address_line1', 'address_line2', 'city', 'state', 'postal_code', 'country'] as const;
const addressColumns = <K extends 'shipping' | 'billing'>(kind: K) =>
  ADDRESS_PARTS.map((part) => `${kind}_${part}` as const);

/**
 * One row per order: its figures (items, shipping, tax — included or added — and total), both addresses field by field (a spreadsheet sorts and
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
  'subtotal_amount',
  'shipping_method',
  'shipping_amount',
  'tax_name',
  'tax_rate',
  'tax_inclusive',
  'tax_amount',
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
  let after: string | null = null;
  for (;;) {
    const rows = await repository.listOrdersAfter(context.db, query, { after, limit: batchSize });
    if (rows.length === 0) return;
    const items = await repository.itemsByOrder(
      context.db,
      rows.map((row) => row.id),
    );
    let chunk = '';
    for (const order of rows) {
      const line = items.get(order.id) ?? [];
      const money = orderMoneyOf(order);
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
        subtotal_amount: decimal(money.subtotal_amount),
        shipping_method: money.shipping_method_name,
        shipping_amount: decimal(money.shipping_amount),
        tax_name: money.tax_name,
        tax_rate: money.tax_rate,
        tax_inclusive: money.tax_label ? money.tax_inclusive : null,
        tax_amount: decimal(money.tax_amount),
        total_amount: decimal(order.total_amount),
        refunded_amount: decimal(order.refunded_amount),
        currency: order.currency,
        email_status: emailStatus(order),
        paid_at: iso(order.paid_at),
        shipped_at: iso(order.shipped_at),
        printful_status: order.printful_status,
        printful_order_id: order.provider_order_id,
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
