/**
 * Analytics (issue 16): the storefront funnel a visit walks, the owner's date-range query and
 * the figures it answers with. Money in minor units with its currency, like orders.
 */
import { z } from 'zod';

/** The funnel, in order. The first three and 'added_to_cart' come from the browser; the rest from the server. */
export const FUNNEL_STEPS = [
  'photo_uploaded',
  'artwork_made',
  'mockups_viewed',
  'added_to_cart',
  'checkout_started',
  'paid',
] as const;
export type FunnelStep = (typeof FUNNEL_STEPS)[number];

export const FUNNEL_LABELS: Record<FunnelStep, string> = {
  photo_uploaded: 'Photo uploaded',
  artwork_made: 'Artwork made',
  mockups_viewed: 'Mockups viewed',
  added_to_cart: 'Added to cart',
  checkout_started: 'Checkout started',
  paid: 'Paid',
};

/** The steps a browser may report (POST /api/events); the server records the others itself. */
export const BROWSER_STEPS = ['artwork_made', 'mockups_viewed', 'added_to_cart'] as const;
export const funnelEventSchema = z.object({
  step: z.enum(BROWSER_STEPS),
  // Every browser step is about one artwork, which must exist.
  transformation_id: z.uuid(),
});

export const ANALYTICS_MESSAGES = {
  unknownArtwork: 'No such artwork',
  tooManyEvents: 'Too many events; try again later',
} as const;

/** The header that carries the visit id: a random UUID the tab keeps in session storage. */
export const VISIT_HEADER = 'x-visit-id';

export const ANALYTICS_INTERVALS = ['day', 'week', 'month'] as const;
export type AnalyticsInterval = (typeof ANALYTICS_INTERVALS)[number];

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Dates are written YYYY-MM-DD');
export const analyticsQuerySchema = z
  .object({ from: day, to: day, interval: z.enum(ANALYTICS_INTERVALS).default('day') })
  .refine((query) => query.from <= query.to, { message: 'From Date cannot be after To Date', path: ['from'] })
  .refine((query) => Date.parse(query.to) - Date.parse(query.from) <= 3 * 366 * 86_400_000, {
    message: 'Choose a range of three years or less',
    path: ['to'],
  });
export type AnalyticsQuery = z.infer<typeof analyticsQuerySchema>;

export interface Breakdown {
  key: string;
  revenue: number;
  orders: number;
  units: number;
}

export interface AnalyticsTotals {
  /** What customers paid: items, shipping and tax. */
  gross: number;
  /** Shipping charged, within gross. */
  shipping: number;
  /** Tax taken (included or added) less tax refunded: owed, not kept. */
  tax: number;
  refunds: number;
  /** Gross less refunds and tax. */
  net: number;
  orders: number;
  units: number;
  average_order_value: number;
}

export interface AnalyticsView {
  range: { from: string; to: string; interval: AnalyticsInterval };
  currency: string;
  totals: AnalyticsTotals;
  /** The same figures for the period of equal length just before. */
  previous: AnalyticsTotals;
  funnel: Array<{ step: FunnelStep; label: string; visits: number; conversion: number | null }>;
  by_product: Breakdown[];
  by_style: Breakdown[];
  style_product: Array<{ style: string; product: string; revenue: number; units: number }>;
  by_shipping_country: Breakdown[];
  by_photo_country: Breakdown[];
  time_to_first_artwork: { p50_seconds: number | null; p95_seconds: number | null; photos: number };
  /** Artworks finished in the range (every style, every visitor). */
  artworks_made: number;
  series: Array<{ bucket: string; revenue: number; orders: number }>;
}

/** Change against the previous period, as a whole percentage; null when there was nothing before. */
export function changeOf(current: number, previous: number): number | null {
  if (previous === 0) return current === 0 ? 0 : null;
  return Math.round(((current - previous) / previous) * 100);
}
