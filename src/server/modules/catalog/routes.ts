import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { listSellableProducts } from './repository.js';

export interface StorefrontProduct {
  id: string;
  name: string;
  description: string | null;
  printful_product_id: number | null;
  printful_variant_id: number | null;
  final_price: number;
  product_image_url: string | null;
  product_category: string;
}

export async function catalogRoutes(app: FastifyInstance, context: AppContext): Promise<void> {
  app.get('/api/products', async (): Promise<StorefrontProduct[]> => {
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
  });
}
