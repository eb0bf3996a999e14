/**
 * The owner's analytics: money from paid orders (by paid_at) less refunds (by when they were
 * made), the funnel (distinct visits per step), breakdowns by product, style, shipping
 * country and the photo's country, the time a photo waits for its first artwork, and a
 * series per day, week or month. Dates are UTC days; `to` is included. The SQL is the
 * repository's.
 */
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
import * as repository from './repository.js';
import type { BreakdownRow, Range } from './repository.js';

const DAY_MS = 86_400_000;

const num = (value: unknown) => Number(value ?? 0);

async function totalsFor(db: Database, range: Range): Promise<AnalyticsTotals> {
  const [money, refunds] = await Promise.all([repository.paidTotals(db, range), repository.refundTotals(db, range)]);
  const gross = num(money?.gross);
  const orders = num(money?.orders);
  const refunded = num(refunds?.refunds);
  // Tax is the shop's to pay on, not to keep: the tax taken less what refunds gave back.
  const tax = num(money?.tax) - num(refunds?.refunded_tax);
  return {
    gross,
    shipping: num(money?.shipping),
    tax,
    refunds: refunded,
    net: gross - refunded - tax,
    orders,
    units: num(money?.units),
    average_order_value: orders ? Math.round(gross / orders) : 0,
  };
}

const toBreakdown = (row: BreakdownRow): Breakdown => ({
  key: row.key,
  revenue: num(row.revenue),
  orders: num(row.orders),
  units: num(row.units),
});

async function breakdown(db: Database, range: Range, by: Parameters<typeof repository.breakdownRows>[2]) {
  return (await repository.breakdownRows(db, range, by)).map(toBreakdown);
}

/** Whether an artwork (a transformation) with this id exists: browser events name real ones only. */
export function transformationExists(context: AppContext, id: string): Promise<boolean> {
  return repository.transformationExists(context.db, id);
}

/** Deletes funnel events older than the retention period; answers how many went. */
export function pruneFunnelEvents(context: AppContext): Promise<number> {
  return repository.deleteFunnelEventsOlderThan(context.db, context.config.analyticsRetentionMonths);
}

export async function analyticsFor(context: AppContext, query: AnalyticsQuery): Promise<AnalyticsView> {
  const { db } = context;
  const range = {
    from: new Date(`${query.from}T00:00:00Z`),
    to: new Date(Date.parse(`${query.to}T00:00:00Z`) + DAY_MS),
  };
  const length = range.to.getTime() - range.from.getTime();
  const previousRange = { from: new Date(range.from.getTime() - length), to: range.from };

  const [
    totals,
    previous,
    funnelCounts,
    byProduct,
    byStyle,
    styleProduct,
    byShipping,
    byPhoto,
    timing,
    series,
    currency,
    artworks,
  ] = await Promise.all([
    totalsFor(db, range),
    totalsFor(db, previousRange),
    repository.funnelCounts(db, range),
    breakdown(db, range, 'product'),
    breakdown(db, range, 'style'),
    repository.styleProductRows(db, range),
    repository.shippingCountryRows(db, range),
    breakdown(db, range, 'photo_country'),
    repository.firstArtworkTiming(db, range),
    repository.seriesRows(db, range, query.interval),
    repository.latestPaidCurrency(db),
    repository.artworksMade(db, range),
  ]);

  const visits = new Map(FUNNEL_STEPS.map((step) => [step, num(funnelCounts?.[step])]));
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
  return {
    range: { from: query.from, to: query.to, interval: query.interval },
    currency: currency?.toUpperCase() ?? 'USD',
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
    by_shipping_country: byShipping.map(toBreakdown),
    by_photo_country: byPhoto,
    time_to_first_artwork: {
      p50_seconds: timing?.p50 == null ? null : Math.round(num(timing.p50) * 10) / 10,
      p95_seconds: timing?.p95 == null ? null : Math.round(num(timing.p95) * 10) / 10,
      photos: num(timing?.photos),
    },
    artworks_made: num(artworks),
    series: series.map((row) => ({
      bucket: row.bucket,
      revenue: num(row.revenue),
      orders: num(row.orders),
    })),
  };
}
