/**
 * The shop reads times the same way on both databases: drizzle gets PostgreSQL's text (its
 * columns turn it into Dates), pg-boss gets Date objects as node-postgres gives them.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { orders } from './schema.js';
import { createTestDatabase } from '../testing/test-database.js';

const database = await createTestDatabase();
await database.migrate();
afterAll(() => database.close());

const MOMENT = '2026-03-04 05:06:07.123+00';

describe('times read back from the database', () => {
  it('reach drizzle as text, and its timestamp columns as Dates', async () => {
    const { rows } = (await database.db.execute(
      sql`select ${MOMENT}::timestamptz as at, '2026-03-04'::date as day, interval '90 minutes' as span`,
    )) as unknown as { rows: Array<Record<string, unknown>> };
    expect(rows[0]).toEqual({ at: '2026-03-04 05:06:07.123+00', day: '2026-03-04', span: '01:30:00' });

    const [order] = await database.db
      .insert(orders)
      .values({
        status: 'pending',
        customer_email: 'times@example.com',
        shipping_name: 'T',
        shipping_address_line1: '1 Road',
        shipping_city: 'Town',
        shipping_postal_code: '12345',
        shipping_country: 'US',
        total_amount: 100,
        currency: 'usd',
        paid_at: new Date(MOMENT),
      })
      .returning();
    const [read] = await database.db.select().from(orders).where(eq(orders.id, order!.id));
    expect(read!.paid_at).toEqual(new Date('2026-03-04T05:06:07.123Z'));
    expect(read!.created_at).toBeInstanceOf(Date);
  });

  it('reach the job queue as Dates, with and without parameters, in and out of transactions', async () => {
    const withValue = await database.executor.executeSql('select $1::timestamptz as at', [MOMENT]);
    expect(withValue.rows[0].at).toEqual(new Date('2026-03-04T05:06:07.123Z'));
    const without = await database.executor.executeSql(`select '${MOMENT}'::timestamptz as at`);
    expect(without.rows[0].at).toEqual(new Date('2026-03-04T05:06:07.123Z'));
    const inTransaction = await database.db.transaction(async (tx) =>
      tx.execute(sql`select ${MOMENT}::timestamptz as at`),
    );
    expect((inTransaction as unknown as { rows: Array<{ at: unknown }> }).rows[0]!.at).toBe(
      '2026-03-04 05:06:07.123+00',
    );
  });
});
