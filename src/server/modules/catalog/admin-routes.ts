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

const idParams = z.object({ id: z.uuid() });
const productIdParams = z.object({ productId: z.coerce.number().int().positive() });

export async function adminCatalogRoutes(admin: FastifyInstance, context: AppContext): Promise<void> {
  admin.get('/products', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return listAdminProducts(context);
  });

  admin.patch('/products/:id', async (request) => {
    const { id } = idParams.parse(request.params);
    return patchProduct(context, id, productPatchSchema.parse(request.body ?? {}));
  });

  admin.post('/products/bulk-price', async (request) => {
    const { ids, markup_percentage } = bulkPriceSchema.parse(request.body ?? {});
    return { products: await bulkPrice(context, ids, markup_percentage) };
  });

  admin.post('/products/validate', async () => validateAllProducts(context));

  admin.post('/products/:id/refresh', async (request) => refreshProduct(context, idParams.parse(request.params).id));

  admin.post('/products/:id/test', async (request) => testProduct(context, idParams.parse(request.params).id));

  admin.get('/catalog', async (request) => ({
    products: await browseCatalog(context, catalogQuerySchema.parse(request.query)),
  }));

  admin.get('/catalog/:productId', async (request) => ({
    product: await catalogProductDetails(context, productIdParams.parse(request.params).productId),
  }));

  admin.post('/catalog/sync', async (request) => {
    const { products } = syncRequestSchema.parse(request.body ?? {});
    return syncProducts(context, products);
  });
}
