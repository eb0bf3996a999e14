/**
 * What a cart costs delivered to an address (issue 33): its shipping options — Printful's
 * rates when Printful is live, else the built-in table, and the table again when Printful
 * fails (never free shipping) — with the owner's adjustment and free-shipping threshold, and
 * the tax for the chosen option — Stripe Tax when the owner enabled it and Stripe takes the
 * payments, else the owner's rules. Checkout calls this again itself: a quote shown to the
 * visitor is never taken from the browser.
 */
import type { QuoteAddress } from '../../../domain/checkout.js';
import { DEFAULT_CURRENCY, dollarsToCents, lineTotalCents } from '../../../domain/money.js';
import {
  SHIPPING_MESSAGES,
  type ShippingQuote,
  type ShippingSource,
  type ShippingTaxSettings,
  type TaxSource,
} from '../../../domain/shipping-quote.js';
import {
  adjustShippingOptions,
  freeShippingShortfall,
  optionsFromPrintfulRates,
  shippingTypeOf,
  tableShippingOptions,
  type PrintfulShippingRate,
  type ShippingOption,
} from '../../../domain/shipping.js';
import { orderAmounts, taxRuleFor, type OrderAmounts } from '../../../domain/tax.js';
import type { AppContext } from '../../context.js';
import { printfulClient } from '../../infra/printful/client.js';
import { HttpError } from '../../http/errors.js';
import type { PhysicalItemRow } from '../catalog/index.js';
import { activePaymentProviderId, stripeTaxAmounts } from '../payments/index.js';
import { readShippingTaxSettings } from '../shop-settings/index.js';

type ProductRow = PhysicalItemRow;

export interface QuoteLine {
  product: ProductRow;
  quantity: number;
}

/** A quote and the line totals it was made from, in cents. */
export interface PricedQuote extends ShippingQuote {
  lineTotalsCents: number[];
}

/** A visitor waits on this answer: one quick try, then the table. */
const PRINTFUL_RATES_CALL = { maxRetries: 1, timeoutMs: 8_000 };

async function printfulOptions(
  context: AppContext,
  lines: readonly QuoteLine[],
  address: QuoteAddress,
): Promise<ShippingOption[] | null> {
  const printful = context.config.printful;
  if (!printful) return null;
  if (lines.some((line) => !line.product.printful_variant_id)) return null;
  const state = address.state.trim();
  try {
    const rates = await printfulClient(printful).post<PrintfulShippingRate[]>(
      '/shipping/rates',
      {
        recipient: {
          address1: address.line1 || undefined,
          city: address.city || undefined,
          country_code: address.country,
          state_code: state && state.length <= 3 ? state.toUpperCase() : undefined,
          zip: address.postalCode || undefined,
        },
        items: lines.map((line) => ({ variant_id: line.product.printful_variant_id, quantity: line.quantity })),
        currency: DEFAULT_CURRENCY,
        locale: 'en_US',
      },
      PRINTFUL_RATES_CALL,
    );
    const options = optionsFromPrintfulRates(rates);
    if (options.length === 0) throw new Error('Printful offered no shipping option');
    return options;
  } catch (error) {
    context.log.warn(
      { err: error, country: address.country },
      'Printful shipping rates failed; quoting from the shop’s rate table',
    );
    return null;
  }
}

async function shippingOptions(
  context: AppContext,
  lines: readonly QuoteLine[],
  address: QuoteAddress,
): Promise<{ options: ShippingOption[]; source: ShippingSource }> {
  const fromPrintful = await printfulOptions(context, lines, address);
  if (fromPrintful) return { options: fromPrintful, source: 'printful' };
  const table = tableShippingOptions(
    lines.map((line) => ({ type: shippingTypeOf(line.product), quantity: line.quantity })),
    address.country,
  );
  return { options: table, source: 'table' };
}

async function taxFor(
  context: AppContext,
  settings: ShippingTaxSettings,
  lineTotalsCents: number[],
  shippingCents: number,
  address: QuoteAddress,
): Promise<{ amounts: OrderAmounts; source: TaxSource }> {
  const rule = taxRuleFor(settings.taxRules, address.country, address.state);
  if (settings.stripeTaxEnabled && activePaymentProviderId(context) === 'stripe') {
    try {
      const amounts = await stripeTaxAmounts(context, {
        lineTotalsCents,
        shippingCents,
        inclusive: rule?.inclusive ?? false,
        address,
      });
      return { amounts, source: 'stripe' };
    } catch (error) {
      context.log.warn({ err: error, country: address.country }, 'Stripe Tax failed; taxing by the shop’s rules');
    }
  }
  return { amounts: orderAmounts(lineTotalsCents, shippingCents, rule), source: 'rules' };
}

/**
 * The quote for lines going to an address, for the option asked for. An option asked for but
 * not offered here (the address changed since it was chosen) is refused when `strict`, so that
 * checkout never charges for an option the visitor did not see; the quote endpoint answers the
 * cheapest instead.
 */
export async function quoteLines(
  context: AppContext,
  lines: readonly QuoteLine[],
  address: QuoteAddress,
  shippingMethod: string | undefined,
  { strict = false }: { strict?: boolean } = {},
): Promise<PricedQuote> {
  const settings = await readShippingTaxSettings(context);
  const lineTotalsCents = lines.map((line) =>
    lineTotalCents(dollarsToCents(line.product.final_price ?? 0), line.quantity),
  );
  const subtotalCents = lineTotalsCents.reduce((sum, line) => sum + line, 0);
  const quoted = await shippingOptions(context, lines, address);
  const options = adjustShippingOptions(quoted.options, subtotalCents, {
    freeShippingThresholdCents: settings.freeShippingThresholdCents,
    adjustmentCents: settings.shippingAdjustmentCents,
  });
  const asked = shippingMethod ? options.find((option) => option.id === shippingMethod) : undefined;
  if (shippingMethod && !asked && strict) throw new HttpError(409, SHIPPING_MESSAGES.optionUnavailable);
  const selected = asked ?? options.reduce((best, option) => (option.amountCents < best.amountCents ? option : best));
  const { amounts, source } = await taxFor(context, settings, lineTotalsCents, selected.amountCents, address);
  return {
    options,
    selected,
    amounts,
    shippingSource: quoted.source,
    taxSource: source,
    freeShippingShortfallCents: freeShippingShortfall(subtotalCents, {
      freeShippingThresholdCents: settings.freeShippingThresholdCents,
      adjustmentCents: settings.shippingAdjustmentCents,
    }),
    currency: DEFAULT_CURRENCY,
    lineTotalsCents,
  };
}
