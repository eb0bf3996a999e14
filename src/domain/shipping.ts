/**
 * Shipping (issue 33): what delivery costs, by destination region and product type, when the
 * print provider does not quote it (the built-in catalog, or Printful failing to answer).
 * Prices are close to Printful's public flat rates in US dollars: the first item pays its
 * type's first-item rate, every other item its additional-item rate, and in a mixed cart the
 * dearest first-item rate counts as the first item (Printful's own rule).
 */
import { findBuiltinVariant, type MockupKind } from './builtin-catalog.js';

export const SHIPPING_REGIONS = ['US', 'CA', 'EU', 'UK', 'AUNZ', 'WORLD'] as const;
export type ShippingRegion = (typeof SHIPPING_REGIONS)[number];

export const SHIPPING_REGION_NAMES: Readonly<Record<ShippingRegion, string>> = {
  US: 'United States',
  CA: 'Canada',
  EU: 'Europe',
  UK: 'United Kingdom',
  AUNZ: 'Australia and New Zealand',
  WORLD: 'Rest of the world',
};

/** The European countries Printful ships to at its Europe rate (EU, EEA, Switzerland, the Balkans). */
const EUROPE = new Set(
  `AD AL AT AX BA BE BG CH CY CZ DE DK EE ES FI FO FR GG GI GR HR HU IE IM IS IT JE LI LT LU LV MC MD ME MK MT NL NO PL
  PT RO RS SE SI SK SM VA XK`.split(/\s+/),
);

export function shippingRegionOf(country: string): ShippingRegion {
  const code = country.trim().toUpperCase();
  if (code === 'US' || code === 'PR' || code === 'GU' || code === 'VI' || code === 'AS' || code === 'MP') return 'US';
  if (code === 'CA') return 'CA';
  if (code === 'GB') return 'UK';
  if (code === 'AU' || code === 'NZ') return 'AUNZ';
  if (EUROPE.has(code)) return 'EU';
  return 'WORLD';
}

/** What a product ships as: the built-in catalog's kinds, which are Printful's product types. */
export type ShippingProductType = MockupKind;

/** A store product's shipping type: its catalog variant's kind, else a guess from its category and name. */
export function shippingTypeOf(product: {
  printful_variant_id: number | null;
  product_category: string;
  name: string;
}): ShippingProductType {
  const known = product.printful_variant_id ? findBuiltinVariant(product.printful_variant_id) : undefined;
  if (known) return known.product.mockup;
  const name = product.name.toLowerCase();
  if (/hood|sweat/.test(name)) return 'hoodie';
  if (/shirt|tee\b/.test(name)) return 't-shirt';
  if (/canvas/.test(name)) return 'canvas';
  if (/frame/.test(name)) return 'framed-poster';
  if (/tote|bag/.test(name)) return 'tote';
  if (/case/.test(name)) return 'phone-case';
  if (/pillow|cushion/.test(name)) return 'pillow';
  if (/mug|cup/.test(name)) return 'mug';
  switch (product.product_category) {
    case 'mugs':
      return 'mug';
    case 'apparel':
      return 't-shirt';
    case 'home':
      return 'pillow';
    case 'accessories':
      return 'tote';
    default:
      return 'poster';
  }
}

/** Standard rates in cents: [first item, each additional item]. */
type Rates = Readonly<Record<ShippingRegion, readonly [number, number]>>;

export const STANDARD_RATES: Readonly<Record<ShippingProductType, Rates>> = {
  mug: { US: [699, 349], CA: [999, 449], EU: [799, 399], UK: [649, 349], AUNZ: [1099, 549], WORLD: [1499, 799] },
  poster: { US: [599, 100], CA: [899, 150], EU: [699, 150], UK: [549, 150], AUNZ: [999, 200], WORLD: [1299, 300] },
  'framed-poster': {
    US: [999, 500],
    CA: [1799, 800],
    EU: [1699, 800],
    UK: [1499, 700],
    AUNZ: [2499, 1200],
    WORLD: [3499, 1500],
  },
  canvas: { US: [899, 450], CA: [1599, 700], EU: [1499, 700], UK: [1299, 600], AUNZ: [1999, 900], WORLD: [2999, 1200] },
  't-shirt': { US: [475, 220], CA: [809, 220], EU: [519, 150], UK: [459, 140], AUNZ: [699, 200], WORLD: [1049, 250] },
  hoodie: { US: [849, 250], CA: [1249, 350], EU: [899, 300], UK: [799, 250], AUNZ: [1199, 350], WORLD: [1699, 450] },
  tote: { US: [479, 150], CA: [799, 200], EU: [549, 150], UK: [479, 150], AUNZ: [699, 200], WORLD: [999, 250] },
  'phone-case': { US: [429, 80], CA: [649, 100], EU: [499, 100], UK: [429, 100], AUNZ: [599, 100], WORLD: [799, 150] },
  pillow: { US: [949, 400], CA: [1499, 600], EU: [1299, 600], UK: [1099, 500], AUNZ: [1699, 700], WORLD: [2499, 1000] },
};

/** Express costs this many times Standard; it is not offered to the rest of the world. */
const EXPRESS_FACTOR: Readonly<Partial<Record<ShippingRegion, number>>> = {
  US: 2.2,
  CA: 2,
  EU: 2,
  UK: 1.8,
  AUNZ: 2,
};

export type ShippingMethodId = 'standard' | 'express';

export interface DeliveryEstimate {
  /** Business days in transit. */
  minDays: number;
  maxDays: number;
}

const ESTIMATES: Readonly<Record<ShippingRegion, Partial<Record<ShippingMethodId, DeliveryEstimate>>>> = {
  US: { standard: { minDays: 3, maxDays: 5 }, express: { minDays: 1, maxDays: 3 } },
  CA: { standard: { minDays: 4, maxDays: 8 }, express: { minDays: 2, maxDays: 4 } },
  EU: { standard: { minDays: 4, maxDays: 8 }, express: { minDays: 2, maxDays: 4 } },
  UK: { standard: { minDays: 3, maxDays: 5 }, express: { minDays: 1, maxDays: 2 } },
  AUNZ: { standard: { minDays: 5, maxDays: 10 }, express: { minDays: 2, maxDays: 5 } },
  WORLD: { standard: { minDays: 10, maxDays: 20 } },
};

export const SHIPPING_METHOD_NAMES: Readonly<Record<ShippingMethodId, string>> = {
  standard: 'Standard',
  express: 'Express',
};

/** One way to ship an order, as quoted to the visitor and kept on the order. */
export interface ShippingOption {
  /** Our id ('standard', 'express') or the provider's, lower-cased ('printful_fast'). */
  id: string;
  name: string;
  amountCents: number;
  estimate: DeliveryEstimate | null;
  /** 'Delivery in 4–8 business days'. */
  estimateText: string;
  /** Free because the order reached the owner's free-shipping threshold. */
  free: boolean;
}

export interface ShippingLine {
  type: ShippingProductType;
  quantity: number;
}

/** The owner's two shipping settings. */
export interface ShippingAdjustments {
  /** Standard shipping is free from this items subtotal (cents, as shown); null: never. */
  freeShippingThresholdCents: number | null;
  /** Added to every paid option (cents, may be negative; an option never goes below 0). */
  adjustmentCents: number;
}

export const NO_SHIPPING_ADJUSTMENTS: ShippingAdjustments = { freeShippingThresholdCents: null, adjustmentCents: 0 };

export function estimateText(estimate: DeliveryEstimate | null): string {
  if (!estimate) return 'Delivery time varies';
  return estimate.minDays === estimate.maxDays
    ? `Delivery in ${estimate.minDays} business day${estimate.minDays === 1 ? '' : 's'}`
    : `Delivery in ${estimate.minDays}–${estimate.maxDays} business days`;
}

/** The table's price of one method for the cart: the dearest first item, then every other item's additional rate. */
function tablePrice(lines: readonly ShippingLine[], region: ShippingRegion, factor: number): number {
  const units = lines.filter((line) => line.quantity > 0);
  if (units.length === 0) return 0;
  const rates = units.map((line) => STANDARD_RATES[line.type][region]);
  let firstIndex = 0;
  rates.forEach(([first], index) => {
    if (first > rates[firstIndex]![0]) firstIndex = index;
  });
  let total = 0;
  units.forEach((line, index) => {
    const [first, additional] = rates[index]!;
    total += index === firstIndex ? first + additional * (line.quantity - 1) : additional * line.quantity;
  });
  return Math.round(total * factor);
}

/** The built-in table's options for a cart going to a country, before the owner's adjustments. */
export function tableShippingOptions(lines: readonly ShippingLine[], country: string): ShippingOption[] {
  const region = shippingRegionOf(country);
  const methods: Array<[ShippingMethodId, number]> = [['standard', 1]];
  const express = EXPRESS_FACTOR[region];
  if (express) methods.push(['express', express]);
  return methods.map(([id, factor]) => {
    const estimate = ESTIMATES[region][id] ?? null;
    return {
      id,
      name: SHIPPING_METHOD_NAMES[id],
      amountCents: tablePrice(lines, region, factor),
      estimate,
      estimateText: estimateText(estimate),
      free: false,
    };
  });
}

/**
 * The owner's settings applied to quoted options: the flat adjustment on every option, then
 * Standard (the cheapest option) free once the items subtotal reaches the threshold.
 */
export function adjustShippingOptions(
  options: readonly ShippingOption[],
  subtotalCents: number,
  settings: ShippingAdjustments,
): ShippingOption[] {
  const adjusted = options.map((option) => ({
    ...option,
    amountCents: Math.max(0, option.amountCents + settings.adjustmentCents),
  }));
  const threshold = settings.freeShippingThresholdCents;
  if (threshold === null || subtotalCents < threshold || adjusted.length === 0) return adjusted;
  const cheapest = adjusted.reduce((best, option) => (option.amountCents < best.amountCents ? option : best));
  return adjusted.map((option) => (option === cheapest ? { ...option, amountCents: 0, free: true } : option));
}

/** How far the items are from free shipping, in cents; null when there is no threshold or it is reached. */
export function freeShippingShortfall(subtotalCents: number, settings: ShippingAdjustments): number | null {
  const threshold = settings.freeShippingThresholdCents;
  if (threshold === null || subtotalCents >= threshold) return null;
  return threshold - subtotalCents;
}

/** Printful's shipping-rate answer (`POST /shipping/rates`), one entry per option. */
export interface PrintfulShippingRate {
  id: string;
  name: string;
  rate: string;
  currency: string;
  minDeliveryDays?: number;
  maxDeliveryDays?: number;
}

/** Printful's rates as our options, cheapest first; its name carries a date range we replace with our words. */
export function optionsFromPrintfulRates(rates: readonly PrintfulShippingRate[]): ShippingOption[] {
  return rates
    .map((rate) => {
      const id = rate.id.toLowerCase();
      const estimate =
        rate.minDeliveryDays && rate.maxDeliveryDays
          ? { minDays: rate.minDeliveryDays, maxDays: rate.maxDeliveryDays }
          : null;
      const known = SHIPPING_METHOD_NAMES[id as ShippingMethodId];
      const name = known ?? rate.name.replace(/\s*\(.*\)\s*$/, '').trim();
      return {
        id,
        name,
        amountCents: Math.round(Number.parseFloat(rate.rate) * 100),
        estimate,
        estimateText: estimateText(estimate),
        free: false,
      };
    })
    .filter((option) => Number.isFinite(option.amountCents) && option.amountCents >= 0)
    .sort((a, b) => a.amountCents - b.amountCents);
}

/** The id Printful's order takes for one of our options ('standard' → 'STANDARD'). */
export function printfulShippingId(methodId: string): string {
  return methodId.toUpperCase();
}
