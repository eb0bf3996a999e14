import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { StorefrontProduct } from '../../../domain/products.js';
import type { AppContext } from '../../context.js';
import { listSellableProducts } from './repository.js';
import { refreshProductData, validateVariants } from './service.js';
import { describeRoute } from '../../http/api-description.js';

const variantId = z.coerce.number().int().positive();
const validateBody = z.object({ variant_ids: z.array(variantId).min(1).max(100) });
const refreshBody = z.object({ variant_id: variantId });

export async function catalogRoutes(app: FastifyInstance, context: AppContext): Promise<void> {
  context.readCache.get(app, '/api/products', {
    schema: describeRoute('Products for sale with their prices (ETag)'),
    tables: ['physical_items'],
    load: async (): Promise<StorefrontProduct[]> => {
      const rows = await listSellableProducts(context.db);
      return rows.map((row) => ({
        id: row.id,
        name: row.name,
        description: row.description,
        printful_product_id: row.printful_product_id,
        printful_variant_id: row.printful_variant_id,
        final_price: row.final_price!,
        product_image_url: row.product_image_url,
        product_category: row.product_category,
      }));
    },
  });

  app.post(
    '/api/catalog/validate-variants',
    { schema: describeRoute('Whether the given variants can still be ordered') },
    async (request) => {
      const { variant_ids } = validateBody.parse(request.body);
      return { success: true, ...(await validateVariants(context, variant_ids)) };
    },
  );

  app.post(
    '/api/catalog/refresh',
    { schema: describeRoute("Refreshes one variant's data from the catalog") },
    async (request) => {
      const { variant_id } = refreshBody.parse(request.body);
      return refreshProductData(context, variant_id);
    },
  );
}
