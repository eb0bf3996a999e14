import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registeredRoutes } from './route-registry.js';
import { isDescribable } from './api-description.js';
import { createTestApp, type TestApp } from '../testing/test-app.js';

let shop: TestApp;
let document: { openapi: string; paths: Record<string, Record<string, any>>; components: any };
beforeAll(async () => {
  shop = await createTestApp();
  const response = await shop.app.inject({ method: 'GET', url: '/api/openapi.json' });
  expect(response.statusCode).toBe(200);
  document = response.json();
});
afterAll(async () => shop?.close());

/** Fastify's `/api/orders/:id` as OpenAPI writes it: `/api/orders/{id}` (and `*` as `{*}`). */
const openApiPath = (url: string) => url.replace(/:([A-Za-z_]+)/g, '{$1}').replace(/\*$/, '{*}');

const routes = () => registeredRoutes(shop.app).filter((route) => route.method !== 'HEAD' && isDescribable(route.url));

describe('GET /api/openapi.json describes the whole API (OpenAPI 3)', () => {
  it('is an OpenAPI 3 document', () => {
    expect(document.openapi).toMatch(/^3\./);
    expect(document.components.securitySchemes.session).toMatchObject({ type: 'apiKey', in: 'cookie' });
  });

  it('has a description for every route the app registers, public and admin', () => {
    const undescribed = routes()
      .filter((route) => !document.paths[openApiPath(route.url)]?.[route.method.toLowerCase()]?.summary)
      .map((route) => `${route.method} ${route.url}`);
    expect(undescribed).toEqual([]);
    expect(routes().length).toBeGreaterThan(40);
  });

  it('lists every route under its path and method, with the summary written beside the route', () => {
    expect(document.paths['/api/auth/logout']!.post.summary).toBe('Ends the session');
    expect(document.paths['/api/orders/{id}']!.get.summary).toBe(
      "An order's status, items and tracking, for its customer",
    );
  });

  it("documents bodies with the routes' own zod schemas", () => {
    const checkout = document.paths['/api/checkout']!.post.requestBody.content['application/json'].schema;
    expect(Object.keys(checkout.properties)).toEqual(expect.arrayContaining(['items', 'customerEmail']));
    const start = document.paths['/api/transformations']!.post.requestBody.content['application/json'].schema;
    expect(start.required).toEqual(expect.arrayContaining(['imageId', 'styleId']));
  });

  it('marks back-office routes as needing the admin session', () => {
    expect(document.paths['/api/admin/styles']!.get.security).toEqual([{ session: [] }]);
    expect(document.paths['/api/products']!.get.security).toBeUndefined();
  });

  it('describes without enforcing: routes still answer bad input with their own messages', async () => {
    const response = await shop.app.inject({
      method: 'POST',
      url: '/api/transformations',
      payload: { imageId: 'nope' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBeTypeOf('string');
  });
});

describe('GET /api/docs', () => {
  it('serves a browsable page of the document', async () => {
    let response = await shop.app.inject({ method: 'GET', url: '/api/docs' });
    if (response.statusCode === 302)
      response = await shop.app.inject({ method: 'GET', url: response.headers.location as string });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
  });
});
