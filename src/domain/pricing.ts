/**
 * The admin pricing rule (admin spec §5). Given a base cost and one of final price, markup
 * percent or markup dollars, the other two follow; `price` always equals the final price.
 */

export interface PricingInput {
  baseCost: number;
  finalPrice?: number | null;
  markupPercentage?: number | null;
  markupDollar?: number | null;
}

export interface Pricing {
  baseCost: number;
  markupPercentage: number;
  markupDollar: number;
  finalPrice: number;
  price: number;
}

const cents = (value: number) => Math.round(value * 100) / 100;

/** Pricing inputs are numeric with step 0.01; anything non-numeric counts as 0. */
export function toPriceNumber(value: unknown): number {
  const number = typeof value === 'number' ? value : Number.parseFloat(String(value ?? ''));
  return Number.isFinite(number) ? number : 0;
}

export function computePricing(input: PricingInput): Pricing {
  const base = toPriceNumber(input.baseCost);
  let markupDollar: number;
  let markupPercentage: number;
  let finalPrice: number;
  if (input.finalPrice != null) {
    finalPrice = toPriceNumber(input.finalPrice);
    markupDollar = finalPrice - base;
    markupPercentage = base > 0 ? (markupDollar / base) * 100 : 0;
  } else if (input.markupPercentage != null) {
    markupPercentage = toPriceNumber(input.markupPercentage);
    markupDollar = (base * markupPercentage) / 100;
    finalPrice = base + markupDollar;
  } else {
    markupDollar = toPriceNumber(input.markupDollar);
    markupPercentage = base > 0 ? (markupDollar / base) * 100 : 0;
    finalPrice = base + markupDollar;
  }
  const final = cents(finalPrice);
  return {
    baseCost: cents(base),
    markupPercentage: cents(markupPercentage),
    markupDollar: cents(markupDollar),
    finalPrice: final,
    price: final,
  };
}

/** Shop prices end in .99, the way a buyer expects to see them. */
export function charmPrice(amount: number): number {
  return Math.max(0.99, Math.ceil(amount) - 0.01);
}

/**
 * A product new to the store: its base cost marked up by the given percentage, then rounded
 * up to the shop's .99 price, the markup following from that price. The seed and a variant
 * added from the catalog are priced alike.
 */
export function newProductPricing(baseCost: number, markupPercentage: number): Pricing {
  const base = toPriceNumber(baseCost);
  return computePricing({ baseCost: base, finalPrice: charmPrice(base * (1 + markupPercentage / 100)) });
}
