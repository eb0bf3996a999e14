/**
 * The owner's analytics, computed in SQL over indexes: money from paid orders (by paid_at)
 * less refunds (by when they were made), the funnel from funnel_events (distinct visits per
 * step), breakdowns by product, style, shipping country and the photo's country, the time a
 * photo waits for its first artwork, and a series per day, week or month. Dates are UTC days;
 * `to` is included.
 */
import { sql, type SQL } from 'drizzle-orm';
import {
  FUNNEL_LABELS,
  FUNNEL_STEPS,
  type AnalyticsQuery,
  type AnalyticsTotals,
  type AnalyticsView,
  type Breakdown,
} from '../../../domain/analytics.js';
import type { AppContext } from '../../context.js';
import type { Database } from '../../db/client.js';

const DAY_MS = 86_400_000;

async function rows<T>(db: Database, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

const num = (value: unknown) => Number(value ?? 0);

interface Range {
  from: Date;
  to: Date;
}

async function totalsFor(db: Database, { from, to }: Range): Promise<AnalyticsTotals> {
  const [money] = await rows<{ orders: number; gross: string; units: string }>(
    db,
    sql`select count(*)::int as orders, coalesce(sum(o.total_amount), 0) as gross,
          coalesce((select sum(oi.quantity) from order_items oi join orders p on p.id = oi.order_id
                    where p.paid_at >= ${from} and p.paid_at < ${to}), 0) as units
        from orders o where o.paid_at >= ${from} and o.paid_at < ${to}`,
  );
  const [refunds] = await rows<{ refunds: string }>(
    db,
    sql`select coalesce(sum(amount), 0) as refunds from order_refunds where created_at >= ${from} and created_at < ${to}`,
  );
  const gross = num(money?.gross);
  const orders = num(money?.orders);
  const refunded = num(refunds?.refunds);
  return {
    gross,
    refunds: refunded,
    net: gross - refunded,
    orders,
    units: num(money?.units),
    average_order_value: orders ? Math.round(gross / orders) : 0,
  };
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

async function breakdown(db: Database, range: Range, column: SQL): Promise<Breakdown[]> {
  const found = await rows<{ key: string; revenue: string; orders: number; units: string }>(
    db,
    sql`select ${column} as key, sum(total_price) as revenue, count(distinct order_id)::int as orders, sum(quantity) as units
        from (${paidLines(range)}) lines group by 1 order by 2 desc, 1`,
  );
  return found.map((row) => ({
    key: row.key,
    revenue: num(row.revenue),
    orders: num(row.orders),
    units: num(row.units),
  }));
}

export async function analyticsFor(context: AppContext, query: AnalyticsQuery): Promise<AnalyticsView> {
  const { db } = context;
  const range = {
    from: new Date(`${query.from}T00:00:00Z`),
    to: new Date(Date.parse(`${query.to}T00:00:00Z`) + DAY_MS),
  };
  const length = range.to.getTime() - range.from.getTime();
  const previousRange = { from: new Date(range.from.getTime() - length), to: range.from };
  const interval = sql.raw(`'1 ${query.interval}'::interval`);
  const unit = sql.raw(`'${query.interval}'`);

  const [
    totals,
    previous,
    funnelRows,
    byProduct,
    byStyle,
    styleProduct,
    byShipping,
    byPhoto,
    firstArtwork,
    series,
    currency,
    artworks,
  ] = await Promise.all([
    totalsFor(db, range),
    totalsFor(db, previousRange),
    rows<{ step: string; visits: number }>(
      db,
      sql`select step, count(distinct visit_id)::int as visits from funnel_events
            where occurred_at >= ${range.from} and occurred_at < ${range.to} group by step`,
    ),
    breakdown(db, range, sql`product_name`),
    breakdown(db, range, sql`style`),
    rows<{ style: string; product: string; revenue: string; units: string }>(
      db,
      sql`select style, product_name as product, sum(total_price) as revenue, sum(quantity) as units
            from (${paidLines(range)}) lines group by 1, 2 order by 1, 2`,
    ),
    rows<{ key: string; revenue: string; orders: number; units: string }>(
      db,
      sql`select coalesce(o.shipping_country, 'Unknown') as key, sum(o.total_amount) as revenue, count(*)::int as orders,
                   coalesce(sum((select sum(quantity) from order_items oi where oi.order_id = o.id)), 0) as units
            from orders o where o.paid_at >= ${range.from} and o.paid_at < ${range.to} group by 1 order by 2 desc, 1`,
    ),
    breakdown(db, range, sql`photo_country`),
    rows<{ p50: number | null; p95: number | null; photos: number }>(
      db,
      sql`select percentile_cont(0.5) within group (order by seconds) as p50,
                   percentile_cont(0.95) within group (order by seconds) as p95, count(*)::int as photos
            from (select extract(epoch from min(t.completed_at) - i.created_at) as seconds
                  from images i join image_transformations t on t.image_id = i.id
                  where i.created_at >= ${range.from} and i.created_at < ${range.to} and t.completed_at is not null
                  group by i.id, i.created_at) firsts`,
    ),
    rows<{ bucket: string; revenue: string; orders: number }>(
      db,
      sql`select to_char(g.bucket, 'YYYY-MM-DD') as bucket, coalesce(sum(o.total_amount), 0) as revenue, count(o.id)::int as orders
            from generate_series(date_trunc(${unit}, ${range.from}::timestamptz at time zone 'UTC'),
                                 ${range.to}::timestamptz at time zone 'UTC' - interval '1 microsecond', ${interval}) as g(bucket)
            left join orders o on o.paid_at >= g.bucket at time zone 'UTC' and o.paid_at < (g.bucket + ${interval}) at time zone 'UTC'
              and o.paid_at >= ${range.from} and o.paid_at < ${range.to}
            group by g.bucket order by g.bucket`,
    ),
    rows<{ currency: string }>(
      db,
      sql`select currency from orders where paid_at is not null order by paid_at desc limit 1`,
    ),
    rows<{ made: number }>(
      db,
      sql`select count(*)::int as made from image_transformations where completed_at >= ${range.from} and completed_at < ${range.to}`,
    ),
  ]);

  const visits = new Map(funnelRows.map((row) => [row.step, num(row.visits)]));
  const funnel = FUNNEL_STEPS.map((step, index) => {
    const count = visits.get(step) ?? 0;
    const before = index === 0 ? null : (visits.get(FUNNEL_STEPS[index - 1]!) ?? 0);
    return {
      step,
      label: FUNNEL_LABELS[step],
      visits: count,
      conversion: before === null ? null : before === 0 ? null : Math.round((count / before) * 1000) / 10,
    };
  });
  const timing = firstArtwork[0];
  return {
    range: { from: query.from, to: query.to, interval: query.interval },
    currency: currency[0]?.currency?.toUpperCase() ?? 'USD',
    totals,
    previous,
    funnel,
    by_product: byProduct,
    by_style: byStyle,
    style_product: styleProduct.map((row) => ({
      style: row.style,
      product: row.product,
      revenue: num(row.revenue),
      units: num(row.units),
    })),
    by_shipping_country: byShipping.map((row) => ({
      key: row.key,
      revenue: num(row.revenue),
      orders: num(row.orders),
      units: num(row.units),
    })),
    by_photo_country: byPhoto,
    time_to_first_artwork: {
      p50_seconds: timing?.p50 == null ? null : Math.round(num(timing.p50) * 10) / 10,
      p95_seconds: timing?.p95 == null ? null : Math.round(num(timing.p95) * 10) / 10,
      photos: num(timing?.photos),
    },
    artworks_made: num(artworks[0]?.made),
    series: series.map((row) => ({
      bucket: row.bucket,
      revenue: num(row.revenue),
      orders: num(row.orders),
    })),
  };
}
