/**
 * The analytics queries, in SQL over indexes: money from paid orders (by paid_at) less
 * refunds (by when they were made), the funnel from funnel_events (distinct visits per
 * step), the breakdowns, the time to a first artwork, the series; and the funnel's writes.
 * Rows come back as the database gives them (numbers may be strings); the service reads them.
 */
import { sql, type SQL } from 'drizzle-orm';
import { FUNNEL_STEPS, type AnalyticsInterval, type FunnelStep } from '../../../domain/analytics.js';
import type { Database } from '../../db/client.js';
import { funnel_events } from '../../db/schema.js';

async function rows<T>(db: Database, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

export interface Range {
  from: Date;
  to: Date;
}

export type BreakdownRow = { key: string; revenue: string; orders: number; units: string };

/** Paid orders of the range: how many, their gross, shipping, tax and units. */
export async function paidTotals(db: Database, { from, to }: Range) {
  const [money] = await rows<{ orders: number; gross: string; shipping: string; tax: string; units: string }>(
    db,
    sql`select count(*)::int as orders, coalesce(sum(o.total_amount), 0) as gross,
          coalesce(sum(o.shipping_amount), 0) as shipping, coalesce(sum(o.tax_amount), 0) as tax,
          coalesce((select sum(oi.quantity) from order_items oi join orders p on p.id = oi.order_id
                    where p.paid_at >= ${from} and p.paid_at < ${to}), 0) as units
        from orders o where o.paid_at >= ${from} and o.paid_at < ${to}`,
  );
  return money;
}

/** Refunds made in the range: their sum and the tax they gave back. */
export async function refundTotals(db: Database, { from, to }: Range) {
  const [refunds] = await rows<{ refunds: string; refunded_tax: string }>(
    db,
    sql`select coalesce(sum(amount), 0) as refunds, coalesce(sum(tax_amount), 0) as refunded_tax
        from order_refunds where created_at >= ${from} and created_at < ${to}`,
  );
  return refunds;
}

/** The paid order lines of the range, with what each line's style and photo were. */
const paidLines = (range: Range) => sql`
  select oi.product_name, oi.quantity, oi.total_price, o.id as order_id,
         coalesce(s.name, 'Unknown style') as style,
         coalesce(nullif(trim(regexp_replace(i.location_name, '^.*,', '')), ''), 'Unknown') as photo_country
  from order_items oi
  join orders o on o.id = oi.order_id
  left join image_transformations t on t.id = oi.transformation_id
  left join styles s on s.id = t.style_id
  left join images i on i.id = t.image_id
  where o.paid_at >= ${range.from} and o.paid_at < ${range.to}`;

const BREAKDOWN_COLUMNS = { product: sql`product_name`, style: sql`style`, photo_country: sql`photo_country` };

/** Revenue, orders and units of the range's paid lines, by product, style or the photo's country. */
export async function breakdownRows(
  db: Database,
  range: Range,
  by: keyof typeof BREAKDOWN_COLUMNS,
): Promise<BreakdownRow[]> {
  return rows<BreakdownRow>(
    db,
    sql`select ${BREAKDOWN_COLUMNS[by]} as key, sum(total_price) as revenue, count(distinct order_id)::int as orders, sum(quantity) as units
        from (${paidLines(range)}) lines group by 1 order by 2 desc, 1`,
  );
}

/** Revenue and units of the range's paid lines, by style and product. */
export function styleProductRows(db: Database, range: Range) {
  return rows<{ style: string; product: string; revenue: string; units: string }>(
    db,
    sql`select style, product_name as product, sum(total_price) as revenue, sum(quantity) as units
          from (${paidLines(range)}) lines group by 1, 2 order by 1, 2`,
  );
}

/** Revenue, orders and units of the range's paid orders, by shipping country. */
export function shippingCountryRows(db: Database, range: Range) {
  return rows<BreakdownRow>(
    db,
    sql`select coalesce(o.shipping_country, 'Unknown') as key, sum(o.total_amount) as revenue, count(*)::int as orders,
                 coalesce(sum((select sum(quantity) from order_items oi where oi.order_id = o.id)), 0) as units
          from orders o where o.paid_at >= ${range.from} and o.paid_at < ${range.to} group by 1 order by 2 desc, 1`,
  );
}

/** How long the range's photos waited for their first artwork: median, 95th percentile, how many. */
export async function firstArtworkTiming(db: Database, range: Range) {
  const [timing] = await rows<{ p50: number | null; p95: number | null; photos: number }>(
    db,
    sql`select percentile_cont(0.5) within group (order by seconds) as p50,
                 percentile_cont(0.95) within group (order by seconds) as p95, count(*)::int as photos
          from (select extract(epoch from min(t.completed_at) - i.created_at) as seconds
                from images i join image_transformations t on t.image_id = i.id
                where i.created_at >= ${range.from} and i.created_at < ${range.to} and t.completed_at is not null
                group by i.id, i.created_at) firsts`,
  );
  return timing;
}

/** Revenue and orders per day, week or month of the range, empty buckets included. */
export function seriesRows(db: Database, range: Range, every: AnalyticsInterval) {
  const interval = sql.raw(`'1 ${every}'::interval`);
  const unit = sql.raw(`'${every}'`);
  return rows<{ bucket: string; revenue: string; orders: number }>(
    db,
    sql`select to_char(g.bucket, 'YYYY-MM-DD') as bucket, coalesce(sum(o.total_amount), 0) as revenue, count(o.id)::int as orders
          from generate_series(date_trunc(${unit}, ${range.from}::timestamptz at time zone 'UTC'),
                               ${range.to}::timestamptz at time zone 'UTC' - interval '1 microsecond', ${interval}) as g(bucket)
          left join orders o on o.paid_at >= g.bucket at time zone 'UTC' and o.paid_at < (g.bucket + ${interval}) at time zone 'UTC'
            and o.paid_at >= ${range.from} and o.paid_at < ${range.to}
          group by g.bucket order by g.bucket`,
  );
}

/** The currency of the newest paid order. */
export async function latestPaidCurrency(db: Database): Promise<string | undefined> {
  const [row] = await rows<{ currency: string }>(
    db,
    sql`select currency from orders where paid_at is not null order by paid_at desc limit 1`,
  );
  return row?.currency;
}

/** How many artworks were finished in the range. */
export async function artworksMade(db: Database, range: Range) {
  const [row] = await rows<{ made: number }>(
    db,
    sql`select count(*)::int as made from image_transformations where completed_at >= ${range.from} and completed_at < ${range.to}`,
  );
  return row?.made;
}

/**
 * Visits per funnel step, each counted at a step only once it has reached every step before
 * it in the range: a visit that opens a shared artwork without uploading counts at no step,
 * and no step can show more visits than the one above it.
 */
function funnelQuery(range: Range): SQL {
  const reached = FUNNEL_STEPS.map(
    (step, index) =>
      sql`count(*) filter (where steps @> array[${sql.join(
        FUNNEL_STEPS.slice(0, index + 1).map((earlier) => sql`${earlier}`),
        sql`, `,
      )}]::text[])::int as ${sql.identifier(step)}`,
  );
  return sql`select ${sql.join(reached, sql`, `)}
    from (select visit_id, array_agg(distinct step) as steps from funnel_events
          where occurred_at >= ${range.from} and occurred_at < ${range.to} group by visit_id) visits`;
}

/** Visits per funnel step in the range (see funnelQuery). */
export async function funnelCounts(db: Database, range: Range): Promise<Record<string, number> | undefined> {
  const [counts] = await rows<Record<string, number>>(db, funnelQuery(range));
  return counts;
}

export async function transformationExists(db: Database, id: string): Promise<boolean> {
  const found = await rows<{ id: string }>(db, sql`select id from image_transformations where id = ${id}::uuid`);
  return found.length > 0;
}

/** Deletes funnel events older than `months`; answers how many went. */
export async function deleteFunnelEventsOlderThan(db: Database, months: number): Promise<number> {
  const gone = await rows<{ id: string }>(
    db,
    sql`delete from funnel_events where occurred_at < now() - make_interval(months => ${months}) returning id`,
  );
  return gone.length;
}

/**
 * Records that a visit reached a step, unless it had already: the (visit, step) key makes
 * concurrent reports of one step write a single row.
 */
export async function insertFunnelEventOnce(
  db: Database,
  event: { visitId: string; step: FunnelStep; transformationId: string | null; orderId: string | null },
): Promise<void> {
  await db
    .insert(funnel_events)
    .values({
      visit_id: event.visitId,
      step: event.step,
      transformation_id: event.transformationId,
      order_id: event.orderId,
    })
    .onConflictDoNothing({ target: [funnel_events.visit_id, funnel_events.step] });
}
