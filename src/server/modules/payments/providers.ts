/** Which payment provider runs, picked once from configuration: Stripe when its keys are set. */
import type { PaymentConfig, PaymentProviderId } from '../../../domain/checkout.js';
import type { AppContext } from '../../context.js';
import type { PaymentProvider } from './provider.js';
import { createStripePaymentProvider } from './stripe-provider.js';
import { createTestPaymentProvider } from './test-provider.js';

const factories: Record<PaymentProviderId, (context: AppContext) => PaymentProvider> = {
  test: createTestPaymentProvider,
  stripe: createStripePaymentProvider,
};

const made = new WeakMap<AppContext, Map<PaymentProviderId, PaymentProvider>>();

export function activePaymentProviderId(context: AppContext): PaymentProviderId {
  return context.config.stripe ? 'stripe' : 'test';
}

/** The provider with this id (an order's own `payment_provider`), or the active one. */
export function paymentProvider(context: AppContext, id: PaymentProviderId = activePaymentProviderId(context)): PaymentProvider {
  let providers = made.get(context);
  if (!providers) {
    providers = new Map();
    made.set(context, providers);
  }
  let provider = providers.get(id);
  if (!provider) {
    if (!(id in factories)) throw new Error(`Unknown payment provider ${id}`);
    provider = factories[id](context);
    providers.set(id, provider);
  }
  return provider;
}

export function paymentConfig(context: AppContext): PaymentConfig {
  const provider = activePaymentProviderId(context);
  return provider === 'stripe'
    ? { success: true, provider, publishableKey: context.config.stripe!.publishableKey }
    : { success: true, provider };
}
