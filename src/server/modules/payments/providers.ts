/**
 * Which payment provider runs, read at each use (keys saved in Settings take effect at once):
 * Stripe when its keys are set; else the built-in test provider — but never while a real
 * print provider would make the test-paid orders, unless ALLOW_TEST_PAYMENTS says so. Then
 * no provider takes payments at all, and checkout says so.
 */
import { PAYMENT_MESSAGES, type PaymentConfig, type PaymentProviderId } from '../../../domain/checkout.js';
import type { AppContext } from '../../context.js';
import { HttpError } from '../../http/errors.js';
import { providerRegistry } from '../../infra/provider-registry.js';
import { activeFulfilmentProviderId } from '../fulfilment/index.js';
import type { PaymentProvider } from './provider.js';
import { createStripePaymentProvider } from './stripe-provider.js';
import { createTestPaymentProvider } from './test-provider.js';

const providers = providerRegistry<AppContext, PaymentProviderId, PaymentProvider>('payment', {
  test: createTestPaymentProvider,
  stripe: createStripePaymentProvider,
});

/** Whether a test payment may pay for an order fulfilled by the active print provider. */
export function testPaymentsAllowed(context: AppContext): boolean {
  return context.config.allowTestPayments || activeFulfilmentProviderId(context) === 'simulated';
}

/** The provider new payments go to, or null when none may take them. */
export function activePaymentProviderId(context: AppContext): PaymentProviderId | null {
  if (context.config.stripe) return 'stripe';
  return testPaymentsAllowed(context) ? 'test' : null;
}

/** 503 'Payments are not configured'. */
export function paymentsNotConfigured(): HttpError {
  return new HttpError(503, PAYMENT_MESSAGES.notConfigured);
}

/** The provider with this id (an order's own `payment_provider`), or the active one. */
export function paymentProvider(
  context: AppContext,
  id: PaymentProviderId | null = activePaymentProviderId(context),
): PaymentProvider {
  if (id === null) throw paymentsNotConfigured();
  return providers(context, id);
}

export function paymentConfig(context: AppContext): PaymentConfig {
  const provider = activePaymentProviderId(context);
  return provider === 'stripe'
    ? { success: true, provider, publishableKey: context.config.stripe!.publishableKey, testMode: false }
    : { success: true, provider, testMode: provider === 'test' };
}
