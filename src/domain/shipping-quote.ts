/**
 * The owner's shipping and tax settings, and the quote a cart gets for an address
 * (`POST /api/checkout/quote`): its shipping options and, for the chosen one, the order's
 * amounts. The server computes both; the browser only shows them.
 */
import { z } from 'zod';
import { MAX_PAYMENT_CENTS } from './money.js';
import type { ShippingOption } from './shipping.js';
import { DEFAULT_TAX_RULES, taxRulesSchema, type OrderAmounts, type TaxRule } from './tax.js';
import { wholeNumber } from './whole-number.js';

export interface ShippingTaxSettings {
  /** Cents; null: no free shipping. */
  freeShippingThresholdCents: number | null;
  /** Cents added to every option (negative lowers them). */
  shippingAdjustmentCents: number;
  taxRules: TaxRule[];
  /** Stripe Tax computes the tax instead of the rules, when Stripe is the payment provider. */
  stripeTaxEnabled: boolean;
}

export const SHIPPING_TAX_DEFAULTS: ShippingTaxSettings = {
  freeShippingThresholdCents: null,
  shippingAdjustmentCents: 0,
  taxRules: [...DEFAULT_TAX_RULES],
  stripeTaxEnabled: false,
};

export const SHIPPING_SETTINGS_MESSAGES = {
  threshold: 'The free-shipping threshold is an amount of at least $0.01, or empty for none',
  adjustment: 'The shipping adjustment is between -$100.00 and $100.00',
  saved: 'Shipping and tax saved',
} as const;

export const shippingTaxSettingsSchema = z.object({
  freeShippingThresholdCents: wholeNumber(1, MAX_PAYMENT_CENTS, SHIPPING_SETTINGS_MESSAGES.threshold).nullable(),
  shippingAdjustmentCents: wholeNumber(-10_000, 10_000, SHIPPING_SETTINGS_MESSAGES.adjustment),
  taxRules: taxRulesSchema,
  stripeTaxEnabled: z.boolean(),
});

export const shippingTaxSettingsUpdateSchema = shippingTaxSettingsSchema.partial();
export type ShippingTaxSettingsUpdate = z.infer<typeof shippingTaxSettingsUpdateSchema>;

/** Where a quote's options came from: Printful's rate API, or the built-in table (offline, or Printful failing). */
export type ShippingSource = 'printful' | 'table';
/** Who computed the tax. */
export type TaxSource = 'rules' | 'stripe';

export interface ShippingQuote {
  options: ShippingOption[];
  /** The option the amounts are for: the one asked for if offered, else the cheapest. */
  selected: ShippingOption;
  amounts: OrderAmounts;
  shippingSource: ShippingSource;
  taxSource: TaxSource;
  /** Cents still to add for free shipping, or null. */
  freeShippingShortfallCents: number | null;
  currency: string;
}

export const SHIPPING_MESSAGES = {
  optionUnavailable: 'The shipping option you chose is not available for this address. Please choose again.',
  quoteFailed: 'Shipping could not be calculated. Please try again.',
} as const;

export const shippingMethodSchema = z
  .string({ error: SHIPPING_MESSAGES.optionUnavailable })
  .trim()
  .toLowerCase()
  .regex(/^[a-z0-9_-]{1,40}$/, { error: SHIPPING_MESSAGES.optionUnavailable });

export const SHIPPING_STEP_TEXT = {
  title: 'Shipping',
  choose: 'Choose how your order is shipped',
  free: 'Free',
  freeShippingLeft: (amount: string) => `Add ${amount} more for free standard shipping`,
  freeShippingReached: 'Your order ships free with Standard',
  loading: 'Calculating shipping…',
  requoted: 'Shipping was recalculated for the new address.',
} as const;

/** The words an order summary uses for its lines. */
export const SUMMARY_TEXT = {
  items: 'Items',
  shipping: 'Shipping',
  tax: 'Tax',
  total: 'Total',
  shippingLater: 'Calculated at the next step',
} as const;
