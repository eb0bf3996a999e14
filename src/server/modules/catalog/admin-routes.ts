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
import { describeRoute } from '../../http/api-description.js';

const idParams = z.object({ id: z.uuid() });
const productIdParams = z.object({ productId: z.coerce.number().int().positive() });

export async function adminCatalogRoutes(admin: FastifyInstance, context: AppContext): Promise<void> {
  admin.get(
    '/products',
    { schema: describeRoute('Every store product with its pricing, margin, validity and the four stat cards') },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return listAdminProducts(context);
    },
  );

  admin.patch(
    '/products/:id',
    {
      schema: describeRoute(
        'Changes a price (final, then percent, then dollar; never below cost), the switch or the category',
        { body: productPatchSchema },
      ),
    },
    async (request) => {
      const { id } = idParams.parse(request.params);
      return patchProduct(context, id, productPatchSchema.parse(request.body ?? {}));
    },
  );

  admin.post(
    '/products/bulk-price',
    { schema: describeRoute('One markup percentage for many products, all or none', { body: bulkPriceSchema }) },
    async (request) => {
      const { ids, markup_percentage } = bulkPriceSchema.parse(request.body ?? {});
      return { products: await bulkPrice(context, ids, markup_percentage) };
    },
  );

  admin.post(
    '/products/validate',
    { schema: describeRoute("Checks every enabled product's variant against the catalog") },
    async () => validateAllProducts(context),
  );

  admin.post(
    '/products/:id/refresh',
    { schema: describeRoute("Re-reads the product's variant: base cost and sync time, or alternatives") },
    async (request) => refreshProduct(context, idParams.parse(request.params).id),
  );

  admin.post(
    '/products/:id/test',
    { schema: describeRoute("Whether the catalog can still make the product's variant") },
    async (request) => testProduct(context, idParams.parse(request.params).id),
  );

  admin.get(
    '/catalog',
    {
      schema: describeRoute('The catalog browser: search, category, difficulty, sort, with sync state', {
        querystring: catalogQuerySchema,
      }),
    },
    async (request) => ({
      products: await browseCatalog(context, catalogQuerySchema.parse(request.query)),
    }),
  );

  admin.get(
    '/catalog/:productId',
    {
      schema: describeRoute(
        'A catalog product with its variants (each marked if in the store), print areas, files and options',
      ),
    },
    async (request) => ({
      product: await catalogProductDetails(context, productIdParams.parse(request.params).productId),
    }),
  );

  admin.post(
    '/catalog/sync',
    { schema: describeRoute('Adds catalog variants to the store (the sync payload)', { body: syncRequestSchema }) },
    async (request) => {
      const { products } = syncRequestSchema.parse(request.body ?? {});
      return syncProducts(context, products);
    },
  );
}
