/** Money: stored in cents, shown as dollars with 2 decimals (spec storefront §9). */

export const DEFAULT_CURRENCY = 'USD';

/**
 * The most one payment may be: Stripe takes at most eight digits of cents ($999,999.99) in one
 * charge, so a cart above it could never be paid. Checkout refuses it before writing anything.
 */
export const MAX_PAYMENT_CENTS = 99_999_999;

/**
 * The highest price a product may have, in dollars. Ninety-nine of the dearest product on
 * fifty lines stays within what a database `bigint` holds many times over, and a single line
 * within one payment.
 */
export const MAX_PRODUCT_PRICE = 99_999.99;

export const MONEY_MESSAGES = {
  priceTooHigh: `The final price can be at most $${MAX_PRODUCT_PRICE.toLocaleString('en-US')}.`,
  totalTooHigh: `An order can total at most $${(MAX_PAYMENT_CENTS / 100).toLocaleString('en-US')}. Please lower a quantity or remove a product.`,
} as const;

export function dollarsToCents(dollars: number): number {
  return Math.round(dollars * 100);
}

export function centsToDollars(cents: number): number {
  return cents / 100;
}

const formatters = new Map<string, Intl.NumberFormat>();

/** Formats an amount in cents per its currency code: 2599 → "$25.99". */
export function formatCents(cents: number, currency: string = DEFAULT_CURRENCY): string {
  return formatDollars(centsToDollars(cents), currency);
}

/** Formats an amount in dollars (a product's final_price): 25.99 → "$25.99". */
export function formatDollars(amount: number, currency: string = DEFAULT_CURRENCY): string {
  const code = currency.toUpperCase();
  let formatter = formatters.get(code);
  if (!formatter) {
    formatter = new Intl.NumberFormat('en-US', { style: 'currency', currency: code, minimumFractionDigits: 2 });
    formatters.set(code, formatter);
  }
  return formatter.format(amount);
}

/** Line total in cents: unit price × quantity. */
export function lineTotalCents(unitPriceCents: number, quantity: number): number {
  return unitPriceCents * quantity;
}
