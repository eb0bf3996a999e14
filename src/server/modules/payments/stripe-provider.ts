/**
 * Stripe: PaymentIntents created with an idempotency key from our order, and signed
 * webhooks verified on the raw body. `STRIPE_API_BASE` points the client elsewhere (the
 * tests' local fake speaks Stripe's JSON).
 */
import type Stripe from 'stripe';
import { DEFAULT_CURRENCY } from '../../../domain/money.js';
import type { OrderAmounts } from '../../../domain/tax.js';
import type { Config } from '../../config.js';
import type { AppContext } from '../../context.js';
import { HttpError } from '../../http/errors.js';
import { applyPaymentEvent, type AppliedPaymentEvent, type PaymentEvent } from './events.js';
import { PaymentProviderError, type PaymentProvider } from './provider.js';

type StripeConfig = NonNullable<Config['stripe']>;

/** Stripe's library (250 files) loads when first needed: a shop without Stripe starts without it. */
let stripeLibrary: typeof Stripe | undefined;
const loadStripe = async () => (stripeLibrary ??= (await import('stripe')).default);

export async function createStripeClient(config: StripeConfig): Promise<Stripe> {
  const base = config.apiBase ? new URL(config.apiBase) : null;
  const StripeClient = await loadStripe();
  return new StripeClient(config.secretKey, {
    ...(base
      ? {
          host: base.hostname,
          port: base.port || (base.protocol === 'http:' ? 80 : 443),
          protocol: base.protocol === 'http:' ? 'http' : 'https',
        }
      : {}),
    maxNetworkRetries: 2,
    timeout: 20_000,
    appInfo: { name: 'Wanderer' },
  });
}

/** Stripe's errors, turned into ours in one place: card and request problems may be shown. */
export function toPaymentProviderError(error: unknown): PaymentProviderError {
  // Only a call through the library can have failed with its error, so it is loaded by now.
  if (stripeLibrary && error instanceof stripeLibrary.errors.StripeError) {
    const visible =
      error.type === 'StripeCardError' || error.type === 'StripeInvalidRequestError' ? error.message : null;
    return new PaymentProviderError(`Stripe: ${error.message}`, visible, { cause: error });
  }
  return new PaymentProviderError(error instanceof Error ? error.message : String(error), null, { cause: error });
}

/** The PaymentIntent statuses in which it still takes a card; `processing` and `succeeded` have money moving. */
const REOPENABLE = new Set<Stripe.PaymentIntent.Status>([
  'requires_payment_method',
  'requires_confirmation',
  'requires_action',
]);

/** The statuses in which Stripe lets a PaymentIntent be cancelled (no money has moved yet). */
const CANCELABLE = new Set<Stripe.PaymentIntent.Status>([...REOPENABLE, 'requires_capture']);

const clients = new WeakMap<AppContext, { secretKey: string; stripe: Promise<Stripe> }>();

/** The client for the keys in use now: a key saved in Settings replaces the client at once. */
async function stripeFor(context: AppContext): Promise<{ stripe: Stripe; config: StripeConfig }> {
  const config = context.config.stripe;
  if (!config) throw new Error('Stripe is not configured');
  let client = clients.get(context);
  if (client?.secretKey !== config.secretKey) {
    client = { secretKey: config.secretKey, stripe: createStripeClient(config) };
    clients.set(context, client);
  }
  return { stripe: await client.stripe, config };
}

export function createStripePaymentProvider(context: AppContext): PaymentProvider {
  return {
    id: 'stripe',
    createsLocally: false,
    async createPayment(input) {
      const { stripe } = await stripeFor(context);
      try {
        const intent = await stripe.paymentIntents.create(
          {
            amount: input.amount,
            currency: input.currency.toLowerCase(),
            automatic_payment_methods: { enabled: true },
            // No receipt_email: Stripe would mail its own receipt beside our confirmation.
            metadata: { order_id: input.orderId },
          },
          { idempotencyKey: input.idempotencyKey },
        );
        if (!intent.client_secret) throw new PaymentProviderError('Stripe returned no client secret', null);
        return { paymentIntentId: intent.id, clientSecret: intent.client_secret };
      } catch (error) {
        throw error instanceof PaymentProviderError ? error : toPaymentProviderError(error);
      }
    },
    async retrievePayment(paymentIntentId) {
      const { stripe } = await stripeFor(context);
      try {
        const intent = await stripe.paymentIntents.retrieve(paymentIntentId);
        return {
          id: intent.id,
          status: intent.status,
          amount: intent.amount_received || intent.amount,
          currency: intent.currency,
          orderId: intent.metadata?.order_id ?? null,
          error: intent.last_payment_error?.message ?? null,
        };
      } catch (error) {
        throw toPaymentProviderError(error);
      }
    },
    async reopenPayment(paymentIntentId) {
      const { stripe } = await stripeFor(context);
      try {
        const intent = await stripe.paymentIntents.retrieve(paymentIntentId);
        if (REOPENABLE.has(intent.status) && intent.client_secret) {
          return { state: 'open', clientSecret: intent.client_secret };
        }
        return intent.status === 'canceled' ? { state: 'closed' } : { state: 'settling' };
      } catch (error) {
        throw toPaymentProviderError(error);
      }
    },
    async cancelPayment(paymentIntentId) {
      const { stripe } = await stripeFor(context);
      try {
        const intent = await stripe.paymentIntents.retrieve(paymentIntentId);
        if (!CANCELABLE.has(intent.status)) return;
        await stripe.paymentIntents.cancel(paymentIntentId, { cancellation_reason: 'abandoned' });
      } catch (error) {
        throw toPaymentProviderError(error);
      }
    },
    async refund(input) {
      const { stripe } = await stripeFor(context);
      try {
        const refund = await stripe.refunds.create(
          { payment_intent: input.paymentIntentId, amount: input.amount, metadata: { order_id: input.orderId } },
          { idempotencyKey: input.idempotencyKey },
        );
        if (refund.status === 'failed' || refund.status === 'canceled') {
          throw new PaymentProviderError(`Stripe refund ${refund.id} ${refund.status}`, `The refund ${refund.status}`);
        }
        return { refundId: refund.id };
      } catch (error) {
        throw error instanceof PaymentProviderError ? error : toPaymentProviderError(error);
      }
    },
  };
}

interface PaymentIntentObject {
  id: string;
  object: string;
  amount: number;
  amount_received?: number;
  currency: string;
  metadata?: Record<string, string>;
  last_payment_error?: { message?: string } | null;
  cancellation_reason?: string | null;
}

/**
 * `POST /api/payments/stripe/webhook`: verifies the signature on the untouched body, then
 * applies payment events through the shared path. A bad signature changes nothing (400).
 */
export async function handleStripeWebhook(
  context: AppContext,
  rawBody: Buffer,
  signature: string | undefined,
  requestId: string,
): Promise<AppliedPaymentEvent | { ignored: true }> {
  if (!context.config.stripe) throw new HttpError(404, 'Not found');
  const { stripe, config } = await stripeFor(context);
  if (!config.webhookSecret) {
    context.log.error('a Stripe webhook arrived but STRIPE_WEBHOOK_SECRET is not set');
    throw new HttpError(400, 'Webhook secret is not configured');
  }
  let event: Stripe.Event;
  try {
    event = stripe.webhooks.constructEvent(rawBody, signature ?? '', config.webhookSecret);
  } catch (error) {
    // The reason and the request alone: Stripe's error carries the whole body and the
    // signature header, which anyone may fill with whatever they like, as large as they like.
    const reason = error instanceof Error ? error.message.split('\n')[0]!.slice(0, 200) : 'unknown';
    context.log.warn({ reason, request: requestId }, 'Stripe webhook with a bad signature refused');
    throw new HttpError(400, 'Invalid signature');
  }
  const object = event.data.object as unknown as PaymentIntentObject;
  if (!event.type.startsWith('payment_intent.') || object.object !== 'payment_intent') return { ignored: true };
  const paymentEvent: PaymentEvent = {
    id: event.id,
    provider: 'stripe',
    type: event.type,
    paymentIntentId: object.id,
    orderId: object.metadata?.order_id ?? null,
    amount: object.amount_received || object.amount,
    currency: object.currency,
    error:
      object.last_payment_error?.message ??
      (object.cancellation_reason ? `Canceled: ${object.cancellation_reason}` : null),
    payload: { type: event.type, created: event.created, payment_intent: object.id },
  };
  return applyPaymentEvent(context, createStripePaymentProvider(context), paymentEvent);
}

export interface StripeTaxInput {
  lineTotalsCents: number[];
  shippingCents: number;
  /** The shop's prices include the tax where it is shown included (EU VAT, …). */
  inclusive: boolean;
  address: { country: string; state: string; postalCode: string; city: string; line1: string };
}

/**
 * Stripe Tax (`POST /v1/tax/calculations`): the tax of each line and of shipping, rounded by
 * Stripe per line, for the shipping address. The rate shown is Stripe's for the items.
 */
export async function stripeTaxAmounts(context: AppContext, input: StripeTaxInput): Promise<OrderAmounts> {
  const { stripe } = await stripeFor(context);
  const behavior = input.inclusive ? 'inclusive' : 'exclusive';
  const { address } = input;
  let calculation: Stripe.Tax.Calculation;
  try {
    calculation = await stripe.tax.calculations.create({
      currency: DEFAULT_CURRENCY.toLowerCase(),
      line_items: input.lineTotalsCents.map((amount, index) => ({
        amount,
        reference: `line-${index + 1}`,
        tax_behavior: behavior,
      })),
      shipping_cost: { amount: input.shippingCents, tax_behavior: behavior },
      customer_details: {
        address: {
          country: address.country,
          ...(address.state ? { state: address.state } : {}),
          ...(address.postalCode ? { postal_code: address.postalCode } : {}),
          ...(address.city ? { city: address.city } : {}),
          ...(address.line1 ? { line1: address.line1 } : {}),
        },
        address_source: 'shipping',
      },
    });
  } catch (error) {
    throw toPaymentProviderError(error);
  }
  const subtotalCents = input.lineTotalsCents.reduce((sum, line) => sum + line, 0);
  const taxCents = input.inclusive ? calculation.tax_amount_inclusive : calculation.tax_amount_exclusive;
  const taxed = calculation.tax_breakdown.find((part) => part.amount > 0);
  const shippingTaxed = (calculation.shipping_cost?.amount_tax ?? 0) > 0;
  return {
    subtotalCents,
    shippingCents: input.shippingCents,
    taxCents,
    totalCents: subtotalCents + input.shippingCents + (input.inclusive ? 0 : taxCents),
    tax:
      taxCents > 0 && taxed
        ? {
            name: stripeTaxName(taxed.tax_rate_details.tax_type),
            ratePercent: Number(taxed.tax_rate_details.percentage_decimal),
            inclusive: input.inclusive,
            shippingTaxed,
          }
        : null,
  };
}

function stripeTaxName(type: string | null): string {
  switch (type) {
    case 'vat':
      return 'VAT';
    case 'gst':
      return 'GST';
    case 'hst':
      return 'HST';
    case 'sales_tax':
      return 'Sales tax';
    default:
      return 'Tax';
  }
}
