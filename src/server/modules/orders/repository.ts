/**
 * The orders module's queries: an order and its lines for the visitor, Find my order, and
 * the back office's list (search, filters, stat cards, CSV pages), detail and refunds. (Its
 * writes, refunds and cancellation, go through order-records, as everyone's do.)
 */
import {
  and,
  asc,
  between,
  count,
  desc,
  eq,
  getTableColumns,
  gte,
  inArray,
  lt,
  lte,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import { STUCK_AFTER_MINUTES, type AdminOrderListQuery } from '../../../domain/orders.js';
import type { Database } from '../../db/client.js';
import { newestFirstPage } from '../../db/newest-first-page.js';
import { order_events, order_items, order_refunds, orders } from '../../db/schema.js';

export type OrderRow = typeof orders.$inferSelect;
export type OrderItemRow = typeof order_items.$inferSelect;

/**
 * The id of the newest order whose id starts with `orderNumber` (8 lower-case hex digits)
 * and whose e-mail is `email` (trimmed, lower-case), or null.
 *
 * An order number is the first 8 hex digits of a uuid, so the ids it can stand for form one
 * range of the primary key: the lookup reads that range from the primary key's index (an
 * index scan, not `id::text LIKE 'abcd1234%'` over every order) and compares the e-mail on
 * the rows found, usually one. The same work is done whether the e-mail or the number is the
 * wrong one, so the answer's timing does not tell them apart.
 */
export async function findOrderIdByNumber(db: Database, orderNumber: string, email: string): Promise<string | null> {
  const [row] = await orderByNumberQuery(db, orderNumber, email);
  return row?.id ?? null;
}

/** The lookup's query, apart so a test can read its plan. */
export function orderByNumberQuery(db: Database, orderNumber: string, email: string) {
  return db
    .select({ id: orders.id })
    .from(orders)
    .where(
      and(
        between(orders.id, `${orderNumber}-0000-0000-0000-000000000000`, `${orderNumber}-ffff-ffff-ffff-ffffffffffff`),
        sql`lower(trim(${orders.customer_email})) = ${email}`,
      ),
    )
    .orderBy(desc(orders.created_at))
    .limit(1);
}

// ---------------------------------------------------------------- the back office

type OrderFilter = Pick<AdminOrderListQuery, 'search' | 'status' | 'from' | 'to'>;

/** `%`, `_` and `\` in what the owner typed are matched literally. */
const likeEscape = (value: string) => value.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The text the trigram index covers (migration 0011): e-mail, shipping and billing names, lowered. */
const orderSearchText = sql`lower(${orders.customer_email} || ' ' || coalesce(${orders.shipping_name}, '') || ' ' || coalesce(${orders.billing_name}, ''))`;

/**
 * An order id's prefix as a range of ids, so the primary key answers it: `3f2a9c1e` is every
 * id from 3f2a9c1e-0000-… to 3f2a9c1e-ffff-…. Null when the text cannot start an id.
 */
export function idPrefixRange(search: string): [string, string] | null {
  if (!/^[0-9a-f-]{1,36}$/i.test(search)) return null;
  const hex = search.replace(/-/g, '').toLowerCase();
  if (hex.length === 0 || hex.length > 32) return null;
  const asUuid = (digits: string) =>
    `${digits.slice(0, 8)}-${digits.slice(8, 12)}-${digits.slice(12, 16)}-${digits.slice(16, 20)}-${digits.slice(20)}`;
  return [asUuid(hex.padEnd(32, '0')), asUuid(hex.padEnd(32, 'f'))];
}

/**
 * Paid, and fulfilment failed, on hold, or never submitted this long after payment; or a
 * payment that arrived after the order could take it, given back (the customer is owed word).
 */
const needsAttention = sql`((${orders.status} = 'paid' and (${orders.printful_status} in ('failed', 'onhold') or (${orders.printful_status} is null and ${orders.paid_at} < now() - make_interval(mins => ${STUCK_AFTER_MINUTES})))) or exists (select 1 from ${order_events} where ${order_events.order_id} = ${orders.id} and ${order_events.type} = 'unpayable_payment_refunded'))`;

/** Unpaid, its last payment declined: still payable, but no longer merely pending. */
const paymentFailed = sql`(${orders.status} = 'pending' and ${orders.payment_error} is not null)`;

/** The list's WHERE: search over id (prefix), customer e-mail, shipping and billing names; status; date range. */
function orderFilter(query: Pick<AdminOrderListQuery, 'search' | 'status' | 'from' | 'to'>): SQL | undefined {
  const conditions: SQL[] = [];
  if (query.status === 'attention') conditions.push(needsAttention);
  else if (query.status === 'failed') conditions.push(or(eq(orders.status, 'failed'), paymentFailed) as SQL);
  else if (query.status !== 'all') conditions.push(eq(orders.status, query.status));
  const search = query.search.trim();
  if (search) {
    const contains = sql`${orderSearchText} like ${`%${likeEscape(search.toLowerCase())}%`}`;
    const range = idPrefixRange(search);
    conditions.push(range ? (or(and(gte(orders.id, range[0]), lte(orders.id, range[1])), contains) as SQL) : contains);
  }
  if (query.from) conditions.push(gte(orders.created_at, new Date(`${query.from}T00:00:00Z`)));
  if (query.to)
    conditions.push(lt(orders.created_at, new Date(new Date(`${query.to}T00:00:00Z`).getTime() + 86_400_000)));
  return conditions.length ? and(...conditions) : undefined;
}

/** The lines of these orders, by order. */
export async function itemsByOrder(db: Database, orderIds: string[]) {
  const byOrder = new Map<string, OrderItemRow[]>();
  if (orderIds.length === 0) return byOrder;
  const rows = await db
    .select()
    .from(order_items)
    .where(inArray(order_items.order_id, orderIds))
    .orderBy(asc(order_items.position), asc(order_items.id));
  for (const row of rows) {
    const list = byOrder.get(row.order_id) ?? [];
    list.push(row);
    byOrder.set(row.order_id, list);
  }
  return byOrder;
}

/** One page of the orders the filter keeps, newest first, with how many it keeps in all. */
export async function listOrdersPage(db: Database, filter: OrderFilter, page: { page: number; pageSize: number }) {
  return newestFirstPage(db, orders, getTableColumns(orders), orderFilter(filter), page);
}

/**
 * The next `limit` orders the filter keeps after order `after` (none: from the newest), by
 * keyset (created_at, id), newest first.
 */
export async function listOrdersAfter(
  db: Database,
  filter: OrderFilter,
  page: { after: string | null; limit: number },
): Promise<OrderRow[]> {
  // The cursor row's own created_at, read in SQL: a JS Date would lose the microseconds.
  const cursor: SQL | undefined = page.after
    ? sql`(${orders.created_at}, ${orders.id}) < (select o.created_at, o.id from orders o where o.id = ${page.after}::uuid)`
    : undefined;
  return db
    .select()
    .from(orders)
    .where(and(orderFilter(filter), cursor))
    .orderBy(desc(orders.created_at), desc(orders.id))
    .limit(page.limit);
}

/** The four stat cards' counts, over every order. */
export async function orderStats(db: Database) {
  const [stats] = await db
    .select({
      total: count(),
      pending_payment:
        sql<number>`count(*) filter (where ${orders.status} = 'pending' and not ${paymentFailed})`.mapWith(Number),
      payment_failed: sql<number>`count(*) filter (where ${paymentFailed})`.mapWith(Number),
      needs_submission:
        sql<number>`count(*) filter (where ${orders.status} = 'paid' and ${orders.printful_status} is null)`.mapWith(
          Number,
        ),
      confirmed: sql<number>`count(*) filter (where ${orders.printful_status} = 'confirmed')`.mapWith(Number),
    })
    .from(orders);
  return stats;
}

export async function listOrderRefunds(db: Database, orderId: string) {
  return db
    .select()
    .from(order_refunds)
    .where(eq(order_refunds.order_id, orderId))
    .orderBy(asc(order_refunds.created_at));
}

/** The order's timeline, oldest first. */
export async function listOrderEvents(db: Database, orderId: string) {
  return db
    .select()
    .from(order_events)
    .where(eq(order_events.order_id, orderId))
    .orderBy(asc(order_events.created_at), asc(order_events.id));
}
