export { type FulfilmentProviderId } from './provider.js';
export { activeFulfilmentProviderId, fulfilmentProvider } from './providers.js';
export { fulfilmentRoutes } from './routes.js';
export { queueOwedFulfilment, queueUnclaimedFulfilment, submitFulfilment } from './service.js';
export { advanceSimulatedFulfilment } from './simulated-provider.js';
export { linesWithoutPrintFileOf, makeOrderItemPrintFile, printFileKey } from './print-files.js';
