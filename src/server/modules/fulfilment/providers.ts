/** Which fulfilment provider makes the prints: Printful when its key is set, else the simulation. */
import type { AppContext } from '../../context.js';
import { providerRegistry } from '../../infra/provider-registry.js';
import { createPrintfulFulfilmentProvider } from './printful-provider.js';
import type { FulfilmentProvider, FulfilmentProviderId } from './provider.js';
import { createSimulatedFulfilmentProvider } from './simulated-provider.js';

const providers = providerRegistry<AppContext, FulfilmentProviderId, FulfilmentProvider>('fulfilment', {
  simulated: createSimulatedFulfilmentProvider,
  printful: createPrintfulFulfilmentProvider,
});

/** Read at each submission: a Printful key saved in the admin Settings takes effect at once. */
export function activeFulfilmentProviderId(context: AppContext): FulfilmentProviderId {
  return context.config.printful ? 'printful' : 'simulated';
}

export function fulfilmentProvider(
  context: AppContext,
  id: FulfilmentProviderId = activeFulfilmentProviderId(context),
): FulfilmentProvider {
  return providers(context, id);
}
