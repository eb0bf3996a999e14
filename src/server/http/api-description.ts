/**
 * The shop's HTTP API described once, as OpenAPI 3: served at `/api/openapi.json` and
 * browsable at `/api/docs`. Each route's entry names what it does and, where it takes input,
 * the same zod schema the route parses with (turned into JSON Schema by
 * fastify-type-provider-zod), so the description cannot drift from the rules.
 *
 * Validation stays in the routes, which answer with the spec's own messages; the schemas
 * attached here describe, and the validator they get accepts anything. A test checks that
 * every registered route is described here.
 */
import type { FastifyInstance, FastifySchema } from 'fastify';
import { SESSION_COOKIE } from '../modules/auth/index.js';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import type { ZodType } from 'zod';
import { contentUpdateSchema, homepageFlagSchema } from '../../domain/admin-content.js';
import { settingsUpdateSchema, shopSettingsUpdateSchema } from '../../domain/admin-settings.js';
import { galleryConsentSchema } from '../../domain/gallery.js';
import { styleActiveSchema, styleInputSchema } from '../../domain/admin-styles.js';
import {
  bulkSchema,
  customerErasureSchema,
  transformationFiltersSchema,
  transformationPatchSchema,
} from '../../domain/admin-transformations.js';
import { signInSchema, signUpSchema } from '../../domain/auth.js';
import { adminOrderListQuery, findOrderSchema, refundRequest } from '../../domain/orders.js';
import { analyticsQuerySchema, funnelEventSchema } from '../../domain/analytics.js';
import {
  bulkPriceSchema,
  catalogQuerySchema,
  productPatchSchema,
  syncRequestSchema,
} from '../../domain/admin-products.js';
import { checkoutRequestSchema } from '../../domain/checkout.js';
import { generateMockupsSchema } from '../modules/mockups/index.js';
import { startTransformationSchema, updateEmailSchema } from '../modules/transformations/index.js';

interface RouteDescription {
  summary: string;
  body?: ZodType;
  querystring?: ZodType;
  /** A body that is not JSON (multipart uploads, signed webhooks), in words. */
  bodyNote?: string;
}

const ADMIN = 'Back office';

/** `METHOD /path` (Fastify's pattern) → its description. Tags come from the path. */
export const API_ROUTES: Record<string, RouteDescription> = {
  'GET /healthz': { summary: 'Answers once the database and storage are ready' },
  'GET /metrics': { summary: 'Prometheus metrics (bearer token when METRICS_TOKEN is set)' },

  'GET /api/site': { summary: "The shop's name, support address and where the gallery switch starts" },
  'GET /api/styles': { summary: 'Art styles on offer, by name (ETag)' },
  'GET /api/products': { summary: 'Products for sale with their prices (ETag)' },
  'GET /api/gallery': {
    summary: "Home's gallery: example pairs, else recent artworks, else the built-in pairs (ETag)",
  },
  'GET /api/content/hero': { summary: "Home's hero section (ETag)" },
  'POST /api/images': {
    summary: 'Uploads a photo (checked by its bytes, metadata read, GPS kept private)',
    bodyNote: 'multipart/form-data with one file field `file`, at most 40 MB and 100 megapixels',
  },
  'GET /api/images/:id': { summary: "An uploaded photo's public URL, for a link to /transform?image={id}" },
  'POST /api/transformations': {
    summary: 'Starts turning a photo into an artwork in a style',
    body: startTransformationSchema,
  },
  'GET /api/transformations/:id': { summary: "A transformation's status, progress and artwork" },
  'GET /api/transformations/:id/events': { summary: "A transformation's progress as server-sent events" },
  'PATCH /api/transformations/:id/email': {
    summary: 'Saves the e-mail to tell when the artwork is ready',
    body: updateEmailSchema,
  },
  'PUT /api/transformations/:id/gallery': {
    summary: "Its maker's say over the gallery (the edit token, or the id of an order holding it)",
    body: galleryConsentSchema,
  },
  'POST /api/mockups': { summary: 'Mockups of an artwork on the given products', body: generateMockupsSchema },
  'POST /api/catalog/validate-variants': { summary: 'Whether the given variants can still be ordered' },
  'POST /api/catalog/refresh': { summary: "Refreshes one variant's data from the catalog" },
  'POST /api/orders/:id/payment': {
    summary: 'Pays an unpaid order later: its payment reopened, or a new one for the same total',
  },
  'POST /api/checkout': {
    summary: 'Creates an order priced by the server and its payment',
    body: checkoutRequestSchema,
  },
  'GET /api/payments/config': { summary: 'Which payment provider the browser talks to, and its public key' },
  'POST /api/payments/test/confirm': { summary: "The built-in test provider: pays with one of Stripe's test cards" },
  'POST /api/payments/test/authenticate': {
    summary: "The built-in test provider: completes or fails a card's 3-D Secure step",
  },
  'POST /api/payments/stripe/webhook': {
    summary: "Stripe's signed events",
    bodyNote: 'the raw JSON body Stripe signed',
  },
  'GET /api/orders/:id': { summary: "An order's status, items and tracking, for its customer" },
  'POST /api/orders/:id/verify-payment': { summary: 'Asks the payment provider whether an order was paid' },
  'POST /api/orders/lookup': {
    summary: "Find my order: an order's id from its customer's e-mail and order number (rate-limited)",
    body: findOrderSchema,
  },
  'POST /api/fulfilment/printful/webhook/:secret': {
    summary: "Printful's events (the secret is the store's webhook token)",
  },
  'GET /files/*': { summary: 'Public stored files (artworks, mockups, their renditions, previews) from local storage' },
  'GET /files/private/*': { summary: 'A private file through a signed, expiring link (print files for Printful)' },
  'GET /api/email/open/:file': { summary: "Marks an order e-mail opened (the message's tracking pixel)" },

  'POST /api/auth/login': { summary: 'Signs in; sets the session cookie', body: signInSchema },
  'POST /api/auth/signup': {
    summary: 'Asks for an account: e-mails a confirmation link (or, for a known address, a notice); answers alike',
    body: signUpSchema,
  },
  'GET /api/auth/confirm': { summary: "The sign-up e-mail's link: makes the account, signs it in, redirects to /" },
  'POST /api/auth/logout': { summary: 'Ends the session' },
  'GET /api/auth/session': { summary: 'The signed-in account, if any' },
  'GET /api/auth/admin-status': { summary: 'Whether the signed-in account is an admin' },

  'GET /api/admin/styles': { summary: 'Every style with its engine and state' },
  'POST /api/admin/styles': { summary: 'Adds a style', body: styleInputSchema },
  'PUT /api/admin/styles/:id': { summary: 'Changes a style', body: styleInputSchema },
  'PATCH /api/admin/styles/:id/active': { summary: 'Switches a style on or off', body: styleActiveSchema },
  'DELETE /api/admin/styles/:id': { summary: 'Deletes a style' },
  'POST /api/admin/styles/previews': { summary: "Renders every style's preview again" },
  'GET /api/admin/content': { summary: "Home's editable content" },
  'PUT /api/admin/content': { summary: "Saves Home's hero section", body: contentUpdateSchema },
  'POST /api/admin/content/hero-image': {
    summary: "Uploads the hero's background image",
    bodyNote: 'multipart/form-data with one file field `image`',
  },
  'GET /api/admin/content/examples': { summary: 'Example pairs, homepage examples first' },
  'POST /api/admin/content/examples': {
    summary: 'Adds an example pair',
    bodyNote: 'multipart/form-data with file fields `original` and `transformed`, and `style_id`',
  },
  'PUT /api/admin/content/examples/:id/homepage': {
    summary: 'Shows or hides a pair on Home',
    body: homepageFlagSchema,
  },
  'DELETE /api/admin/content/examples/:id': { summary: 'Deletes an example pair' },
  'GET /api/admin/settings': { summary: 'Settings, with saved keys shown masked' },
  'PUT /api/admin/settings': { summary: 'Saves settings and keys (encrypted at rest)', body: settingsUpdateSchema },
  'GET /api/admin/settings/shop': { summary: "The shop's own settings: where the gallery switch starts" },
  'PUT /api/admin/settings/shop': { summary: "Saves the shop's own settings", body: shopSettingsUpdateSchema },
  'GET /api/admin/settings/integrations': { summary: 'Each outside service: configured, and from where' },
  'POST /api/admin/settings/integrations/:id/test': { summary: 'Tests one outside service with its current key' },
  'GET /api/admin/transformations': {
    summary: 'Every artwork, filtered and paged (20 a page)',
    querystring: transformationFiltersSchema,
  },
  'PATCH /api/admin/transformations/:id': {
    summary: 'Sets the homepage flag or gallery visibility',
    body: transformationPatchSchema,
  },
  'DELETE /api/admin/transformations/:id': { summary: 'Deletes an artwork and its files, unless an order needs it' },
  'POST /api/admin/transformations/bulk': { summary: 'One action on many artworks', body: bulkSchema },
  'POST /api/admin/backfill/transformations': { summary: 'Finds artwork files with no row, and creates the rows' },
  'POST /api/admin/backfill/exif': {
    summary: 'Reads metadata again for photos that lack it, one batch from an offset',
  },
  'GET /api/admin/customers': {
    summary: "Erasure's dry run: what erasing this e-mail would remove, and what an order keeps",
    querystring: customerErasureSchema,
  },
  'DELETE /api/admin/customers': {
    summary: "Erases a customer's photos and artworks not needed by an order",
    querystring: customerErasureSchema,
  },
  'GET /api/admin/orders': {
    summary: 'Orders, searched, filtered and paged, with the four stat cards',
    querystring: adminOrderListQuery,
  },
  'GET /api/admin/orders/export.csv': {
    summary: 'The filtered orders as CSV, streamed',
    querystring: adminOrderListQuery,
  },
  'GET /api/admin/orders/:id': { summary: 'One order with billing, shipping, items, refunds and its timeline' },
  'POST /api/admin/orders/:id/resend-email': { summary: 'Sends the confirmation e-mail again (paid orders)' },
  'POST /api/admin/orders/:id/retry-fulfilment': {
    summary: 'Queues the fulfilment submission again, once (paid, not accepted for production)',
  },
  'POST /api/admin/orders/:id/refund': {
    summary: 'Refunds all that is left, or the amount given in minor units',
    body: refundRequest,
  },
  'POST /api/admin/orders/:id/cancel': { summary: 'Cancels an unpaid order' },

  'GET /api/admin/products': {
    summary: 'Every store product with its pricing, margin, validity and the four stat cards',
  },
  'PATCH /api/admin/products/:id': {
    summary: 'Changes a price (final, then percent, then dollar; never below cost), the switch or the category',
    body: productPatchSchema,
  },
  'POST /api/admin/products/bulk-price': {
    summary: 'One markup percentage for many products, all or none',
    body: bulkPriceSchema,
  },
  'POST /api/admin/products/validate': { summary: "Checks every enabled product's variant against the catalog" },
  'POST /api/admin/products/:id/refresh': {
    summary: "Re-reads the product's variant: base cost and sync time, or alternatives",
  },
  'POST /api/admin/products/:id/test': { summary: "Whether the catalog can still make the product's variant" },
  'GET /api/admin/catalog': {
    summary: 'The catalog browser: search, category, difficulty, sort, with sync state',
    querystring: catalogQuerySchema,
  },
  'GET /api/admin/catalog/:productId': {
    summary: 'A catalog product with its variants (each marked if in the store), print areas, files and options',
  },
  'GET /api/admin/analytics': {
    summary: 'Revenue, orders, the funnel and breakdowns by product, style and country for a date range',
    querystring: analyticsQuerySchema,
  },
  'POST /api/events': {
    summary: 'Records a funnel step the browser sees (artwork shown, mockups viewed, added to cart)',
    body: funnelEventSchema,
  },
  'POST /api/admin/catalog/sync': {
    summary: 'Adds catalog variants to the store (the sync payload)',
    body: syncRequestSchema,
  },
  'GET /api/admin/emails': { summary: 'E-mails the shop sent, newest first, with their status' },
  'GET /api/admin/emails/:id': { summary: 'One sent e-mail with its rendered HTML' },
};

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

/** Attaches each route's description as its (descriptive) schema, before the docs collect it. */
export async function describeApi(app: FastifyInstance, options: { siteName: string }): Promise<void> {
  app.addHook('onRoute', (route) => {
    if (route.method === 'HEAD' || !isDescribable(route.url)) return;
    const methods = [route.method].flat();
    const description = API_ROUTES[`${methods[0]} ${route.url}`];
    const schema: FastifySchema & Record<string, unknown> = {
      tags: [tagOf(route.url)],
      summary: description?.summary,
      ...(description?.bodyNote ? { description: `Body: ${description.bodyNote}.` } : {}),
      ...(description?.body ? { body: description.body } : {}),
      ...(description?.querystring ? { querystring: description.querystring } : {}),
      ...(route.url.startsWith('/api/admin/') ? { security: [{ session: [] }] } : {}),
    };
    route.schema = { ...schema, ...route.schema };
    // Described, not enforced: the route itself parses with the same schema.
    route.validatorCompiler = () => (value: unknown) => ({ value });
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
