/** A product as the storefront lists it (storefront §3 physical_items, §7 select). */
export interface StorefrontProduct {
  id: string;
  name: string;
  description: string | null;
  printful_product_id: number | null;
  printful_variant_id: number | null;
  /** Dollars. */
  final_price: number;
  product_image_url: string | null;
  product_category: string;
}
