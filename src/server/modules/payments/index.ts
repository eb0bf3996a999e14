export { applyPaymentEvent } from './events.js';
export { PaymentProviderError } from './provider.js';
export { activePaymentProviderId, paymentProvider } from './providers.js';
export { paymentRoutes } from './routes.js';
export { stripeTaxAmounts } from './stripe-provider.js';
