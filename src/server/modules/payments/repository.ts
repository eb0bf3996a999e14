/**
 * The payments module's queries: the payment_events it records once each, and the orders
 * of a payment. (The order's payment state and timeline are written through order-records.)
 */
import { and, desc, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { orders, payment_events } from '../../db/schema.js';

export type OrderRow = typeof orders.$inferSelect;
export type PaymentEventRow = typeof payment_events.$inferInsert;

/** The order a payment was made for, by the payment's id. */
export async function findOrderByPayment(db: Database, paymentId: string): Promise<OrderRow | undefined> {
  const [order] = await db.select().from(orders).where(eq(orders.payment_id, paymentId));
  return order;
}

/** The orders of these payments made with `providerId`. */
export async function listOrdersByPayment(db: Database, providerId: string, paymentIds: string[]): Promise<OrderRow[]> {
  return db
    .select()
    .from(orders)
    .where(and(inArray(orders.payment_id, paymentIds), eq(orders.payment_provider, providerId)));
}

/** Records the events whose ids are new; returns those ids. */
export async function insertNewEvents(db: Database, rows: PaymentEventRow[]): Promise<string[]> {
  const recorded = await db
    .insert(payment_events)
    .values(rows)
    .onConflictDoNothing()
    .returning({ id: payment_events.id });
  return recorded.map((row) => row.id);
}

export async function deleteEvent(db: Database, id: string): Promise<void> {
  await db.delete(payment_events).where(eq(payment_events.id, id));
}

/** The type of the newest event `providerId` recorded for the order. */
export async function lastEventType(db: Database, orderId: string, providerId: string): Promise<string | undefined> {
  const [last] = await db
    .select({ type: payment_events.type })
    .from(payment_events)
    .where(and(eq(payment_events.order_id, orderId), eq(payment_events.provider, providerId)))
    .orderBy(desc(payment_events.received_at))
    .limit(1);
  return last?.type;
}
