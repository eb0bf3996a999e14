export { type FulfilmentProviderId } from './provider.js';
export { activeFulfilmentProviderId, fulfilmentProvider } from './providers.js';
export { fulfilmentRoutes } from './routes.js';
export { queueUnclaimedFulfilment, submitFulfilment } from './service.js';
export { advanceSimulatedFulfilment } from './simulated-provider.js';
