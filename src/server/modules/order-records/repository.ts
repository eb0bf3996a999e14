/**
 * Every write to the order's tables (orders, order_items, order_events, order_refunds):
 * checkout places orders, payments flips them paid, fulfilment records what the provider
 * answered, e-mail stamps the confirmation, the back office refunds and cancels. They ask
 * this module, below all of them, so the orders module (which calls payments, fulfilment and
 * e-mail) and they do not depend on one another round.
 */
import { and, asc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client.js';
import { order_events, order_items, order_refunds, orders } from '../../db/schema.js';

export type OrderRow = typeof orders.$inferSelect;
export type OrderItemRow = typeof order_items.$inferSelect;
export type OrderChanges = Partial<typeof orders.$inferInsert>;

export interface NewOrder {
  order: typeof orders.$inferInsert & { id: string };
  items: Array<typeof order_items.$inferInsert>;
}

export interface NewOrderEvent {
  orderId: string;
  type: string;
  detail: Record<string, unknown>;
}

// ---------------------------------------------------------------- the two reads everyone makes

export async function findOrder(db: Database | Transaction, id: string): Promise<OrderRow | undefined> {
  const [order] = await db.select().from(orders).where(eq(orders.id, id));
  return order;
}

/** The order's lines, in cart order (one insert writes them all, so their times are equal). */
export async function listOrderItems(db: Database | Transaction, orderId: string): Promise<OrderItemRow[]> {
  return db
    .select()
    .from(order_items)
    .where(eq(order_items.order_id, orderId))
    .orderBy(asc(order_items.position), asc(order_items.id));
}

// ---------------------------------------------------------------- the timeline

/** Adds an entry to the order's timeline. */
export async function insertOrderEvent(db: Database | Transaction, event: NewOrderEvent): Promise<void> {
  await db.insert(order_events).values({ order_id: event.orderId, type: event.type, detail: event.detail });
}

// ---------------------------------------------------------------- checkout

/** Writes the orders with their items, in one transaction; returns their ids. */
export async function insertOrders(db: Database, placed: NewOrder[]): Promise<string[]> {
  return db.transaction(async (tx) => {
    await tx.insert(orders).values(placed.map(({ order }) => order));
    await tx.insert(order_items).values(placed.flatMap(({ items }) => items));
    return placed.map(({ order }) => order.id);
  });
}

/** Records the payment made for a new order, or why it could not be made. */
export async function setOrderPayment(
  db: Database,
  id: string,
  payment: { paymentId: string } | { error: string },
): Promise<void> {
  await db
    .update(orders)
    .set('paymentId' in payment ? { payment_id: payment.paymentId } : { payment_error: payment.error })
    .where(eq(orders.id, id));
}

/** Gives a still pending order a new payment, with the provider that made it. */
export async function setPendingOrderPayment(
  db: Database,
  id: string,
  payment: { paymentId: string; providerId: string },
): Promise<void> {
  await db
    .update(orders)
    .set({ payment_id: payment.paymentId, payment_provider: payment.providerId, payment_error: null })
    .where(and(eq(orders.id, id), eq(orders.status, 'pending')));
}

// ---------------------------------------------------------------- payments

/** Adds a timeline entry of `type` unless the order has one for this payment already. */
export async function insertOrderEventOncePerPayment(
  db: Database,
  event: { orderId: string; type: string; paymentId: string; detail: Record<string, unknown> },
): Promise<void> {
  await db.execute(sql`
    insert into ${order_events} (order_id, type, detail)
    select ${event.orderId}::uuid, ${event.type}, ${JSON.stringify(event.detail)}::jsonb
    where not exists (
      select 1 from ${order_events}
      where order_id = ${event.orderId}::uuid and type = ${event.type}
        and detail->>'payment_intent_id' = ${event.paymentId}
    )`);
}

/** Changes a still pending order; returns whether it was pending. */
export async function updatePendingOrder(
  db: Database,
  orderId: string,
  values: { payment_error: string; status?: 'failed' },
): Promise<boolean> {
  const rows = await db
    .update(orders)
    .set(values)
    .where(and(eq(orders.id, orderId), eq(orders.status, 'pending')))
    .returning({ id: orders.id });
  return rows.length > 0;
}

/**
 * Flips each order to paid with its payment, if it is pending and has that payment or none
 * yet, in one statement (each order at most once); returns the flipped orders with their visit.
 */
export function flipToPaid(tx: Transaction, payments: ReadonlyArray<{ orderId: string; paymentId: string }>) {
  // Each order's own payment, by order id: one statement sets a different one on each row.
  const paymentOf = sql`case ${orders.id} ${sql.join(
    payments.map(({ orderId, paymentId }) => sql`when ${orderId}::uuid then ${paymentId}`),
    sql` `,
  )} end`;
  return tx
    .update(orders)
    .set({ status: 'paid', paid_at: new Date(), payment_error: null, payment_id: paymentOf })
    .where(
      and(
        inArray(
          orders.id,
          payments.map(({ orderId }) => orderId),
        ),
        eq(orders.status, 'pending'),
        or(isNull(orders.payment_id), eq(orders.payment_id, paymentOf)),
      ),
    )
    .returning({ id: orders.id, visit_id: orders.visit_id });
}

// ---------------------------------------------------------------- fulfilment

/**
 * Claims a paid order with no fulfilment status or a failed one, counting the attempt, and
 * gives it its provider once: `forTestPayment` when the test provider paid it, else `active`.
 */
export async function claimForSubmission(
  db: Database,
  orderId: string,
  providers: { active: string; forTestPayment: string },
): Promise<OrderRow | undefined> {
  const [claimed] = await db
    .update(orders)
    .set({
      fulfilment_attempts: sql`${orders.fulfilment_attempts} + 1`,
      fulfilment_provider: sql`coalesce(${orders.fulfilment_provider}, case when ${orders.payment_provider} = 'test' then ${providers.forTestPayment} else ${providers.active} end)`,
    })
    .where(
      and(
        eq(orders.id, orderId),
        eq(orders.status, 'paid'),
        or(isNull(orders.printful_status), eq(orders.printful_status, 'failed')),
      ),
    )
    .returning();
  return claimed;
}

/** What the provider answered a submission: its order id and status, or why it failed. */
export async function recordSubmission(
  db: Database,
  orderId: string,
  outcome: { providerOrderId: string; status: string } | { error: string },
): Promise<void> {
  await db
    .update(orders)
    .set(
      'error' in outcome
        ? { fulfilment_error: outcome.error }
        : { provider_order_id: outcome.providerOrderId, printful_status: outcome.status, fulfilment_error: null },
    )
    .where(eq(orders.id, orderId));
}

/** Changes the order if its status is one of `from`; returns whether it did. */
export async function updateOrderFrom(
  db: Database,
  orderId: string,
  from: OrderRow['status'][],
  set: OrderChanges,
): Promise<boolean> {
  const rows = await db
    .update(orders)
    .set(set)
    .where(and(eq(orders.id, orderId), inArray(orders.status, from)))
    .returning({ id: orders.id });
  return rows.length > 0;
}

/** Moves a paid order the simulation fulfils on from print status `from`; returns whether it did. */
export async function advanceSimulatedOrder(
  db: Database,
  orderId: string,
  from: 'pending' | 'confirmed',
  set: OrderChanges,
): Promise<boolean> {
  const moved = await db
    .update(orders)
    .set(set)
    .where(
      and(
        eq(orders.id, orderId),
        eq(orders.status, 'paid'),
        eq(orders.fulfilment_provider, 'simulated'),
        eq(orders.printful_status, from),
      ),
    )
    .returning({ id: orders.id });
  return moved.length > 0;
}

/** Records a line's print file, once: a line that has one keeps it. */
export async function setPrintFile(
  db: Database,
  orderItemId: string,
  file: Pick<typeof order_items.$inferInsert, 'print_file_path' | 'print_placement'>,
): Promise<void> {
  await db
    .update(order_items)
    .set(file)
    .where(and(eq(order_items.id, orderItemId), isNull(order_items.print_file_path)));
}

// ---------------------------------------------------------------- e-mail

/** The order's confirmation times, in the transaction that marks its message sent. */
export async function setOrderConfirmationTimes(
  tx: Transaction,
  orderId: string,
  times: { confirmation_email_sent_at: Date; last_email_resent_at?: Date },
): Promise<void> {
  await tx.update(orders).set(times).where(eq(orders.id, orderId));
}

/** Records the order's first confirmation open. */
export async function markConfirmationOpened(db: Database, orderId: string, openedAt: Date): Promise<void> {
  await db
    .update(orders)
    .set({ confirmation_email_opened_at: openedAt })
    .where(and(eq(orders.id, orderId), isNull(orders.confirmation_email_opened_at)));
}

// ---------------------------------------------------------------- the back office

/**
 * Adds `amount` to a paid or shipped order's refunded amount in one conditional UPDATE, unless
 * that would pass its total; returns the new refunded amount, or undefined when refused.
 */
export async function reserveRefund(db: Database, orderId: string, amount: number) {
  const [reserved] = await db
    .update(orders)
    .set({ refunded_amount: sql`${orders.refunded_amount} + ${amount}` })
    .where(
      and(
        eq(orders.id, orderId),
        inArray(orders.status, ['paid', 'shipped']),
        sql`${orders.refunded_amount} + ${amount} <= ${orders.total_amount}`,
      ),
    )
    .returning({ refunded_amount: orders.refunded_amount });
  return reserved;
}

/** Gives back a reservation `reserveRefund` made. */
export async function releaseRefund(db: Database, orderId: string, amount: number): Promise<void> {
  await db
    .update(orders)
    .set({ refunded_amount: sql`${orders.refunded_amount} - ${amount}` })
    .where(eq(orders.id, orderId));
}

export async function insertRefund(tx: Transaction, values: typeof order_refunds.$inferInsert): Promise<void> {
  await tx.insert(order_refunds).values(values);
}

/** Turns the order refunded, with its print order's status when that changes too. */
export async function markRefunded(
  tx: Transaction,
  orderId: string,
  values: { printful_status?: string | null },
): Promise<void> {
  await tx
    .update(orders)
    .set({ status: 'refunded', ...values })
    .where(eq(orders.id, orderId));
}

/** Cancels the order if nobody paid for it (pending or failed, no paid time); returns whether it did. */
export async function cancelUnpaidOrder(db: Database, orderId: string): Promise<boolean> {
  const [cancelled] = await db
    .update(orders)
    .set({ status: 'cancelled' })
    .where(and(eq(orders.id, orderId), inArray(orders.status, ['pending', 'failed']), isNull(orders.paid_at)))
    .returning({ id: orders.id });
  return Boolean(cancelled);
}
