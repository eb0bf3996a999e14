/**
 * The fulfilment module's queries: the orders and lines it works on, and Printful's webhook
 * events (recorded once, in payment_events). The changes it makes to an order (claimed,
 * submitted, moved on by the simulation or a webhook, a line's print file) go through
 * order-records.
 */
import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client.js';
import { order_items, orders, payment_events } from '../../db/schema.js';

export type OrderRow = typeof orders.$inferSelect;
export type OrderItemRow = typeof order_items.$inferSelect;

/** The order the provider knows by this id. */
export async function findOrderByProviderOrder(db: Database, providerOrderId: string): Promise<OrderRow | undefined> {
  const [order] = await db.select().from(orders).where(eq(orders.provider_order_id, providerOrderId));
  return order;
}

/** Paid orders no fulfilment job ever claimed (no attempt, no provider order), the oldest paid first. */
export async function listUnclaimedPaidOrderIds(db: Database, limit: number): Promise<string[]> {
  const rows = await db
    .select({ id: orders.id })
    .from(orders)
    .where(
      and(
        eq(orders.status, 'paid'),
        isNull(orders.printful_status),
        isNull(orders.provider_order_id),
        eq(orders.fulfilment_attempts, 0),
      ),
    )
    .orderBy(asc(orders.paid_at))
    .limit(limit);
  return rows.map((row) => row.id);
}

/** Records a provider's event once (its id is the key); returns whether it was new. */
export async function insertProviderEventOnce(
  tx: Transaction,
  event: { id: string; provider: string; type: string; orderId: string | null; payload: unknown },
): Promise<boolean> {
  const recorded = await tx
    .insert(payment_events)
    .values({
      id: event.id,
      provider: event.provider,
      type: event.type,
      order_id: event.orderId,
      payload: event.payload,
    })
    .onConflictDoNothing()
    .returning({ id: payment_events.id });
  return recorded.length > 0;
}

// ---------------------------------------------------------------- print files

/** An ordered line with its order's status. */
export async function findLineWithOrderStatus(db: Database, orderItemId: string) {
  const [line] = await db
    .select({ item: order_items, orderStatus: orders.status })
    .from(order_items)
    .innerJoin(orders, eq(orders.id, order_items.order_id))
    .where(eq(order_items.id, orderItemId));
  return line;
}

/** The lines of these orders still without a print file, in cart order. */
export function listLinesWithoutPrintFile(db: Database, orderIds: string[]) {
  return db
    .select({ id: order_items.id, orderId: order_items.order_id })
    .from(order_items)
    .where(and(inArray(order_items.order_id, orderIds), isNull(order_items.print_file_path)))
    .orderBy(asc(order_items.position), asc(order_items.created_at));
}
