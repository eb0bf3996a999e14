/**
 * A local HTTP server speaking the part of Stripe's API the shop uses (PaymentIntents create
 * retrieve and cancel, refunds, with idempotency keys), so the real `stripe` client can be pointed at it.
 * The test drives the payment's fate and builds the matching events to sign.
 */
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import Stripe from 'stripe';

export interface FakePaymentIntent {
  id: string;
  object: 'payment_intent';
  amount: number;
  amount_received: number;
  currency: string;
  status: string;
  client_secret: string;
  metadata: Record<string, string>;
  automatic_payment_methods: { enabled: boolean } | null;
  receipt_email: string | null;
  last_payment_error: { code: string; message: string; type: string } | null;
  cancellation_reason: string | null;
  created: number;
  livemode: false;
}

export interface FakeStripeRequest {
  method: string;
  path: string;
  params: Record<string, unknown>;
  idempotencyKey: string | null;
  authorization: string | null;
}

export interface FakeRefund {
  id: string;
  object: 'refund';
  amount: number;
  currency: string;
  payment_intent: string;
  status: 'succeeded';
  metadata: Record<string, string>;
  created: number;
}

export interface FakeStripe {
  url: string;
  /** The shop's settings that send its Stripe calls here, signing webhooks with `webhookSecret`. */
  env(webhookSecret: string): Record<string, string>;
  requests: FakeStripeRequest[];
  paymentIntents: Map<string, FakePaymentIntent>;
  refunds: FakeRefund[];
  /** Makes the next create answer this HTTP status and Stripe error. */
  failNextCreate(status: number, error: { type: string; message: string; code?: string }): void;
  succeed(id: string): FakePaymentIntent;
  decline(id: string, message: string): FakePaymentIntent;
  /** A webhook event as Stripe sends it, for the payment's current state. */
  event(type: string, id: string, eventId?: string): Record<string, unknown>;
  close(): Promise<void>;
}

/** Stripe's form encoding (`metadata[order_id]=…`) back into an object. */
function parseForm(body: string): Record<string, unknown> {
  const result: Record<string, unknown> = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const path = key.replace(/\]/g, '').split('[');
    let target = result as Record<string, unknown>;
    for (const part of path.slice(0, -1)) target = (target[part] ??= {}) as Record<string, unknown>;
    target[path.at(-1)!] = value;
  }
  return result;
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * Stripe Tax's jurisdictions as the fake knows them (percent, type, whether shipping is
 * taxed): deliberately not the shop's default rules, so a test can tell who computed the tax.
 */
export const FAKE_STRIPE_TAX_RATES: Record<string, { percent: number; type: string; shipping: boolean }> = {
  'US-CA': { percent: 8.25, type: 'sales_tax', shipping: false },
  'US-NY': { percent: 8.875, type: 'sales_tax', shipping: true },
  BE: { percent: 21, type: 'vat', shipping: true },
  GB: { percent: 20, type: 'vat', shipping: true },
};

/** `POST /v1/tax/calculations`: per line, rounded half up to the cent, as Stripe does. */
function taxCalculation(params: Record<string, unknown>) {
  const details = params.customer_details as { address?: Record<string, string> } | undefined;
  const address = details?.address ?? {};
  const jurisdiction =
    FAKE_STRIPE_TAX_RATES[`${address.country}-${address.state}`] ?? FAKE_STRIPE_TAX_RATES[address.country ?? ''];
  const lineItems = Object.values((params.line_items as Record<string, Record<string, string>>) ?? {});
  const shipping = params.shipping_cost as Record<string, string> | undefined;
  const taxOf = (amount: number, behavior: string, taxable: boolean) => {
    if (!jurisdiction || !taxable) return 0;
    const rate = jurisdiction.percent / 100;
    return behavior === 'inclusive' ? amount - Math.round(amount / (1 + rate)) : Math.round(amount * rate);
  };
  const lines = lineItems.map((line) => {
    const amount = Number(line.amount);
    const behavior = line.tax_behavior ?? 'exclusive';
    return { amount, behavior, tax: taxOf(amount, behavior, true), reference: line.reference };
  });
  const shippingAmount = Number(shipping?.amount ?? 0);
  const shippingBehavior = shipping?.tax_behavior ?? 'exclusive';
  const shippingTax = taxOf(shippingAmount, shippingBehavior, jurisdiction?.shipping ?? false);
  const all = [...lines, { amount: shippingAmount, behavior: shippingBehavior, tax: shippingTax }];
  const exclusive = all.filter((line) => line.behavior === 'exclusive').reduce((sum, line) => sum + line.tax, 0);
  const inclusive = all.filter((line) => line.behavior === 'inclusive').reduce((sum, line) => sum + line.tax, 0);
  const amounts = all.reduce((sum, line) => sum + line.amount, 0);
  return {
    id: `taxcalc_${randomBytes(12).toString('hex')}`,
    object: 'tax.calculation',
    amount_total: amounts + exclusive,
    currency: String(params.currency),
    customer: null,
    customer_details: {
      address,
      address_source: 'shipping',
      ip_address: null,
      tax_ids: [],
      taxability_override: 'none',
    },
    expires_at: Math.floor(Date.now() / 1000) + 90 * 24 * 3600,
    livemode: false,
    ship_from_details: null,
    shipping_cost: shipping
      ? { amount: shippingAmount, amount_tax: shippingTax, shipping_rate: null, tax_behavior: shippingBehavior }
      : null,
    tax_amount_exclusive: exclusive,
    tax_amount_inclusive: inclusive,
    tax_breakdown: jurisdiction
      ? [
          {
            amount: exclusive + inclusive,
            inclusive: inclusive > 0,
            taxable_amount: amounts,
            taxability_reason: 'standard_rated',
            tax_rate_details: {
              country: address.country,
              state: address.state ?? null,
              percentage_decimal: jurisdiction.percent.toFixed(4),
              tax_type: jurisdiction.type,
              rate_type: 'percentage',
              flat_amount: null,
            },
          },
        ]
      : [],
    tax_date: Math.floor(Date.now() / 1000),
  };
}

const signer = new Stripe('sk_test_local');

/** Posts `payload` to the shop's Stripe webhook, signed with `secret` as Stripe signs it. */
export function deliverStripeWebhook(app: FastifyInstance, payload: string, secret: string) {
  return app.inject({
    method: 'POST',
    url: '/api/payments/stripe/webhook',
    headers: {
      'content-type': 'application/json',
      'stripe-signature': signer.webhooks.generateTestHeaderString({ payload, secret }),
    },
    payload,
  });
}

export async function startFakeStripe(): Promise<FakeStripe> {
  const paymentIntents = new Map<string, FakePaymentIntent>();
  const requests: FakeStripeRequest[] = [];
  const idempotent = new Map<string, FakePaymentIntent>();
  const refunds: FakeRefund[] = [];
  const idempotentRefunds = new Map<string, FakeRefund>();
  let nextCreateFailure: { status: number; error: { type: string; message: string; code?: string } } | null = null;

  const server: Server = createServer(async (request, response) => {
    const url = new URL(request.url ?? '/', 'http://fake');
    const params = parseForm(await readBody(request));
    const idempotencyKey = (request.headers['idempotency-key'] as string | undefined) ?? null;
    requests.push({
      method: request.method ?? 'GET',
      path: url.pathname,
      params,
      idempotencyKey,
      authorization: request.headers.authorization ?? null,
    });
    const send = (status: number, body: unknown) => {
      response.writeHead(status, {
        'content-type': 'application/json',
        'request-id': `req_${randomBytes(6).toString('hex')}`,
      });
      response.end(JSON.stringify(body));
    };
    const noSuchIntent = (id: string) =>
      send(404, {
        error: { type: 'invalid_request_error', code: 'resource_missing', message: `No such payment_intent: '${id}'` },
      });
    if (!request.headers.authorization?.startsWith('Bearer sk_')) {
      return send(401, { error: { type: 'invalid_request_error', message: 'Invalid API Key provided' } });
    }

    if (request.method === 'POST' && url.pathname === '/v1/payment_intents') {
      if (nextCreateFailure) {
        const { status, error } = nextCreateFailure;
        nextCreateFailure = null;
        return send(status, { error });
      }
      if (idempotencyKey && idempotent.has(idempotencyKey)) return send(200, idempotent.get(idempotencyKey));
      const id = `pi_${randomBytes(12).toString('hex')}`;
      const intent: FakePaymentIntent = {
        id,
        object: 'payment_intent',
        amount: Number(params.amount),
        amount_received: 0,
        currency: String(params.currency),
        status: 'requires_payment_method',
        client_secret: `${id}_secret_${randomBytes(12).toString('hex')}`,
        metadata: (params.metadata as Record<string, string>) ?? {},
        automatic_payment_methods: params.automatic_payment_methods
          ? { enabled: (params.automatic_payment_methods as { enabled: string }).enabled === 'true' }
          : null,
        receipt_email: (params.receipt_email as string) ?? null,
        last_payment_error: null,
        cancellation_reason: null,
        created: Math.floor(Date.now() / 1000),
        livemode: false,
      };
      paymentIntents.set(id, intent);
      if (idempotencyKey) idempotent.set(idempotencyKey, intent);
      return send(200, intent);
    }

    if (request.method === 'POST' && url.pathname === '/v1/refunds') {
      if (idempotencyKey && idempotentRefunds.has(idempotencyKey))
        return send(200, idempotentRefunds.get(idempotencyKey));
      const intent = paymentIntents.get(String(params.payment_intent));
      if (!intent) {
        return noSuchIntent(String(params.payment_intent));
      }
      if (intent.status !== 'succeeded') {
        return send(400, {
          error: {
            type: 'invalid_request_error',
            code: 'charge_not_refundable',
            message: 'This PaymentIntent has no successful charge to refund.',
          },
        });
      }
      const already = refunds
        .filter((refund) => refund.payment_intent === intent.id)
        .reduce((sum, refund) => sum + refund.amount, 0);
      const amount = params.amount === undefined ? intent.amount_received - already : Number(params.amount);
      if (amount <= 0 || already + amount > intent.amount_received) {
        return send(400, {
          error: {
            type: 'invalid_request_error',
            code: 'charge_already_refunded',
            message: `Refund amount (${amount}) is greater than unrefunded amount on charge (${intent.amount_received - already})`,
          },
        });
      }
      const refund: FakeRefund = {
        id: `re_${randomBytes(12).toString('hex')}`,
        object: 'refund',
        amount,
        currency: intent.currency,
        payment_intent: intent.id,
        status: 'succeeded',
        metadata: (params.metadata as Record<string, string>) ?? {},
        created: Math.floor(Date.now() / 1000),
      };
      refunds.push(refund);
      if (idempotencyKey) idempotentRefunds.set(idempotencyKey, refund);
      return send(200, refund);
    }

    const cancel = /^\/v1\/payment_intents\/([^/]+)\/cancel$/.exec(url.pathname);
    if (request.method === 'POST' && cancel) {
      const intent = paymentIntents.get(cancel[1]);
      if (!intent) {
        return noSuchIntent(cancel[1]);
      }
      if (intent.status === 'succeeded' || intent.status === 'canceled') {
        return send(400, {
          error: {
            type: 'invalid_request_error',
            code: 'payment_intent_unexpected_state',
            message: `You cannot cancel this PaymentIntent because it has a status of ${intent.status}.`,
          },
        });
      }
      Object.assign(intent, {
        status: 'canceled',
        cancellation_reason: (params.cancellation_reason as string | undefined) ?? null,
      });
      return send(200, intent);
    }

    if (request.method === 'POST' && url.pathname === '/v1/tax/calculations') return send(200, taxCalculation(params));

    const retrieve = /^\/v1\/payment_intents\/([^/]+)$/.exec(url.pathname);
    if (request.method === 'GET' && retrieve) {
      const intent = paymentIntents.get(retrieve[1]);
      if (!intent) {
        return noSuchIntent(retrieve[1]);
      }
      return send(200, intent);
    }
    return send(404, {
      error: {
        type: 'invalid_request_error',
        message: `Unrecognized request URL (${request.method}: ${url.pathname})`,
      },
    });
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  const intent = (id: string) => {
    const found = paymentIntents.get(id);
    if (!found) throw new Error(`no fake payment intent ${id}`);
    return found;
  };

  return {
    url: `http://127.0.0.1:${port}`,
    env: (webhookSecret) => ({
      STRIPE_SECRET_KEY: 'sk_test_local',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_local',
      STRIPE_WEBHOOK_SECRET: webhookSecret,
      STRIPE_API_BASE: `http://127.0.0.1:${port}`,
    }),
    requests,
    paymentIntents,
    refunds,
    failNextCreate(status, error) {
      nextCreateFailure = { status, error };
    },
    succeed(id) {
      const found = intent(id);
      Object.assign(found, { status: 'succeeded', amount_received: found.amount, last_payment_error: null });
      return found;
    },
    decline(id, message) {
      const found = intent(id);
      Object.assign(found, {
        status: 'requires_payment_method',
        last_payment_error: { code: 'card_declined', message, type: 'card_error' },
      });
      return found;
    },
    event(type, id, eventId = `evt_${randomBytes(12).toString('hex')}`) {
      return {
        id: eventId,
        object: 'event',
        api_version: '2025-01-27.acacia',
        created: Math.floor(Date.now() / 1000),
        livemode: false,
        pending_webhooks: 1,
        request: { id: null, idempotency_key: null },
        type,
        data: { object: structuredClone(intent(id)) },
      };
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
