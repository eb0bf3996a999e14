import { and, between, desc, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { orders } from '../../db/schema.js';

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
