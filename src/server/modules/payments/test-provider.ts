/**
 * The built-in test provider: the shop takes "card payments" with no keys and no network,
 * behaving like Stripe's test mode. Its card form posts to our own confirm route; Stripe's
 * test numbers decide the outcome, with Stripe's messages. Its state lives in the database
 * (the order and its payment events), never in this process.
 */
import { randomBytes } from 'node:crypto';
import {
  CARD_MESSAGES,
  cardDigits,
  checkCard,
  PAYMENT_MESSAGES,
  type ParsedTestPaymentConfirmRequest,
  type TestPaymentAuthenticateRequest,
  type TestPaymentResult,
} from '../../../domain/checkout.js';
import type { AppContext } from '../../context.js';
import { batchWhileBusy, othersServed, perOwner, rowsByKey } from '../../db/batches.js';
import { HttpError } from '../../http/errors.js';
import { appSecret } from '../../infra/secrets/app-secret.js';
import { sameSignature, sign } from '../../infra/storage/signed-urls.js';
import { applyPaymentEvent, type PaymentEvent } from './events.js';
import type { PaymentProvider } from './provider.js';
import * as repository from './repository.js';
import type { OrderRow } from './repository.js';

const PROVIDER = 'test';
const CLIENT_SECRET = /^(tpi_[0-9a-f]{24})_secret_([0-9a-f]{32})$/;
export const TEST_AUTHENTICATE_ROUTE = '/api/payments/test/authenticate';

type Outcome =
  | { kind: 'succeeds' }
  | { kind: 'requires_action' }
  | { kind: 'declined'; code: string; decline_code?: string; message: string };

const declined = (decline_code: string, message: string, code = 'card_declined'): Outcome => ({
  kind: 'declined',
  code,
  decline_code,
  message,
});

/** Stripe's test card numbers (https://docs.stripe.com/testing) and what each one does. */
const TEST_CARDS: Record<string, Outcome> = {
  '4000000000000002': declined('generic_decline', CARD_MESSAGES.declined),
  '4000000000009995': declined('insufficient_funds', CARD_MESSAGES.insufficientFunds),
  '4000000000009987': declined('lost_card', CARD_MESSAGES.declined),
  '4000000000009979': declined('stolen_card', CARD_MESSAGES.declined),
  '4100000000000019': declined('fraudulent', CARD_MESSAGES.declined),
  '4000000000000069': { kind: 'declined', code: 'expired_card', message: CARD_MESSAGES.expiredCard },
  '4000000000000127': { kind: 'declined', code: 'incorrect_cvc', message: CARD_MESSAGES.incorrectCvc },
  '4000000000000119': { kind: 'declined', code: 'processing_error', message: CARD_MESSAGES.processingError },
  '4000002500003155': { kind: 'requires_action' },
  '4000002760003184': { kind: 'requires_action' },
  '4000000000003220': { kind: 'requires_action' },
};

export function testCardOutcome(number: string): Outcome {
  return TEST_CARDS[cardDigits(number)] ?? { kind: 'succeeds' };
}

async function clientSecretFor(context: AppContext, paymentIntentId: string): Promise<string> {
  const signature = sign(await appSecret(context.config), 'test-payment', paymentIntentId).slice(0, 32);
  return `${paymentIntentId}_secret_${signature}`;
}

export function createTestPaymentProvider(context: AppContext): PaymentProvider {
  return {
    id: 'test',
    createsLocally: true,
    async createPayment() {
      const paymentIntentId = `tpi_${randomBytes(12).toString('hex')}`;
      return { paymentIntentId, clientSecret: await clientSecretFor(context, paymentIntentId) };
    },
    async retrievePayment(paymentIntentId) {
      // The order itself is the test payment's record: it is paid the moment the card is.
      const order = await repository.findOrderByPayment(context.db, paymentIntentId);
      if (!order) throw new HttpError(404, `No such payment_intent: '${paymentIntentId}'`);
      const status =
        order.status === 'paid' || order.status === 'shipped' || order.status === 'refunded'
          ? 'succeeded'
          : order.status === 'failed'
            ? 'canceled'
            : 'requires_payment_method';
      return {
        id: paymentIntentId,
        status,
        amount: order.total_amount,
        currency: order.currency.toLowerCase(),
        orderId: order.id,
        error: order.payment_error,
      };
    },
    async reopenPayment(paymentIntentId) {
      // A test payment is only its signed id: it takes a card for as long as its order is unpaid.
      return { state: 'open', clientSecret: await clientSecretFor(context, paymentIntentId) };
    },
    async cancelPayment() {
      // A test payment takes a card only while its order is pending: a cancelled order closes it.
    },
    async refund() {
      // Test payments hold no money: the refund is recorded by the caller (order_refunds) under this id.
      return { refundId: `tre_${randomBytes(12).toString('hex')}` };
    },
  };
}

/** A payment refused: 402 for a decline (recorded on the order), 400 for card details. */
export class CardError extends HttpError {
  constructor(statusCode: 400 | 402, message: string, details: { code: string; decline_code?: string }) {
    super(statusCode, message, { ...details, ...(statusCode === 402 ? { status: 'requires_payment_method' } : {}) });
  }
}

/** The orders of test payments, by payment id, read for all the cards being confirmed at once (db/batches.ts). */
const testPaymentOrders = perOwner(({ db, requests }: AppContext) =>
  batchWhileBusy<string, OrderRow | null>(async (paymentIntentIds) => {
    const rows = await repository.listOrdersByPayment(db, PROVIDER, [...paymentIntentIds]);
    return rowsByKey(paymentIntentIds, rows, (row) => row.payment_id);
  }, othersServed(requests)),
);

async function orderForClientSecret(context: AppContext, clientSecret: string) {
  const match = CLIENT_SECRET.exec(clientSecret);
  const paymentIntentId = match?.[1];
  const valid = match && sameSignature((await clientSecretFor(context, match[1])).slice(-32), match[2]);
  const order = valid ? await testPaymentOrders(context).load(paymentIntentId!) : null;
  if (!order) {
    throw new HttpError(404, 'The client_secret provided does not match any associated PaymentIntent on this account.');
  }
  return order;
}

/** Records an event of the test payment on `order` (read a moment ago) and applies it. */
function applyTestEvent(
  context: AppContext,
  order: OrderRow,
  event: Pick<PaymentEvent, 'type' | 'amount' | 'currency' | 'error' | 'payload'>,
) {
  return applyPaymentEvent(
    context,
    createTestPaymentProvider(context),
    {
      ...event,
      id: `tevt_${randomBytes(12).toString('hex')}`,
      provider: PROVIDER,
      paymentIntentId: order.payment_id!,
      orderId: order.id,
    },
    order,
  );
}

function succeeded(order: { id: string; payment_id: string | null }): TestPaymentResult {
  return { status: 'succeeded', payment_intent_id: order.payment_id!, order_id: order.id };
}

/** `POST /api/payments/test/confirm`: charges the test card. */
export async function confirmTestPayment(
  context: AppContext,
  input: ParsedTestPaymentConfirmRequest,
  now: Date = new Date(),
): Promise<TestPaymentResult> {
  const order = await orderForClientSecret(context, input.client_secret);
  if (order.status === 'paid' || order.status === 'shipped') return succeeded(order);
  if (order.status !== 'pending') throw new HttpError(400, PAYMENT_MESSAGES.notCompleted);

  const problem = checkCard(input.card, now);
  if (problem) throw new CardError(400, problem.message, { code: problem.code });

  const paymentIntentId = order.payment_id!;
  const digits = cardDigits(input.card.number);
  const card = { brand: digits.startsWith('4') ? 'visa' : 'card', last4: digits.slice(-4) };
  const outcome = testCardOutcome(digits);

  if (outcome.kind === 'declined') {
    await applyTestEvent(context, order, {
      type: 'payment_intent.payment_failed',
      error: outcome.message,
      payload: { card, code: outcome.code, decline_code: outcome.decline_code },
    });
    throw new CardError(402, outcome.message, { code: outcome.code, decline_code: outcome.decline_code });
  }

  if (outcome.kind === 'requires_action') {
    await applyTestEvent(context, order, {
      type: 'payment_intent.requires_action',
      payload: { card },
    });
    return {
      status: 'requires_action',
      payment_intent_id: paymentIntentId,
      order_id: order.id,
      next_action: { type: 'test_3ds', authenticate_url: TEST_AUTHENTICATE_ROUTE },
    };
  }

  const applied = await applyTestEvent(context, order, {
    type: 'payment_intent.succeeded',
    amount: order.total_amount,
    currency: order.currency,
    payload: { card },
  });
  if (applied.refunded) throw new HttpError(409, PAYMENT_MESSAGES.refundedUnpayable);
  return succeeded(order);
}

/** `POST /api/payments/test/authenticate`: the simulated 3-D Secure step's answer. */
export async function authenticateTestPayment(
  context: AppContext,
  input: TestPaymentAuthenticateRequest,
): Promise<TestPaymentResult> {
  const order = await orderForClientSecret(context, input.client_secret);
  if (order.status === 'paid' || order.status === 'shipped') return succeeded(order);
  const last = await repository.lastEventType(context.db, order.id, PROVIDER);
  if (order.status !== 'pending' || last !== 'payment_intent.requires_action') {
    throw new HttpError(400, 'This payment does not need authentication.', { code: 'payment_intent_unexpected_state' });
  }
  if (input.outcome === 'fail') {
    await applyTestEvent(context, order, {
      type: 'payment_intent.payment_failed',
      error: CARD_MESSAGES.authenticationFailed,
      payload: { code: 'payment_intent_authentication_failure' },
    });
    throw new CardError(402, CARD_MESSAGES.authenticationFailed, { code: 'payment_intent_authentication_failure' });
  }
  const applied = await applyTestEvent(context, order, {
    type: 'payment_intent.succeeded',
    amount: order.total_amount,
    currency: order.currency,
    payload: { authenticated: true },
  });
  if (applied.refunded) throw new HttpError(409, PAYMENT_MESSAGES.refundedUnpayable);
  return succeeded(order);
}
