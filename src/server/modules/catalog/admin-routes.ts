/** /api/admin/products and /api/admin/catalog (admin §2 Products, §7 printful-integration). */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  bulkPriceSchema,
  catalogQuerySchema,
  productPatchSchema,
  syncRequestSchema,
} from '../../../domain/admin-products.js';
import type { AppContext } from '../../context.js';
import {
  browseCatalog,
  bulkPrice,
  catalogProductDetails,
  listAdminProducts,
  patchProduct,
  refreshProduct,
  syncProducts,
  testProduct,
  validateAllProducts,
} from './admin-service.js';
import { jsonRoutes } from '../../http/routes.js';

const idParams = z.object({ id: z.uuid() });
const productIdParams = z.object({ productId: z.coerce.number().int().positive() });

export async function adminCatalogRoutes(admin: FastifyInstance, context: AppContext): Promise<void> {
  const routes = jsonRoutes(admin);

  routes.get(
    '/products',
    { summary: 'Every store product with its pricing, margin, validity and the four stat cards', noStore: true },
    () => listAdminProducts(context),
  );

  routes.patch(
    '/products/:id',
    {
      summary: 'Changes a price (final, then percent, then dollar; never below cost), the switch or the category',
      params: idParams,
      body: productPatchSchema,
    },
    ({ params, body }) => patchProduct(context, params.id, body),
  );

  routes.post(
    '/products/bulk-price',
    { summary: 'One markup percentage for many products, all or none', body: bulkPriceSchema },
    async ({ body }) => ({ products: await bulkPrice(context, body.ids, body.markup_percentage) }),
  );

  routes.post('/products/validate', { summary: "Checks every enabled product's variant against the catalog" }, () =>
    validateAllProducts(context),
  );

  routes.post(
    '/products/:id/refresh',
    { summary: "Re-reads the product's variant: base cost and sync time, or alternatives", params: idParams },
    ({ params }) => refreshProduct(context, params.id),
  );

  routes.post(
    '/products/:id/test',
    { summary: "Whether the catalog can still make the product's variant", params: idParams },
    ({ params }) => testProduct(context, params.id),
  );

  routes.get(
    '/catalog',
    {
      summary: 'The catalog browser: search, category, difficulty, sort, with sync state',
      querystring: catalogQuerySchema,
    },
    async ({ query }) => ({ products: await browseCatalog(context, query) }),
  );

  routes.get(
    '/catalog/:productId',
    {
      summary: 'A catalog product with its variants (each marked if in the store), print areas, files and options',
      params: productIdParams,
    },
    async ({ params }) => ({ product: await catalogProductDetails(context, params.productId) }),
  );

  routes.post(
    '/catalog/sync',
    { summary: 'Adds catalog variants to the store (the sync payload)', body: syncRequestSchema },
    ({ body }) => syncProducts(context, body.products),
  );
}
