/**
 * The payment port. Each provider is registered by id and picked from configuration
 * (`providers.ts`); the built-in test provider is the default. Provider errors are turned
 * into one error type here, with the message a visitor may be shown, if any.
 */
import type { PaymentProviderId } from '../../../domain/checkout.js';

export interface CreatePaymentInput {
  orderId: string;
  /** Cents. */
  amount: number;
  currency: string;
  /** Derived from our order id: a retried create never makes a second payment. */
  idempotencyKey: string;
}

export interface CreatedPayment {
  paymentIntentId: string;
  clientSecret: string;
}

/** A payment as the provider holds it, read server-side (never from the browser). */
export interface RetrievedPayment {
  id: string;
  /** Stripe's PaymentIntent statuses: succeeded, processing, requires_payment_method, requires_action, canceled, … */
  status: string;
  /** Cents. */
  amount: number;
  currency: string;
  /** Our order id from the payment's metadata. */
  orderId: string | null;
  error: string | null;
}

export interface RefundInput {
  orderId: string;
  paymentIntentId: string;
  /** Cents. */
  amount: number;
  currency: string;
  /** Derived from the order and what had been refunded before: a retried call never refunds twice. */
  idempotencyKey: string;
}

export type ReopenedPayment = { state: 'open'; clientSecret: string } | { state: 'settling' } | { state: 'closed' };

export interface PaymentProvider {
  readonly id: PaymentProviderId;
  /**
   * Whether `createPayment` runs in this process with no network and cannot fail (the test
   * provider): checkout then makes the payment first and writes the order with it at once.
   */
  readonly createsLocally: boolean;
  createPayment(input: CreatePaymentInput): Promise<CreatedPayment>;
  retrievePayment(paymentIntentId: string): Promise<RetrievedPayment>;
  /**
   * An earlier payment, for an order paid later (a declined card, a cancelled payment page):
   * open with the client secret to pay it with, settling when money is already on its way
   * (never to be paid twice), or closed when it can no longer take a card.
   */
  reopenPayment(paymentIntentId: string): Promise<ReopenedPayment>;
  /**
   * Closes a payment that has not taken money (its order was cancelled), so no card can be
   * charged on it later. A payment that has already succeeded is left to the refund of a
   * payment for an unpayable order (events.ts).
   */
  cancelPayment(paymentIntentId: string): Promise<void>;
  /** Gives money back on a succeeded payment; answers the provider's refund id. */
  refund(input: RefundInput): Promise<{ refundId: string }>;
}

export class PaymentProviderError extends Error {
  constructor(
    message: string,
    /** What the visitor may read (a card or request problem), or null for internal failures. */
    readonly visibleMessage: string | null,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}
