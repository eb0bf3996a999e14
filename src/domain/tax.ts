/**
 * Tax (issue 33): the owner's rules per country, and per US state or Canadian province, each a
 * rate and whether the shop's prices already include it. EU VAT, UK VAT, Australian and New
 * Zealand GST are included in the price shown; US sales tax and Canadian GST/HST are added at
 * checkout. Tax is rounded per line to the cent, as Stripe does, shipping being one line.
 */
import { z } from 'zod';

export interface TaxRule {
  /** ISO 3166-1 alpha-2. */
  country: string;
  /** A US state or Canadian province code; null: the whole country. */
  region: string | null;
  /** 'VAT', 'GST', 'Sales tax', … as the receipt names it. */
  name: string;
  /** Percent, up to three decimals (14.975 for Québec). */
  ratePercent: number;
  /** Prices shown already include it (VAT, GST); otherwise it is added on top. */
  inclusive: boolean;
  /** Whether shipping is taxed too. */
  taxShipping: boolean;
}

export const TAX_MESSAGES = {
  country: 'Choose a country for each tax rule',
  rate: 'A tax rate is between 0 and 30 percent',
  name: 'Give each tax rule a name (VAT, GST, Sales tax)',
  duplicate: 'Two tax rules cover the same place',
} as const;

export const taxRuleSchema = z.object({
  country: z
    .string({ error: TAX_MESSAGES.country })
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{2}$/, { error: TAX_MESSAGES.country }),
  region: z
    .string()
    .trim()
    .toUpperCase()
    .max(3)
    .nullish()
    .transform((value) => (value ? value : null)),
  name: z.string({ error: TAX_MESSAGES.name }).trim().min(1, { error: TAX_MESSAGES.name }).max(40),
  ratePercent: z
    .number({ error: TAX_MESSAGES.rate })
    .min(0, { error: TAX_MESSAGES.rate })
    .max(30, { error: TAX_MESSAGES.rate })
    .transform((rate) => Math.round(rate * 1000) / 1000),
  inclusive: z.boolean(),
  taxShipping: z.boolean(),
});

export const taxRulesSchema = z
  .array(taxRuleSchema)
  .max(300)
  .superRefine((rules, context) => {
    const seen = new Set<string>();
    for (const rule of rules) {
      const key = `${rule.country}:${rule.region ?? ''}`;
      if (seen.has(key)) context.addIssue({ code: 'custom', message: TAX_MESSAGES.duplicate });
      seen.add(key);
    }
  });

const vat = (country: string, ratePercent: number): TaxRule => ({
  country,
  region: null,
  name: 'VAT',
  ratePercent,
  inclusive: true,
  taxShipping: true,
});
const added = (country: string, region: string, name: string, ratePercent: number, taxShipping: boolean): TaxRule => ({
  country,
  region,
  name,
  ratePercent,
  inclusive: false,
  taxShipping,
});

/**
 * Where a new shop starts: the standard VAT of every EU country and the UK, GST in Australia
 * and New Zealand (all included in the price), Canada's GST/HST (+PST/QST) by province and the
 * base sales tax of the largest US states (added). The owner edits them in Settings.
 */
export const DEFAULT_TAX_RULES: readonly TaxRule[] = [
  vat('AT', 20),
  vat('BE', 21),
  vat('BG', 20),
  vat('HR', 25),
  vat('CY', 19),
  vat('CZ', 21),
  vat('DK', 25),
  vat('EE', 24),
  vat('FI', 25.5),
  vat('FR', 20),
  vat('DE', 19),
  vat('GR', 24),
  vat('HU', 27),
  vat('IE', 23),
  vat('IT', 22),
  vat('LV', 21),
  vat('LT', 21),
  vat('LU', 17),
  vat('MT', 18),
  vat('NL', 21),
  vat('PL', 23),
  vat('PT', 23),
  vat('RO', 21),
  vat('SK', 23),
  vat('SI', 22),
  vat('ES', 21),
  vat('SE', 25),
  vat('GB', 20),
  { ...vat('AU', 10), name: 'GST' },
  { ...vat('NZ', 15), name: 'GST' },
  added('CA', 'AB', 'GST', 5, true),
  added('CA', 'BC', 'GST + PST', 12, true),
  added('CA', 'MB', 'GST + PST', 12, true),
  added('CA', 'NB', 'HST', 15, true),
  added('CA', 'NL', 'HST', 15, true),
  added('CA', 'NS', 'HST', 14, true),
  added('CA', 'NT', 'GST', 5, true),
  added('CA', 'NU', 'GST', 5, true),
  added('CA', 'ON', 'HST', 13, true),
  added('CA', 'PE', 'HST', 15, true),
  added('CA', 'QC', 'GST + QST', 14.975, true),
  added('CA', 'SK', 'GST + PST', 11, true),
  added('CA', 'YT', 'GST', 5, true),
  added('US', 'CA', 'Sales tax', 7.25, false),
  added('US', 'FL', 'Sales tax', 6, true),
  added('US', 'IL', 'Sales tax', 6.25, true),
  added('US', 'NY', 'Sales tax', 4, true),
  added('US', 'PA', 'Sales tax', 6, true),
  added('US', 'TX', 'Sales tax', 6.25, true),
  added('US', 'WA', 'Sales tax', 6.5, true),
];

/** The rule for an address: its state's or province's own, else its country's, else none. */
export function taxRuleFor(rules: readonly TaxRule[], country: string, state: string | null): TaxRule | null {
  const code = country.trim().toUpperCase();
  const region = state?.trim().toUpperCase() ?? '';
  return (
    (region && rules.find((rule) => rule.country === code && rule.region === region)) ||
    rules.find((rule) => rule.country === code && rule.region === null) ||
    null
  );
}

/** Parts per million: 7.25 % → 72 500, so that cents × rate stays an exact integer. */
function ppm(ratePercent: number): number {
  return Math.round(ratePercent * 10_000);
}

/** a / b rounded half up, for non-negative integers. */
function divideRounded(a: number, b: number): number {
  return Math.floor((2 * a + b) / (2 * b));
}

/** The tax in one line of `amountCents`, to the cent. */
export function lineTax(amountCents: number, ratePercent: number, inclusive: boolean): number {
  const rate = ppm(ratePercent);
  if (rate === 0 || amountCents <= 0) return 0;
  if (!inclusive) return divideRounded(amountCents * rate, 1_000_000);
  return amountCents - divideRounded(amountCents * 1_000_000, 1_000_000 + rate);
}

/** The tax applied to an order, kept on it and shown beside the amount. */
export interface AppliedTax {
  name: string;
  ratePercent: number;
  inclusive: boolean;
  shippingTaxed: boolean;
}

/** An order's money, all in cents: what every page, e-mail, export and refund reads. */
export interface OrderAmounts {
  subtotalCents: number;
  shippingCents: number;
  /** Included in the prices (inclusive) or added to them. */
  taxCents: number;
  /** Items + shipping + tax when added; items + shipping when included. */
  totalCents: number;
  tax: AppliedTax | null;
}

/** Items and shipping with a rule's tax: per line, rounded to the cent. */
export function orderAmounts(
  lineTotalsCents: readonly number[],
  shippingCents: number,
  rule: TaxRule | null,
): OrderAmounts {
  const subtotalCents = lineTotalsCents.reduce((sum, line) => sum + line, 0);
  if (!rule || rule.ratePercent === 0) {
    return { subtotalCents, shippingCents, taxCents: 0, totalCents: subtotalCents + shippingCents, tax: null };
  }
  const taxed = rule.taxShipping ? [...lineTotalsCents, shippingCents] : lineTotalsCents;
  const taxCents = taxed.reduce((sum, amount) => sum + lineTax(amount, rule.ratePercent, rule.inclusive), 0);
  return {
    subtotalCents,
    shippingCents,
    taxCents,
    totalCents: subtotalCents + shippingCents + (rule.inclusive ? 0 : taxCents),
    tax: { name: rule.name, ratePercent: rule.ratePercent, inclusive: rule.inclusive, shippingTaxed: rule.taxShipping },
  };
}

/** 'VAT 21% (included)', 'Sales tax 7.25%'. */
export function taxLabel(tax: Pick<AppliedTax, 'name' | 'ratePercent' | 'inclusive'>): string {
  const rate = `${Number(tax.ratePercent.toFixed(3))}%`;
  return tax.inclusive ? `${tax.name} ${rate} (included)` : `${tax.name} ${rate}`;
}

/**
 * What a refund gives back of each part: shipping is refundable like the items, and the tax
 * in proportion to the amount refunded (per cent of the total, rounded to the cent).
 */
export function refundTaxShare(refundCents: number, order: { totalCents: number; taxCents: number }): number {
  if (order.totalCents <= 0 || order.taxCents <= 0) return 0;
  return divideRounded(refundCents * order.taxCents, order.totalCents);
}
