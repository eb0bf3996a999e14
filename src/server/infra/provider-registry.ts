/**
 * One registry for the ports whose adapter is chosen at each use (payments, fulfilment): an
 * adapter is made on first use per shop context, then reused. Which id is active is the
 * port's own rule; the registry only makes and keeps the adapters.
 */
export function providerRegistry<Context extends object, Id extends string, Provider>(
  port: string,
  factories: Record<Id, (context: Context) => Provider>,
): (context: Context, id: Id) => Provider {
  const made = new WeakMap<Context, Map<Id, Provider>>();
  return (context, id) => {
    let providers = made.get(context);
    if (!providers) {
      providers = new Map();
      made.set(context, providers);
    }
    let provider = providers.get(id);
    if (!provider) {
      if (!Object.hasOwn(factories, id)) throw new Error(`Unknown ${port} provider ${id}`);
      provider = factories[id](context);
      providers.set(id, provider);
    }
    return provider;
  };
}
