/**
 * The one way a payment changes an order. Every provider event — a verified Stripe
 * webhook, the test provider's confirmation, a server-side retrieve when the visitor
 * returns — comes through `applyPaymentEvent`: it records the event id once (a repeat is a
 * no-op) and applies it in the same transaction. Only `markOrderPaid` turns an order paid,
 * and only the call that actually flipped the row queues the e-mail and the fulfilment, in
 * the same transaction: a paid order without its jobs (or jobs without a paid order) cannot
 * be committed, whatever crashes when. Paid transitions asked for at the same moment are
 * written together, in one transaction (group commit, db/batches.ts).
 */
import { z } from 'zod';
import { recordFunnelEvent } from '../analytics/index.js';
import type { AppContext } from '../../context.js';
import { batchWhileBusy, othersServed, perOwner } from '../../db/batches.js';
import type { Database, Transaction } from '../../db/client.js';
import { onEvent, type NextJob } from '../../jobs/flow.js';
import { linesWithoutPrintFileOf } from '../fulfilment/index.js';
import * as orderRecords from '../order-records/index.js';
import type { PaymentProvider } from './provider.js';
import * as repository from './repository.js';
import type { OrderRow, PaymentEventRow } from './repository.js';

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
  /** True for the call that gave back a payment its order could not take (cancelled, or paid already). */
  refunded?: boolean;
}

const uuid = z.uuid();

/** Whether `order` is the one `event` names: our id in its metadata, and this payment or none yet. */
function isOrderOf(order: OrderRow | undefined, event: PaymentEvent): order is OrderRow {
  return (
    order !== undefined &&
    order.id === event.orderId &&
    (order.payment_id === null || order.payment_id === event.paymentIntentId)
  );
}

/**
 * The order a payment belongs to: by our id in its metadata, else by the payment's id.
 * `known` is the order the caller read for this very payment a moment ago; it is not read again.
 */
async function findOrderFor(db: Database, event: PaymentEvent, known?: OrderRow): Promise<OrderRow | null> {
  if (isOrderOf(known, event)) return known;
  if (event.orderId && uuid.safeParse(event.orderId).success) {
    const order = await orderRecords.findOrder(db, event.orderId);
    if (isOrderOf(order, event)) return order;
  }
  return (await repository.findOrderByPayment(db, event.paymentIntentId)) ?? null;
}

/** The row that records `event` (once: its id is the key) against the order it belongs to. */
function eventRow(event: PaymentEvent, orderId: string | null): PaymentEventRow {
  return {
    id: event.id,
    provider: event.provider,
    type: event.type,
    order_id: orderId,
    payload: event.payload ?? null,
  };
}

/** Records the event and, if it is new, applies `change` in the same transaction. */
async function recordOnce(
  context: AppContext,
  event: PaymentEvent,
  orderId: string | null,
  change: (tx: Transaction) => Promise<boolean>,
): Promise<{ duplicate: boolean; changed: boolean }> {
  return context.db.transaction(async (tx) => {
    const recorded = await repository.insertNewEvents(tx, [eventRow(event, orderId)]);
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
  provider: PaymentProvider,
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
      if (cannotTake(order, event)) {
        const { duplicate } = await recordOnce(context, event, order.id, async () => false);
        const refunded = !duplicate && (await refundUnpayable(context, provider, event, order));
        return { duplicate, orderId, paid: false, refunded };
      }
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
      if (paid === false) {
        // Cancelled (or paid otherwise) between the read above and the paid transition.
        const now = await orderRecords.findOrder(context.db, order.id);
        if (now && cannotTake(now, event)) {
          const refunded = await refundUnpayable(context, provider, event, now);
          return { duplicate: false, orderId, paid: false, refunded };
        }
      }
      return { duplicate: paid === null, orderId, paid: paid === true };
    }
    case 'payment_intent.payment_failed': {
      // A declined card: the order stays payable, and its timeline says why this attempt failed.
      const { duplicate } = await recordOnce(context, event, order.id, async (tx) => {
        const error = event.error || 'Payment failed';
        if (!(await setPaymentError(tx, order.id, error))) return false;
        await orderRecords.insertOrderEvent(tx, {
          orderId: order.id,
          type: 'payment_failed',
          detail: { error, payment_intent_id: event.paymentIntentId },
        });
        return true;
      });
      return { duplicate, orderId, paid: false };
    }
    case 'payment_intent.canceled': {
      const { duplicate } = await recordOnce(context, event, order.id, (tx) =>
        orderRecords.updatePendingOrder(tx, order.id, {
          status: 'failed',
          payment_error: event.error ?? 'The payment was canceled',
        }),
      );
      return { duplicate, orderId, paid: false };
    }
    default: {
      const { duplicate } = await recordOnce(context, event, order.id, async () => false);
      return { duplicate, orderId, paid: false };
    }
  }
}

/** Whether `order` can no longer take the payment `event` says has succeeded: cancelled, or paid by another payment. */
function cannotTake(order: OrderRow, event: PaymentEvent): boolean {
  if (order.status === 'cancelled') return true;
  const settled = order.status === 'paid' || order.status === 'shipped' || order.status === 'refunded';
  return settled && order.payment_id !== event.paymentIntentId;
}

/**
 * Gives back, in full and at once, a payment that succeeded for an order that cannot take it
 * (the owner cancelled it while the customer paid): the customer is never charged for an
 * order that will not ship. The refund's idempotency key is the payment's, so however often
 * the event comes, one refund is made. The timeline records it and the order shows as
 * needing attention, for the owner to tell the customer. A refused refund leaves the event
 * unrecorded, so the provider's next delivery tries again.
 */
async function refundUnpayable(
  context: AppContext,
  provider: PaymentProvider,
  event: PaymentEvent,
  order: OrderRow,
): Promise<boolean> {
  const amount = event.amount ?? order.total_amount;
  const currency = (event.currency ?? order.currency).toLowerCase();
  let refundId: string;
  try {
    ({ refundId } = await provider.refund({
      orderId: order.id,
      paymentIntentId: event.paymentIntentId,
      amount,
      currency,
      idempotencyKey: `refund-unpayable-${event.paymentIntentId}`,
    }));
  } catch (error) {
    await repository.deleteEvent(context.db, event.id);
    context.log.error(
      { order: order.id, event: event.id, reason: error instanceof Error ? error.message : String(error) },
      'a payment for an order that cannot take it could not be refunded; the next delivery tries again',
    );
    throw error;
  }
  const detail = {
    payment_intent_id: event.paymentIntentId,
    amount,
    currency,
    refund_id: refundId,
    status: order.status,
  };
  // One entry per payment, whichever delivery made (or repeated) the refund.
  await orderRecords.insertOrderEventOncePerPayment(context.db, {
    orderId: order.id,
    type: UNPAYABLE_PAYMENT_REFUNDED,
    paymentId: event.paymentIntentId,
    detail,
  });
  context.log.warn(
    { order: order.id, status: order.status, refund: refundId, amount },
    'a payment for an order that cannot take it was refunded in full',
  );
  return true;
}

/** The timeline entry of a payment given back because its order could not take it. */
export const UNPAYABLE_PAYMENT_REFUNDED = 'unpayable_payment_refunded';

function setPaymentError(tx: Transaction, orderId: string, message: string): Promise<boolean> {
  return orderRecords.updatePendingOrder(tx, orderId, { payment_error: message });
}

interface PaidTransition {
  orderId: string;
  event: PaymentEvent;
}

/** A paid transition's result (see `markOrderPaid`), and the flipped order's visit. */
interface PaidOutcome {
  flipped: boolean | null;
  visitId: string | null;
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
  const { flipped, visitId } = await paidTransitions(context).load({ orderId, event });
  if (flipped !== true) return flipped;
  recordFunnelEvent(context, { visitId, step: 'paid', orderId });
  context.log.info({ order: orderId, provider: event.provider, event: event.id }, 'order paid');
  return true;
}

/**
 * The paid transitions asked for while one batch is being written are written together in
 * the next (db/batches.ts): one transaction with one statement per table for all of them,
 * where each alone took six (its event, its order, two jobs, BEGIN, COMMIT).
 */
const paidTransitions = perOwner((context: AppContext) =>
  batchWhileBusy<PaidTransition, PaidOutcome>((transitions) => writePaidTransitions(context, transitions), {
    retryAlone: true,
    ...othersServed(context.requests),
  }),
);

/** Records the events and flips their pending orders to paid, queuing each flipped order's work, in one transaction. */
async function writePaidTransitions(
  context: AppContext,
  transitions: readonly PaidTransition[],
): Promise<PaidOutcome[]> {
  // The paid orders' jobs are queued inside the transaction below.
  await context.jobs.ready();
  const { queued, outcomes } = await context.db.transaction(async (tx) => {
    const recorded = await repository.insertNewEvents(
      tx,
      transitions.map(({ orderId, event }) => eventRow(event, orderId)),
    );
    const newEvents = new Set(recorded);
    // An event named twice in one batch is recorded once, for the first transition that names it.
    const fresh = transitions.filter(({ event }) => newEvents.delete(event.id));

    const visitOfFlipped = new Map<PaidTransition, string | null>();
    for (const round of distinctOrderRounds(fresh)) {
      for (const { id, visit_id } of await flipToPaid(tx, round)) {
        const transition = round.find(({ orderId }) => orderId === id)!;
        visitOfFlipped.set(transition, visit_id);
      }
    }
    const flippedOrders = [...visitOfFlipped.keys()].map(({ orderId }) => orderId);
    const queued = await queuePaidOrderWork(context, tx, flippedOrders);

    return {
      queued,
      outcomes: transitions.map((transition) => ({
        flipped: fresh.includes(transition) ? visitOfFlipped.has(transition) : null,
        visitId: visitOfFlipped.get(transition) ?? null,
      })),
    };
  });
  // Committed: this process's workers look for the new jobs now rather than at their next poll.
  for (const name of new Set(queued.map((job) => job.name))) context.jobs.wake(name);
  return outcomes;
}

/** `transitions` in rounds with each order at most once, in order: one update sets one payment on a row. */
function distinctOrderRounds(transitions: readonly PaidTransition[]): PaidTransition[][] {
  const rounds: PaidTransition[][] = [];
  for (const transition of transitions) {
    const round = rounds.find((candidate) => candidate.every(({ orderId }) => orderId !== transition.orderId));
    if (round) round.push(transition);
    else rounds.push([transition]);
  }
  return rounds;
}

/** Flips each transition's order to paid with its payment, if it is pending and has that payment or none yet. */
function flipToPaid(tx: Transaction, transitions: readonly PaidTransition[]) {
  return orderRecords.flipToPaid(
    tx,
    transitions.map(({ orderId, event }) => ({ orderId, paymentId: event.paymentIntentId })),
  );
}

/**
 * Queues the paid event's work (jobs/flow.ts) inside the paid transition's transaction, each
 * job once per order. If queuing fails the whole transition rolls back: the orders stay
 * pending and the events unrecorded, so the provider's retry (Stripe resends its webhook) or
 * the visitor's return applies them again.
 */
async function queuePaidOrderWork(context: AppContext, tx: Transaction, orderIds: string[]): Promise<NextJob[]> {
  const unprinted = await linesWithoutPrintFileOf(tx, orderIds);
  const jobs = orderIds.flatMap((orderId) =>
    onEvent['order.paid']({ orderId, linesToPrint: unprinted.get(orderId) ?? [] }),
  );
  await context.jobs.sendAll(jobs, tx);
  return jobs;
}
