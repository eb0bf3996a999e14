/**
 * Orders as the visitor and the owner see them: the order number, the status label table
 * and progress list (storefront §4), the masked e-mail of public pages, the admin's
 * fulfilment and e-mail status (admin §4), and the order page's messages (storefront §8).
 */

export const ORDER_STATUSES = ['pending', 'paid', 'failed', 'shipped'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** The order's state in our fulfilment provider's words; `confirmed` once accepted for production. */
export type FulfilmentStatus = string | null;

interface StatusFields {
  status: OrderStatus | string;
  printful_status: FulfilmentStatus;
}

/** The order number shown to visitors: the first 8 characters of the id, upper-cased. */
export function orderNumber(orderId: string): string {
  return orderId.slice(0, 8).toUpperCase();
}

export const ORDER_STATUS_LABELS = {
  pending: 'Payment Pending',
  paid: 'Payment Confirmed',
  production: 'In Production',
  shipped: 'Shipped',
  failed: 'Order Failed',
  other: 'Processing',
} as const;

/** The storefront's label table (storefront §4, "Order status display"). */
export function orderStatusLabel({ status, printful_status }: StatusFields): string {
  if (status === 'pending') return ORDER_STATUS_LABELS.pending;
  if (status === 'paid' && !printful_status) return ORDER_STATUS_LABELS.paid;
  if (status === 'paid' && printful_status === 'confirmed') return ORDER_STATUS_LABELS.production;
  if (status === 'shipped') return ORDER_STATUS_LABELS.shipped;
  if (status === 'failed') return ORDER_STATUS_LABELS.failed;
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
    { key: 'paid', label: 'Payment Confirmed', done: status === 'paid' || shipped },
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

// ---------------------------------------------------------------- admin (admin §4)

/** A paid order by its fulfilment status: none, confirmed, or the provider's own word. */
export function fulfilmentStatusLabel(printfulStatus: FulfilmentStatus): string {
  if (!printfulStatus) return 'Needs Printful Submission';
  if (printfulStatus === 'confirmed') return 'Printful Confirmed';
  return `Printful: ${printfulStatus}`;
}

/** The admin's status badge: pending is 'Payment Pending'; paid orders show their fulfilment. */
export function adminOrderStatusLabel(order: StatusFields): string {
  switch (order.status) {
    case 'pending':
      return 'Payment Pending';
    case 'paid':
      return fulfilmentStatusLabel(order.printful_status);
    case 'shipped':
      return 'Shipped';
    case 'failed':
      return 'Failed';
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

/** Retry fulfilment only when paid and the fulfilment status is empty or failed. */
export function canRetryFulfilment(order: StatusFields): boolean {
  return order.status === 'paid' && (!order.printful_status || order.printful_status === 'failed');
}

// ---------------------------------------------------------------- the public order read

export interface OrderReadItem {
  product_name: string;
  quantity: number;
  /** Cents. */
  unit_price: number;
  /** Cents. */
  total_price: number;
  mockup_urls: string[];
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
}
