/**
 * The shop's HTTP API described as OpenAPI 3: served at `/api/openapi.json` and browsable at
 * `/api/docs`. Each route carries its own description in its registration's `schema`
 * (`describeRoute`): what it does and, where it takes input, the same zod schema the route
 * parses with (turned into JSON Schema by fastify-type-provider-zod), so the description sits
 * beside the route and cannot drift from the rules. The document is assembled from them; tags
 * and the admin session come from the path.
 *
 * Validation stays in the routes, which answer with the spec's own messages; the schemas
 * attached describe, and the validator they get accepts anything. A test checks that every
 * registered route is described.
 */
import type { FastifyInstance, FastifySchema } from 'fastify';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import type { ZodType } from 'zod';
import { SESSION_COOKIE } from '../../domain/auth.js';

export interface RouteDescription {
  body?: ZodType;
  querystring?: ZodType;
  /** A body that is not JSON (multipart uploads, signed webhooks), in words. */
  bodyNote?: string;
}

const ADMIN = 'Back office';

/** A route's description, for its registration's `schema`: `summary` says what it does. */
export function describeRoute(summary: string, more: RouteDescription = {}): FastifySchema {
  return {
    summary,
    ...(more.bodyNote ? { description: `Body: ${more.bodyNote}.` } : {}),
    ...(more.body ? { body: more.body } : {}),
    ...(more.querystring ? { querystring: more.querystring } : {}),
  };
}

/** The API's paths; the rest are the web app's pages and files, and the docs themselves. */
export function isDescribable(url: string): boolean {
  if (url.startsWith('/api/docs') || url === '/api/openapi.json') return false;
  return /^\/(api|files)\//.test(url) || url === '/healthz' || url === '/metrics';
}

function tagOf(url: string): string {
  if (url.startsWith('/api/admin/')) return ADMIN;
  if (url.startsWith('/api/auth/')) return 'Accounts';
  const part = url.split('/')[url.startsWith('/api/') ? 2 : 1] ?? '';
  return part ? part[0]!.toUpperCase() + part.slice(1) : 'Shop';
}

/** Tags each described route and keeps its schemas descriptive, before the docs collect them. */
export async function describeApi(app: FastifyInstance, options: { siteName: string }): Promise<void> {
  app.addHook('onRoute', (route) => {
    // Described, not enforced: the route itself parses with the same schema.
    route.validatorCompiler = () => (value: unknown) => ({ value });
    if (route.method === 'HEAD' || !isDescribable(route.url)) return;
    const schema: FastifySchema & Record<string, unknown> = {
      tags: [tagOf(route.url)],
      ...(route.url.startsWith('/api/admin/') ? { security: [{ session: [] }] } : {}),
    };
    route.schema = { ...schema, ...route.schema };
  });

  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.0.3',
      info: {
        title: `${options.siteName} API`,
        version: '1',
        description:
          'The storefront and back-office API. Prices and money are in US dollars in catalog answers and in cents ' +
          '(`total_amount`) in orders. Back-office routes need an admin session cookie and a same-origin `Origin` header.',
      },
      components: { securitySchemes: { session: { type: 'apiKey', in: 'cookie', name: SESSION_COOKIE } } },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs', staticCSP: true });
  app.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger());
}
