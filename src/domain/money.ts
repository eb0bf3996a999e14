/** Money: stored in cents, shown as dollars with 2 decimals (spec storefront §9). */

export const DEFAULT_CURRENCY = 'USD';

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
