/**
 * The email_messages table: the sending service's rows and the back office's reading, and
 * the orders a confirmation is owed to. (What a send records on the order, order-records
 * writes.)
 */
import { and, asc, desc, eq, gt, inArray, isNotNull, isNull, ne, notExists } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client.js';
import { hasRow } from '../../db/has-row.js';
import { newestFirstPage } from '../../db/newest-first-page.js';
import { email_messages, order_items, orders } from '../../db/schema.js';

export type OrderRow = typeof orders.$inferSelect;
export type OrderItemRow = typeof order_items.$inferSelect;
export type NewEmailMessage = typeof email_messages.$inferInsert;

const summary = {
  id: email_messages.id,
  order_id: email_messages.order_id,
  kind: email_messages.kind,
  to_address: email_messages.to_address,
  subject: email_messages.subject,
  status: email_messages.status,
  transport: email_messages.transport,
  error: email_messages.error,
  sent_at: email_messages.sent_at,
  opened_at: email_messages.opened_at,
  created_at: email_messages.created_at,
};

/** One page of sent messages, newest first, with how many there are in all. */
export async function listSentEmails(db: Database, options: { orderId?: string; page: number; pageSize: number }) {
  const where = options.orderId ? eq(email_messages.order_id, options.orderId) : undefined;
  const { rows: emails, total } = await newestFirstPage(db, email_messages, summary, where, options);
  return { emails, total };
}

/** One sent message with its rendered bodies. */
export async function findSentEmail(db: Database, id: string) {
  const [message] = await db
    .select({ ...summary, html: email_messages.html, text_body: email_messages.text_body })
    .from(email_messages)
    .where(eq(email_messages.id, id));
  return message;
}

// ---------------------------------------------------------------- sending

/** The newest message of this kind for the order not yet sent (queued or failed), if any. */
export async function findUnsentMessageId(db: Database, orderId: string, kind: string): Promise<string | undefined> {
  const [unsent] = await db
    .select({ id: email_messages.id })
    .from(email_messages)
    .where(and(eq(email_messages.order_id, orderId), eq(email_messages.kind, kind), ne(email_messages.status, 'sent')))
    .orderBy(desc(email_messages.created_at))
    .limit(1);
  return unsent?.id;
}

/** Whether a message of this kind was sent for the order. */
export async function hasSentMessage(db: Database, orderId: string, kind: string): Promise<boolean> {
  return hasRow(
    db,
    email_messages,
    and(eq(email_messages.order_id, orderId), eq(email_messages.kind, kind), eq(email_messages.status, 'sent')),
  );
}

export async function insertMessage(db: Database, values: NewEmailMessage & { id: string }): Promise<void> {
  await db.insert(email_messages).values(values);
}

/** Rewrites a message row for another try. */
export async function rewriteMessage(db: Database, id: string, values: Omit<NewEmailMessage, 'id'>): Promise<void> {
  await db.update(email_messages).set(values).where(eq(email_messages.id, id));
}

export async function markMessageSent(
  tx: Transaction,
  id: string,
  sent: { sentAt: Date; providerMessageId: string | null },
): Promise<void> {
  await tx
    .update(email_messages)
    .set({ status: 'sent', sent_at: sent.sentAt, provider_message_id: sent.providerMessageId })
    .where(eq(email_messages.id, id));
}

export async function markMessageFailed(db: Database, id: string, error: string): Promise<void> {
  await db.update(email_messages).set({ status: 'failed', error }).where(eq(email_messages.id, id));
}

/**
 * Paid orders paid after `paidAfter` whose confirmation was never sent and never failed
 * (no failed message of `kind`), the oldest first.
 */
export async function listUnconfirmedOrderIds(
  db: Database,
  options: { kind: string; paidAfter: Date; limit: number },
): Promise<string[]> {
  const failedBefore = db
    .select({ id: email_messages.id })
    .from(email_messages)
    .where(
      and(
        eq(email_messages.order_id, orders.id),
        eq(email_messages.kind, options.kind),
        eq(email_messages.status, 'failed'),
      ),
    );
  const rows = await db
    .select({ id: orders.id })
    .from(orders)
    .where(
      and(
        inArray(orders.status, ['paid', 'shipped']),
        isNotNull(orders.paid_at),
        gt(orders.paid_at, options.paidAfter),
        isNull(orders.confirmation_email_sent_at),
        notExists(failedBefore),
      ),
    )
    .orderBy(asc(orders.paid_at))
    .limit(options.limit);
  return rows.map((row) => row.id);
}

/** Records a message's first open; returns its order and kind, or undefined when it was opened before. */
export async function markMessageOpened(db: Database, id: string, openedAt: Date) {
  const [message] = await db
    .update(email_messages)
    .set({ opened_at: openedAt })
    .where(and(eq(email_messages.id, id), isNull(email_messages.opened_at)))
    .returning({ order_id: email_messages.order_id, kind: email_messages.kind });
  return message;
}
