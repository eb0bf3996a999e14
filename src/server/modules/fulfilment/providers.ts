/** Which fulfilment provider makes the prints: Printful when its key is set, else the simulation. */
import type { AppContext } from '../../context.js';
import { createPrintfulFulfilmentProvider } from './printful-provider.js';
import type { FulfilmentProvider, FulfilmentProviderId } from './provider.js';
import { createSimulatedFulfilmentProvider } from './simulated-provider.js';

const factories: Record<FulfilmentProviderId, (context: AppContext) => FulfilmentProvider> = {
  simulated: createSimulatedFulfilmentProvider,
  printful: createPrintfulFulfilmentProvider,
};

const made = new WeakMap<AppContext, Map<FulfilmentProviderId, FulfilmentProvider>>();

/** Read at each submission: a Printful key saved in the admin Settings takes effect at once. */
export function activeFulfilmentProviderId(context: AppContext): FulfilmentProviderId {
  return context.config.printful ? 'printful' : 'simulated';
}

export function fulfilmentProvider(
  context: AppContext,
  id: FulfilmentProviderId = activeFulfilmentProviderId(context),
): FulfilmentProvider {
  let providers = made.get(context);
  if (!providers) {
    providers = new Map();
    made.set(context, providers);
  }
  let provider = providers.get(id);
  if (!provider) {
    provider = factories[id](context);
    providers.set(id, provider);
  }
  return provider;
}
