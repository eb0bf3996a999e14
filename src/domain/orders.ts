/**
 * Orders as the visitor and the owner see them: the order number, the status label table
 * and progress list (storefront §4), the masked e-mail of public pages, the admin's
 * fulfilment and e-mail status (admin §4), and the order page's messages (storefront §8).
 */
import type { ArtFit } from './placement.js';
import { z } from 'zod';
import { emailAddress, INVALID_EMAIL_MESSAGE } from './email-address.js';
import { formatCents } from './money.js';
import type { ShippingQuote } from './shipping-quote.js';
import { taxLabel } from './tax.js';

export const ORDER_STATUSES = ['pending', 'paid', 'failed', 'shipped', 'refunded', 'cancelled'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** The order's state in our fulfilment provider's words; `confirmed` once accepted for production. */
export type FulfilmentStatus = string | null;

interface StatusFields {
  status: OrderStatus | string;
  printful_status: FulfilmentStatus;
}

/** Storefront §9: the order number is the first 8 characters of the id. */
export const ORDER_NUMBER_LENGTH = 8;

/** The order number shown to visitors: the first 8 characters of the id, upper-cased. */
export function orderNumber(orderId: string): string {
  return orderId.slice(0, ORDER_NUMBER_LENGTH).toUpperCase();
}

export const ORDER_STATUS_LABELS = {
  pending: 'Payment Pending',
  paid: 'Payment Confirmed',
  production: 'In Production',
  shipped: 'Shipped',
  failed: 'Order Failed',
  refunded: 'Refunded',
  cancelled: 'Cancelled',
  other: 'Processing',
} as const;

/** A print order accepted by the provider that has not gone into production (Printful's draft and pending). */
const AWAITING_PRODUCTION = new Set(['draft', 'pending']);

/** The storefront's label table (storefront §4, "Order status display"). */
export function orderStatusLabel({ status, printful_status }: StatusFields): string {
  if (status === 'pending') return ORDER_STATUS_LABELS.pending;
  // Paid and handed over but not yet made: still the spec's 'Payment Confirmed' (issue 34: the
  // success page said 'Processing' the moment the provider had accepted the order).
  if (status === 'paid' && (!printful_status || AWAITING_PRODUCTION.has(printful_status)))
    return ORDER_STATUS_LABELS.paid;
  if (status === 'paid' && printful_status === 'confirmed') return ORDER_STATUS_LABELS.production;
  if (status === 'shipped') return ORDER_STATUS_LABELS.shipped;
  if (status === 'failed') return ORDER_STATUS_LABELS.failed;
  if (status === 'refunded') return ORDER_STATUS_LABELS.refunded;
  if (status === 'cancelled') return ORDER_STATUS_LABELS.cancelled;
  return ORDER_STATUS_LABELS.other;
}

export interface ProgressStep {
  key: 'placed' | 'paid' | 'production' | 'shipped';
  label: string;
  done: boolean;
}

/** Order Placed; Payment Confirmed; In Production; Shipped (storefront §4). */
export function orderProgress({ status, printful_status }: StatusFields): ProgressStep[] {
  const shipped = status === 'shipped';
  return [
    { key: 'placed', label: 'Order Placed', done: true },
    // A refunded order was paid first; the refund does not undo that step.
    { key: 'paid', label: 'Payment Confirmed', done: status === 'paid' || shipped || status === 'refunded' },
    {
      key: 'production',
      label: 'In Production',
      done: printful_status === 'confirmed' || printful_status === 'shipped' || shipped,
    },
    { key: 'shipped', label: 'Shipped', done: shipped },
  ];
}

/** `jane@example.com` → `j***@example.com`: public pages never show the whole address. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at <= 0) return '***';
  return `${email[0]}***${email.slice(at)}`;
}

/** Production and shipping promise shown after payment (storefront §9). */
export const PRODUCTION_PROMISE = '3-5 business days';

export const ORDER_PAGE_MESSAGES = {
  noOrderId: 'No order ID provided',
  notFound: 'Order not found',
  loadFailed: 'Failed to load order',
  /** /payment-success when its params are missing or the order is not found. */
  paymentNotVerified: 'Order not found or payment verification failed.',
} as const;

// ---------------------------------------------------------------- Find my order (ours)

export const FIND_ORDER_MESSAGES = {
  invalidEmail: INVALID_EMAIL_MESSAGE,
  invalidOrderNumber: `Please enter the ${ORDER_NUMBER_LENGTH}-character order number from your confirmation email`,
  /** The one answer to every lookup that finds nothing: it never tells whether the e-mail has orders. */
  noMatch: 'We could not find an order with that email address and order number. Please check both and try again.',
  tooManyTries: 'Too many tries. Please wait a few minutes and try again.',
  failed: 'Something went wrong. Please try again.',
} as const;

/** Both fields of the Find my order form, used by the form and the route. */
export const findOrderSchema = z.object({
  email: z
    .string({ error: FIND_ORDER_MESSAGES.invalidEmail })
    .trim()
    .max(320, { error: FIND_ORDER_MESSAGES.invalidEmail })
    .pipe(emailAddress(FIND_ORDER_MESSAGES.invalidEmail)),
  // The order number as printed is upper-case hexadecimal; typed in lower case, or with the
  // '#' the pages show before it, it is the same number.
  orderNumber: z
    .string({ error: FIND_ORDER_MESSAGES.invalidOrderNumber })
    .trim()
    .transform((value) => value.replace(/^#/, '').toLowerCase())
    .pipe(
      z
        .string()
        .regex(new RegExp(`^[0-9a-f]{${ORDER_NUMBER_LENGTH}}$`), { error: FIND_ORDER_MESSAGES.invalidOrderNumber }),
    ),
});
export type FindOrderInput = z.input<typeof findOrderSchema>;

/** What a successful lookup answers: where the order page is. */
export interface FoundOrder {
  orderId: string;
}

// ---------------------------------------------------------------- admin (admin §4)

/** A paid order by its fulfilment status: none, confirmed, or the provider's own word. */
export function fulfilmentStatusLabel(printfulStatus: FulfilmentStatus): string {
  if (!printfulStatus) return 'Needs Printful Submission';
  if (printfulStatus === 'confirmed') return 'Printful Confirmed';
  return `Printful: ${printfulStatus}`;
}

/** The admin's status badge: pending is 'Payment Pending'; paid orders show their fulfilment. */
export function adminOrderStatusLabel(order: StatusFields & { payment_error?: string | null }): string {
  switch (order.status) {
    case 'pending':
      // A declined card: the order may still be paid later, but the owner sees the failure.
      return order.payment_error ? 'Payment Failed' : 'Payment Pending';
    case 'paid':
      return fulfilmentStatusLabel(order.printful_status);
    case 'shipped':
      return 'Shipped';
    case 'failed':
      return 'Failed';
    case 'refunded':
      return 'Refunded';
    case 'cancelled':
      return 'Cancelled';
    default:
      return order.status;
  }
}

export type EmailStatus = 'Not Sent' | 'Sent' | 'Delivered' | 'Opened';

interface EmailTimes {
  confirmation_email_sent_at: Date | string | null;
  confirmation_email_delivered_at: Date | string | null;
  confirmation_email_opened_at: Date | string | null;
}

/** Highest wins: Opened, Delivered, Sent, Not Sent. */
export function emailStatus(order: EmailTimes): EmailStatus {
  if (order.confirmation_email_opened_at) return 'Opened';
  if (order.confirmation_email_delivered_at) return 'Delivered';
  if (order.confirmation_email_sent_at) return 'Sent';
  return 'Not Sent';
}

/** Resend confirmation is offered once the order has been paid. */
export function canResendConfirmation(order: { paid_at: Date | string | null }): boolean {
  return Boolean(order.paid_at);
}

/** Refund is offered for a paid or shipped order with money left to give back. */
export function canRefund(order: { status: string; total_amount: number; refunded_amount: number }): boolean {
  return (order.status === 'paid' || order.status === 'shipped') && order.refunded_amount < order.total_amount;
}

/** Cancel is for an order nobody has paid for. */
export function canCancel(order: { status: string }): boolean {
  return order.status === 'pending' || order.status === 'failed';
}

/** Retry fulfilment only when paid and the fulfilment status is empty or failed. */
export function canRetryFulfilment(order: StatusFields): boolean {
  return order.status === 'paid' && (!order.printful_status || order.printful_status === 'failed');
}

// ---------------------------------------------------------------- an order's money (issue 33)

/**
 * What an order charged, part by part, in cents: every page, e-mail, export and refund reads
 * these. Orders placed before shipping and tax were charged read shipping 0 and tax 0.
 */
export interface OrderMoney extends OrderMoneyColumns {
  /** 'VAT 21% (included)', 'Sales tax 7.25%', or null with no tax. */
  tax_label: string | null;
}

export interface OrderMoneyColumns {
  total_amount: number;
  subtotal_amount: number;
  shipping_method: string | null;
  shipping_method_name: string | null;
  shipping_amount: number;
  shipping_estimate: string | null;
  tax_amount: number;
  tax_rate: number | null;
  tax_name: string | null;
  tax_inclusive: boolean;
}

/** The shipping and tax an order placed on `quote` stores: the checkout writes them, the quote's totals read them. */
export function quotedMoneyColumns(quote: ShippingQuote): Omit<OrderMoneyColumns, 'total_amount' | 'subtotal_amount'> {
  const { amounts, selected } = quote;
  return {
    shipping_method: selected.id,
    shipping_method_name: selected.name,
    shipping_amount: amounts.shippingCents,
    shipping_estimate: selected.estimateText,
    tax_amount: amounts.taxCents,
    tax_rate: amounts.tax?.ratePercent ?? null,
    tax_name: amounts.tax?.name ?? null,
    tax_inclusive: amounts.tax?.inclusive ?? false,
  };
}

export function orderMoneyOf(columns: Partial<OrderMoneyColumns> & { total_amount: number }): OrderMoney {
  // A row written before issue 33 (or a partial one) reads shipping 0 and tax 0.
  const order = {
    shipping_method: null,
    shipping_method_name: null,
    shipping_amount: 0,
    shipping_estimate: null,
    tax_amount: 0,
    tax_rate: null,
    tax_name: null,
    tax_inclusive: false,
    ...columns,
  };
  const addedTax = order.tax_inclusive ? 0 : order.tax_amount;
  const hasTax = order.tax_amount > 0 && order.tax_rate !== null;
  return {
    // The items are what the total holds besides shipping and added tax: always consistent with it.
    subtotal_amount: order.total_amount - order.shipping_amount - addedTax,
    shipping_method: order.shipping_method,
    shipping_method_name: order.shipping_method_name,
    shipping_amount: order.shipping_amount,
    shipping_estimate: order.shipping_estimate,
    tax_amount: order.tax_amount,
    tax_rate: order.tax_rate === null ? null : Number(order.tax_rate),
    tax_name: order.tax_name,
    tax_inclusive: order.tax_inclusive,
    tax_label: hasTax
      ? taxLabel({ name: order.tax_name ?? 'Tax', ratePercent: Number(order.tax_rate), inclusive: order.tax_inclusive })
      : null,
    total_amount: order.total_amount,
  };
}

/** One line of an order's sums, in the words every page and e-mail shows. */
export interface OrderSummaryRow {
  key: 'items' | 'shipping' | 'tax' | 'total';
  label: string;
  /** 'Express · Delivery in 2–4 business days', under the shipping line. */
  note: string | null;
  amount: string;
}

/** Items, shipping, tax and total, formatted: the same rows on the success page, e-mail and admin. */
export function orderSummaryRows(money: OrderMoney, currency: string): OrderSummaryRow[] {
  const shippingNote = [money.shipping_method_name, money.shipping_estimate].filter(Boolean).join(' · ') || null;
  return [
    { key: 'items', label: 'Items', note: null, amount: formatCents(money.subtotal_amount, currency) },
    {
      key: 'shipping',
      label: 'Shipping',
      note: shippingNote,
      amount:
        money.shipping_amount === 0 && money.shipping_method ? 'Free' : formatCents(money.shipping_amount, currency),
    },
    { key: 'tax', label: money.tax_label ?? 'Tax', note: null, amount: formatCents(money.tax_amount, currency) },
    { key: 'total', label: 'Total', note: null, amount: formatCents(money.total_amount, currency) },
  ];
}

// ---------------------------------------------------------------- the public order read

export interface OrderReadItem {
  /** Which product and artwork: what leaves the visitor's cart once the order is paid. */
  product_id: string | null;
  transformation_id: string | null;
  product_name: string;
  quantity: number;
  /** Cents. */
  unit_price: number;
  /** Cents. */
  total_price: number;
  mockup_urls: string[];
  /** The artwork's preview, public as the gallery's are. */
  artwork_url: string | null;
}

/** `GET /api/orders/:id` (storefront §3 "Order (read)", plus tracking and computed labels). */
export interface OrderRead {
  id: string;
  order_number: string;
  status: OrderStatus;
  status_label: string;
  progress: ProgressStep[];
  printful_status: string | null;
  /** Cents. */
  total_amount: number;
  currency: string;
  created_at: string;
  paid_at: string | null;
  shipped_at: string | null;
  shipping_name: string | null;
  /** Masked: `j***@example.com`. */
  customer_email: string;
  stripe_payment_intent_id: string | null;
  /** The last decline message while the order is unpaid, else null. */
  payment_error: string | null;
  tracking_carrier: string | null;
  tracking_number: string | null;
  tracking_url: string | null;
  order_items: OrderReadItem[];
  money: OrderMoney;
}

// ---------------------------------------------------------------- the back office's orders (admin §2)

/**
 * The list's status filter: the spec's five, the two states refunds and cancelling add, and
 * `attention` — paid orders stuck or failed in fulfilment, and orders whose late payment was
 * refunded because they could not take it (the dashboard's Orders card).
 */
export const ADMIN_ORDER_FILTERS = [
  'all',
  'pending',
  'paid',
  'failed',
  'shipped',
  'refunded',
  'cancelled',
  'attention',
] as const;

/** A paid order with no fulfilment status this long after payment is stuck. */
export const STUCK_AFTER_MINUTES = 15;
export type AdminOrderFilter = (typeof ADMIN_ORDER_FILTERS)[number];

export const ADMIN_ORDER_PAGE_SIZE = 20;

export const adminOrderListQuery = z.object({
  search: z.string().trim().max(200).optional().default(''),
  status: z.enum(ADMIN_ORDER_FILTERS).optional().default('all'),
  from: z.iso.date().optional(),
  to: z.iso.date().optional(),
  page: z.coerce.number().int().min(1).max(100_000).optional().default(1),
  page_size: z.coerce.number().int().min(1).max(100).optional().default(ADMIN_ORDER_PAGE_SIZE),
});
export type AdminOrderListQuery = z.infer<typeof adminOrderListQuery>;

export const refundRequest = z
  .object({
    amount: z
      .number()
      .int('The amount is in minor units (whole cents)')
      .positive('The amount must be more than zero')
      .optional(),
  })
  .default({});

export interface AdminOrderRow {
  id: string;
  status: OrderStatus;
  status_label: string;
  /** Why the last payment failed (the decline reason), while the order is unpaid. */
  payment_error: string | null;
  customer_email: string;
  shipping_name: string | null;
  /** "2 x Mug", one per line. */
  items: { product_name: string; quantity: number }[];
  mockup_url: string | null;
  total_amount: number;
  refunded_amount: number;
  currency: string;
  email_status: EmailStatus;
  created_at: string;
  paid_at: string | null;
  printful_status: string | null;
  printful_order_id: string | null;
  fulfilment_provider: string | null;
}

export interface AdminOrderStats {
  total: number;
  /** Awaiting a first payment; orders whose last payment failed are counted apart. */
  pending_payment: number;
  /** Unpaid, the last payment declined or failed (the Failed filter finds them). */
  payment_failed: number;
  needs_submission: number;
  confirmed: number;
}

export interface AdminOrderList {
  orders: AdminOrderRow[];
  total: number;
  page: number;
  page_size: number;
  stats: AdminOrderStats;
}

export type OrderEventType =
  | 'created'
  | 'paid'
  | 'payment_failed'
  | 'email_sent'
  | 'email_resent'
  | 'email_opened'
  | 'submitted'
  | 'confirmed'
  | 'fulfilment_failed'
  | 'shipped'
  | 'shipped_email_sent'
  | 'refunded'
  | 'refund_email_sent'
  | 'cancelled'
  | 'unpayable_payment_refunded';

export interface OrderEvent {
  id: string;
  type: OrderEventType | (string & {});
  label: string;
  detail: Record<string, unknown>;
  created_at: string;
}

const EVENT_LABELS: Record<OrderEventType, string> = {
  created: 'Order created',
  paid: 'Payment received',
  payment_failed: 'Payment failed',
  email_sent: 'Confirmation e-mail sent',
  email_resent: 'Confirmation e-mail resent',
  email_opened: 'Confirmation e-mail opened',
  submitted: 'Submitted to Printful',
  confirmed: 'Printful confirmed',
  fulfilment_failed: 'Printful submission failed',
  shipped: 'Shipped',
  shipped_email_sent: 'Shipping e-mail sent',
  refunded: 'Refunded',
  refund_email_sent: 'Refund e-mail sent',
  cancelled: 'Cancelled',
  unpayable_payment_refunded: 'Payment received after cancelling: refunded in full',
};

export function orderEventLabel(type: string): string {
  return EVENT_LABELS[type as OrderEventType] ?? type;
}

export interface AdminOrderItem {
  id: string;
  product_name: string;
  quantity: number;
  unit_price: number;
  total_price: number;
  artwork_url: string | null;
  printful_variant_id: number | null;
  mockup_urls: string[];
  /** The visitor's fill or fit; null: the product's default (or an order from before the choice). */
  fit: ArtFit | null;
  /** A short-lived link to the print file sent to production; null until it is made. */
  print_file_url: string | null;
  /** The print file's area: its pixels and the provider's placement. */
  print_area: { placement: string; width: number; height: number } | null;
}

export interface AdminOrderRefund {
  id: string;
  amount: number;
  /** The part of the amount that is tax given back. */
  tax_amount: number;
  currency: string;
  provider_refund_id: string | null;
  created_at: string;
}

export interface AdminOrderDetail {
  id: string;
  status: OrderStatus;
  status_label: string;
  printful_status: string | null;
  printful_order_id: string | null;
  fulfilment_provider: string | null;
  fulfilment_error: string | null;
  customer_email: string;
  shipping_name: string | null;
  shipping_address_line1: string | null;
  shipping_address_line2: string | null;
  shipping_city: string | null;
  shipping_state: string | null;
  shipping_postal_code: string | null;
  shipping_country: string | null;
  billing_name: string | null;
  billing_address_line1: string | null;
  billing_address_line2: string | null;
  billing_city: string | null;
  billing_state: string | null;
  billing_postal_code: string | null;
  billing_country: string | null;
  /** Each address as its country writes it, the country's name last (server-formatted). */
  shipping_address_lines: string[];
  billing_address_lines: string[];
  total_amount: number;
  refunded_amount: number;
  currency: string;
  created_at: string;
  paid_at: string | null;
  shipped_at: string | null;
  confirmation_email_sent_at: string | null;
  confirmation_email_delivered_at: string | null;
  confirmation_email_opened_at: string | null;
  last_email_resent_at: string | null;
  email_status: EmailStatus;
  stripe_session_id: string | null;
  stripe_payment_intent_id: string | null;
  payment_provider: string;
  tracking_carrier: string | null;
  tracking_number: string | null;
  tracking_url: string | null;
  money: OrderMoney;
  order_items: AdminOrderItem[];
  refunds: AdminOrderRefund[];
  timeline: OrderEvent[];
  actions: { resend_email: boolean; retry_fulfilment: boolean; refund: boolean; cancel: boolean };
}

/** The order's page in the provider's dashboard, when it has a provider order. */
export function fulfilmentDashboardUrl(order: {
  printful_order_id: string | null;
  fulfilment_provider: string | null;
}): string | null {
  if (!order.printful_order_id) return null;
  if (order.fulfilment_provider === 'printful')
    return `https://www.printful.com/dashboard/default/orders?order_id=${encodeURIComponent(order.printful_order_id)}`;
  return null;
}

export const ADMIN_ORDER_MESSAGES = {
  loadFailed: 'Failed to load orders',
  detailLoadFailed: 'Failed to load order details',
  retryFailed: (message: string) => `Failed to retry order: ${message}`,
  resendFailed: (message: string) => `Failed to resend email: ${message}`,
  retrying: 'Retrying Printful order submission...',
  resending: 'Resending confirmation email...',
  retried: 'Printful order retry initiated successfully',
  resent: 'Confirmation email resent successfully',
  empty: 'No orders found matching your filters.',
  notFound: 'Order Not Found',
  copied: 'Copied to clipboard',
  noMockups: 'No mockups available',
  noImage: 'No image',
  notPaid: 'The order has not been paid yet',
  cannotRetry: 'Fulfilment can be retried only for a paid order that has not been accepted for production',
  cannotRefund: 'Only a paid or shipped order with money left to refund can be refunded',
  refundTooMuch: (left: string) => `The refund cannot be more than what is left to refund (${left})`,
  cannotCancel: 'Only an unpaid order can be cancelled',
  cancelTitle: (number: string) => `Cancel order ${number}?`,
  cancelConfirmation:
    'The customer will no longer be able to pay for this order, and it cannot be reopened. This cannot be undone.',
  cancelled: 'Order cancelled',
  // The transformations feed's words for the same mistake (admin §5).
  dateRangeInvalid: 'From Date cannot be after To Date',
  alreadyShippedCannotCancelPrint: 'The print order could not be cancelled',
} as const;

/** "just now", "5 minutes ago", "3 hours ago", "2 days ago", then the date (admin §2 Created). */
export function relativeTime(when: string | Date, now: Date = new Date()): string {
  const date = typeof when === 'string' ? new Date(when) : when;
  const seconds = Math.max(0, Math.round((now.getTime() - date.getTime()) / 1000));
  const plural = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'} ago`;
  if (seconds < 60) return 'just now';
  if (seconds < 3600) return plural(Math.floor(seconds / 60), 'minute');
  if (seconds < 86_400) return plural(Math.floor(seconds / 3600), 'hour');
  if (seconds < 30 * 86_400) return plural(Math.floor(seconds / 86_400), 'day');
  return date.toISOString().slice(0, 10);
}

/** The list's status filter labels: the spec's five, plus refunded and cancelled. */
export const ADMIN_ORDER_FILTER_LABELS: Record<AdminOrderFilter, string> = {
  all: 'All Statuses',
  pending: 'Pending',
  paid: 'Paid',
  failed: 'Failed',
  shipped: 'Shipped',
  refunded: 'Refunded',
  cancelled: 'Cancelled',
  attention: 'Needs Attention',
};
