/**
 * The one way a payment changes an order. Every provider event — a verified Stripe
 * webhook, the test provider's confirmation, a server-side retrieve when the visitor
 * returns — comes through `applyPaymentEvent`: it records the event id once (a repeat is a
 * no-op) and applies it in the same transaction. Only `markOrderPaid` turns an order paid,
 * and only the call that actually flipped the row queues the e-mail and the fulfilment, in
 * the same transaction: a paid order without its jobs (or jobs without a paid order) cannot
 * be committed, whatever crashes when.
 */
import { and, eq, isNull, or } from 'drizzle-orm';
import { z } from 'zod';
import { recordFunnelEvent } from '../analytics/index.js';
import type { AppContext } from '../../context.js';
import type { Database, Transaction } from '../../db/client.js';
import { orders, payment_events } from '../../db/schema.js';
import { onEvent } from '../../jobs/flow.js';

export type PaymentEventType =
  | 'payment_intent.succeeded'
  | 'payment_intent.payment_failed'
  | 'payment_intent.canceled'
  | 'payment_intent.requires_action';

export interface PaymentEvent {
  /** The provider's event id (Stripe's `evt_…`), or one we derive; recorded once. */
  id: string;
  provider: string;
  type: PaymentEventType | (string & {});
  paymentIntentId: string;
  /** Our order id as the provider's metadata carries it (checked against the payment). */
  orderId: string | null;
  /** Cents, for succeeded events. */
  amount?: number;
  currency?: string;
  error?: string | null;
  payload?: unknown;
}

export interface AppliedPaymentEvent {
  duplicate: boolean;
  orderId: string | null;
  /** True only for the one call that turned the order paid. */
  paid: boolean;
}

type OrderRow = typeof orders.$inferSelect;

const uuid = z.uuid();

/** Whether `order` is the one `event` names: our id in its metadata, and this payment or none yet. */
function isOrderOf(order: OrderRow | undefined, event: PaymentEvent): order is OrderRow {
  return (
    order !== undefined &&
    order.id === event.orderId &&
    (order.stripe_payment_intent_id === null || order.stripe_payment_intent_id === event.paymentIntentId)
  );
}

/**
 * The order a payment belongs to: by our id in its metadata, else by the payment's id.
 * `known` is the order the caller read for this very payment a moment ago; it is not read again.
 */
async function findOrderFor(db: Database, event: PaymentEvent, known?: OrderRow): Promise<OrderRow | null> {
  if (isOrderOf(known, event)) return known;
  if (event.orderId && uuid.safeParse(event.orderId).success) {
    const [order] = await db.select().from(orders).where(eq(orders.id, event.orderId));
    if (isOrderOf(order, event)) return order;
  }
  const [order] = await db.select().from(orders).where(eq(orders.stripe_payment_intent_id, event.paymentIntentId));
  return order ?? null;
}

/** Records the event and, if it is new, applies `change` in the same transaction. */
async function recordOnce(
  context: AppContext,
  event: PaymentEvent,
  orderId: string | null,
  change: (tx: Transaction) => Promise<boolean>,
): Promise<{ duplicate: boolean; changed: boolean }> {
  return context.db.transaction(async (tx) => {
    const recorded = await tx
      .insert(payment_events)
      .values({
        id: event.id,
        provider: event.provider,
        type: event.type,
        order_id: orderId,
        payload: event.payload ?? null,
      })
      .onConflictDoNothing()
      .returning({ id: payment_events.id });
    if (recorded.length === 0) return { duplicate: true, changed: false };
    return { duplicate: false, changed: await change(tx) };
  });
}

/**
 * Applies `event` to its order. `known` is the order the caller has just read for this payment
 * (the test provider's own confirmation); every change below is guarded by the order's state
 * in its own statement, so a read a moment old decides nothing the database has not checked.
 */
export async function applyPaymentEvent(
  context: AppContext,
  event: PaymentEvent,
  known?: OrderRow,
): Promise<AppliedPaymentEvent> {
  const order = await findOrderFor(context.db, event, known);
  const orderId = order?.id ?? null;
  if (!order) {
    const { duplicate } = await recordOnce(context, event, null, async () => false);
    if (!duplicate) context.log.warn({ event: event.id, type: event.type }, 'payment event for no known order');
    return { duplicate, orderId, paid: false };
  }

  switch (event.type) {
    case 'payment_intent.succeeded': {
      const amountMatches =
        event.amount === order.total_amount && (event.currency ?? '').toLowerCase() === order.currency.toLowerCase();
      if (!amountMatches) {
        context.log.error(
          { order: order.id, event: event.id, amount: event.amount, currency: event.currency },
          'a payment does not match its order total; the order is not marked paid',
        );
        const { duplicate } = await recordOnce(context, event, order.id, (tx) =>
          setPaymentError(tx, order.id, 'The payment does not match the order total'),
        );
        return { duplicate, orderId, paid: false };
      }
      const paid = await markOrderPaid(context, order.id, { event });
      return { duplicate: paid === null, orderId, paid: paid === true };
    }
    case 'payment_intent.payment_failed': {
      const { duplicate } = await recordOnce(context, event, order.id, (tx) =>
        setPaymentError(tx, order.id, event.error || 'Payment failed'),
      );
      return { duplicate, orderId, paid: false };
    }
    case 'payment_intent.canceled': {
      const { duplicate } = await recordOnce(context, event, order.id, async (tx) => {
        const rows = await tx
          .update(orders)
          .set({ status: 'failed', payment_error: event.error ?? 'The payment was canceled' })
          .where(and(eq(orders.id, order.id), eq(orders.status, 'pending')))
          .returning({ id: orders.id });
        return rows.length > 0;
      });
      return { duplicate, orderId, paid: false };
    }
    default: {
      const { duplicate } = await recordOnce(context, event, order.id, async () => false);
      return { duplicate, orderId, paid: false };
    }
  }
}

async function setPaymentError(tx: Transaction, orderId: string, message: string): Promise<boolean> {
  const rows = await tx
    .update(orders)
    .set({ payment_error: message })
    .where(and(eq(orders.id, orderId), eq(orders.status, 'pending')))
    .returning({ id: orders.id });
  return rows.length > 0;
}

/**
 * Turns a pending order paid (status paid, paid_at now), recording the provider event in the
 * same transaction. Returns true for the call that flipped the row — which alone queues the
 * confirmation e-mail and the fulfilment submission —, false when the order was not pending,
 * and null when the event had been recorded before.
 */
export async function markOrderPaid(
  context: AppContext,
  orderId: string,
  source: { event: PaymentEvent },
): Promise<boolean | null> {
  const { event } = source;
  let visitId: string | null = null;
  // The paid order's jobs are queued inside the transaction below.
  await context.jobs.ready();
  const { duplicate, changed } = await recordOnce(context, event, orderId, async (tx) => {
    const flipped = await tx
      .update(orders)
      .set({
        status: 'paid',
        paid_at: new Date(),
        payment_error: null,
        stripe_payment_intent_id: event.paymentIntentId,
      })
      .where(
        and(
          eq(orders.id, orderId),
          eq(orders.status, 'pending'),
          or(eq(orders.stripe_payment_intent_id, event.paymentIntentId), isNull(orders.stripe_payment_intent_id)),
        ),
      )
      .returning({ id: orders.id, visit_id: orders.visit_id });
    if (flipped.length !== 1) return false;
    visitId = flipped[0]!.visit_id;
    await queuePaidOrderWork(context, tx, orderId);
    return true;
  });
  if (duplicate) return null;
  if (!changed) return false;
  for (const job of onEvent['order.paid']({ orderId })) context.jobs.wake(job.name);
  recordFunnelEvent(context, { visitId, step: 'paid', orderId });
  context.log.info({ order: orderId, provider: event.provider, event: event.id }, 'order paid');
  return true;
}

/**
 * Queues the paid event's work (jobs/flow.ts) inside the paid transition's transaction, each
 * job once per order. If queuing fails the whole transition rolls back: the order stays
 * pending and the event unrecorded, so the provider's retry (Stripe resends its webhook) or
 * the visitor's return applies it again.
 */
async function queuePaidOrderWork(context: AppContext, tx: Transaction, orderId: string): Promise<void> {
  await context.jobs.sendAll(onEvent['order.paid']({ orderId }), tx);
}
