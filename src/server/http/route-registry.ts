/** Every route the app registers, as method and pattern: the admin guard's test walks them all. */
import type { FastifyInstance } from 'fastify';

export interface RegisteredRoute {
  method: string;
  url: string;
}

const registries = new WeakMap<FastifyInstance, RegisteredRoute[]>();

/** Call on the root instance before any route is added. */
export function recordRoutes(app: FastifyInstance): void {
  const routes: RegisteredRoute[] = [];
  registries.set(app, routes);
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) routes.push({ method, url: route.url });
  });
}

export function registeredRoutes(app: FastifyInstance): RegisteredRoute[] {
  return [...(registries.get(app) ?? [])];
}
