/**
 * Orders as the visitor reads them (`GET /api/orders/:id`), Find my order, the server-side payment check
 * when the visitor returns from paying, and the owner's two actions on a paid order:
 * resend the confirmation, retry the fulfilment (admin §2, §4).
 */
import { z } from 'zod';
import type { PaymentProviderId } from '../../../domain/checkout.js';
import {
  canResendConfirmation,
  canRetryFulfilment,
  FIND_ORDER_MESSAGES,
  type FoundOrder,
  maskEmail,
  ORDER_PAGE_MESSAGES,
  orderNumber,
  orderMoneyOf,
  orderProgress,
  orderStatusLabel,
  type OrderRead,
  type OrderStatus,
} from '../../../domain/orders.js';
import type { AppContext } from '../../context.js';
import { conflict, notFound } from '../../http/errors.js';
import { sendOrderConfirmation } from '../email/index.js';
import { queueOwedFulfilment } from '../fulfilment/index.js';
import * as orderRecords from '../order-records/index.js';
import { applyPaymentEvent } from '../payments/index.js';
import { paymentProvider } from '../payments/index.js';
import * as repository from './repository.js';
import type { OrderRow } from './repository.js';

const orderIdSchema = z.uuid();

/** The order by id; a malformed id is simply not found (the spec's "no rows"). */
export async function findOrder(context: AppContext, id: string): Promise<OrderRow> {
  if (!orderIdSchema.safeParse(id).success) throw notFound(ORDER_PAGE_MESSAGES.notFound);
  const order = await orderRecords.findOrder(context.db, id);
  if (!order) throw notFound(ORDER_PAGE_MESSAGES.notFound);
  return order;
}

/**
 * Find my order: the order with this number and e-mail. Whatever does not match — an e-mail
 * with no orders, a wrong number, another customer's order — gets the same 404 and words.
 */
export async function findOrderByNumber(
  context: AppContext,
  input: { email: string; orderNumber: string },
): Promise<FoundOrder> {
  const orderId = await repository.findOrderIdByNumber(context.db, input.orderNumber, input.email.toLowerCase());
  if (!orderId) throw notFound(FIND_ORDER_MESSAGES.noMatch);
  return { orderId };
}

const iso = (value: Date | null) => (value ? value.toISOString() : null);

export async function readOrder(context: AppContext, id: string): Promise<OrderRead> {
  const order = await findOrder(context, id);
  const items = await orderRecords.listOrderItems(context.db, order.id);
  return {
    id: order.id,
    order_number: orderNumber(order.id),
    status: order.status as OrderStatus,
    status_label: orderStatusLabel(order),
    progress: orderProgress(order),
    printful_status: order.printful_status,
    total_amount: order.total_amount,
    currency: order.currency,
    created_at: order.created_at.toISOString(),
    paid_at: iso(order.paid_at),
    shipped_at: iso(order.shipped_at),
    shipping_name: order.shipping_name,
    customer_email: maskEmail(order.customer_email),
    stripe_payment_intent_id: order.payment_id,
    payment_error: order.status === 'pending' || order.status === 'failed' ? order.payment_error : null,
    tracking_carrier: order.tracking_carrier,
    tracking_number: order.tracking_number,
    tracking_url: order.tracking_url,
    money: orderMoneyOf(order),
    order_items: items.map((item) => ({
      product_id: item.physical_item_id,
      transformation_id: item.transformation_id,
      product_name: item.product_name,
      quantity: item.quantity,
      unit_price: item.unit_price,
      total_price: item.total_price,
      mockup_urls: item.mockup_urls,
      artwork_url: item.artwork_url,
    })),
  };
}

/**
 * When the visitor comes back from paying, ask the provider — never the browser — whether the
 * payment succeeded, so a webhook that is late or lost still pays the order. The answer goes
 * through the same event path as a webhook, under an id of its own, recorded once.
 */
export async function verifyOrderPayment(
  context: AppContext,
  id: string,
  paymentIntentId?: string,
): Promise<OrderRead> {
  const order = await findOrder(context, id);
  if (paymentIntentId && order.payment_id !== paymentIntentId) throw notFound(ORDER_PAGE_MESSAGES.notFound);
  if (order.status === 'pending' && order.payment_id) {
    try {
      const provider = paymentProvider(context, order.payment_provider as PaymentProviderId);
      const payment = await provider.retrievePayment(order.payment_id);
      if (payment.status === 'succeeded' || payment.status === 'canceled') {
        await applyPaymentEvent(context, provider, {
          id: `${provider.id}:${payment.id}:retrieved:${payment.status}`,
          provider: provider.id,
          type: payment.status === 'succeeded' ? 'payment_intent.succeeded' : 'payment_intent.canceled',
          paymentIntentId: payment.id,
          orderId: payment.orderId,
          amount: payment.amount,
          currency: payment.currency,
          error: payment.error,
          payload: { source: 'retrieve', status: payment.status },
        });
      }
    } catch (error) {
      // The page still shows the order; the webhook may yet arrive.
      context.log.warn({ err: error, order: order.id }, 'could not check the payment with the provider');
    }
  }
  return readOrder(context, order.id);
}

/** Admin: send the confirmation again (only once the order is paid); sets last_email_resent_at. */
export async function resendConfirmation(context: AppContext, orderId: string): Promise<{ messageId: string }> {
  const order = await findOrder(context, orderId);
  if (!canResendConfirmation(order)) throw conflict('The order has not been paid yet');
  const sent = await sendOrderConfirmation(context, order.id, { resend: true });
  return { messageId: sent!.messageId };
}

/**
 * Admin: queue the fulfilment submission again (only when paid with no or a failed fulfilment
 * status), after any print file the order's lines still lack.
 */
export async function retryFulfilment(context: AppContext, orderId: string): Promise<{ jobId: string }> {
  const order = await findOrder(context, orderId);
  if (!canRetryFulfilment(order)) {
    throw conflict('Fulfilment can be retried only for a paid order that has not been accepted for production');
  }
  const jobId = await queueOwedFulfilment(context, order.id);
  if (!jobId) throw conflict('A fulfilment submission for this order is already in progress');
  return { jobId };
}
