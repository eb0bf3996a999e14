/**
 * The built-in catalog: what the shop sells when no Printful token is configured.
 *
 * Shapes mirror Printful's catalog API v1 (`GET /products/{id}` → product + variants) so the
 * same code paths and the same columns (`printful_product_id`, `printful_variant_id`) serve
 * both adapters. Ids are Printful's where they are well known (mug 19, poster 1, Bella+Canvas
 * 3001 tee 71, Gildan 18500 hoodie 146); the rest are plausible and never clash with them.
 * Base costs are decimal strings, as Printful sends them.
 */

export type MockupKind =
  'mug' | 'poster' | 'framed-poster' | 'canvas' | 't-shirt' | 'hoodie' | 'tote' | 'phone-case' | 'pillow';

export type AvailabilityStatus = 'in_stock' | 'stocked_on_demand' | 'discontinued' | 'out_of_stock';

export interface CatalogVariant {
  id: number;
  product_id: number;
  name: string;
  size: string | null;
  color: string | null;
  color_code: string | null;
  /** Base cost, a decimal string like Printful's. */
  price: string;
  in_stock: boolean;
  availability_status: Array<{ region: string; status: AvailabilityStatus }>;
}

export interface PrintArea {
  /** 'front' | 'back' | 'default' | … */
  placement: string;
  title: string;
  /** Print-file size in pixels (300 dpi) for the product's reference size. */
  width: number;
  height: number;
}

export interface CatalogProduct {
  id: number;
  type: string;
  type_name: string;
  title: string;
  brand: string;
  model: string;
  description: string;
  currency: 'USD';
  is_discontinued: boolean;
  mockup: MockupKind;
  print_areas: PrintArea[];
  options: Array<{ id: string; title: string; type: string }>;
  variants: CatalogVariant[];
}

export type StoreCategory = 'mugs' | 'posters' | 'apparel' | 'accessories' | 'home';

const REGIONS = ['US', 'EU', 'UK', 'CA', 'AU'] as const;

function availability(status: AvailabilityStatus): CatalogVariant['availability_status'] {
  return REGIONS.map((region) => ({ region, status }));
}

interface VariantSpec {
  id: number;
  size?: string | null;
  color?: string | null;
  colorCode?: string | null;
  price: string;
  status?: AvailabilityStatus;
}

function variantsOf(productId: number, label: string, specs: VariantSpec[]): CatalogVariant[] {
  return specs.map((spec) => {
    const status = spec.status ?? 'in_stock';
    const parts = [spec.color, spec.size].filter((part): part is string => Boolean(part));
    return {
      id: spec.id,
      product_id: productId,
      name: parts.length > 0 ? `${label} (${parts.join(' / ')})` : label,
      size: spec.size ?? null,
      color: spec.color ?? null,
      color_code: spec.colorCode ?? null,
      price: spec.price,
      in_stock: status === 'in_stock' || status === 'stocked_on_demand',
      availability_status: availability(status),
    };
  });
}

const APPAREL_SIZES = ['S', 'M', 'L', 'XL', '2XL'] as const;

function apparelVariants(
  firstId: number,
  colors: Array<{ color: string; colorCode: string; outOfStock?: string[] }>,
  price: string,
  price2xl: string,
): VariantSpec[] {
  return colors.flatMap((c, colorIndex) =>
    APPAREL_SIZES.map((size, sizeIndex) => ({
      id: firstId + colorIndex * APPAREL_SIZES.length + sizeIndex,
      size,
      color: c.color,
      colorCode: c.colorCode,
      price: size === '2XL' ? price2xl : price,
      status: c.outOfStock?.includes(size) ? ('out_of_stock' as const) : ('in_stock' as const),
    })),
  );
}

const mugs: CatalogProduct = {
  id: 19,
  type: 'MUG',
  type_name: 'Mug',
  title: 'White Glossy Mug',
  brand: 'Printful',
  model: 'White Glossy Mug',
  description:
    'A sturdy white ceramic mug with a glossy finish, printed all the way around. Dishwasher and microwave safe.',
  currency: 'USD',
  is_discontinued: false,
  mockup: 'mug',
  print_areas: [{ placement: 'default', title: 'Print file', width: 2700, height: 1050 }],
  options: [],
  variants: variantsOf(19, 'White Glossy Mug', [
    { id: 1320, size: '11 oz', color: 'White', colorCode: '#ffffff', price: '6.95' },
    { id: 4830, size: '15 oz', color: 'White', colorCode: '#ffffff', price: '8.95' },
    { id: 16586, size: '20 oz', color: 'White', colorCode: '#ffffff', price: '11.50', status: 'discontinued' },
  ]),
};

const posters: CatalogProduct = {
  id: 1,
  type: 'POSTER',
  type_name: 'Poster',
  title: 'Enhanced Matte Paper Poster (in)',
  brand: 'Printful',
  model: 'Enhanced Matte Paper Poster',
  description:
    'Museum-quality poster on thick, durable matte paper (189 g/m²) that gives the artwork a calm, glare-free finish.',
  currency: 'USD',
  is_discontinued: false,
  mockup: 'poster',
  print_areas: [{ placement: 'default', title: 'Print file', width: 5400, height: 7200 }],
  options: [],
  variants: variantsOf(1, 'Enhanced Matte Paper Poster (in)', [
    { id: 6239, size: '8×10', price: '7.95' },
    { id: 3876, size: '12×18', price: '10.25' },
    { id: 1, size: '18×24', price: '13.50' },
    { id: 2, size: '24×36', price: '18.95' },
    { id: 16365, size: '36×48', price: '29.50', status: 'out_of_stock' },
  ]),
};

const framedPosters: CatalogProduct = {
  id: 2,
  type: 'FRAMED-POSTER',
  type_name: 'Framed poster',
  title: 'Enhanced Matte Paper Framed Poster (in)',
  brand: 'Printful',
  model: 'Enhanced Matte Paper Framed Poster',
  description:
    'The matte-paper print in a lightweight hardwood frame with a white mat, acrylite front and hanging hardware included.',
  currency: 'USD',
  is_discontinued: false,
  mockup: 'framed-poster',
  print_areas: [{ placement: 'default', title: 'Print file', width: 3600, height: 4800 }],
  options: [],
  variants: variantsOf(2, 'Enhanced Matte Paper Framed Poster (in)', [
    { id: 4651, size: '12×16', color: 'Black', colorCode: '#000000', price: '31.00' },
    { id: 4, size: '18×24', color: 'Black', colorCode: '#000000', price: '45.00' },
    { id: 6, size: '24×36', color: 'Black', colorCode: '#000000', price: '67.00' },
    { id: 4652, size: '12×16', color: 'White', colorCode: '#ffffff', price: '31.00' },
    { id: 5, size: '18×24', color: 'White', colorCode: '#ffffff', price: '45.00' },
    { id: 7, size: '24×36', color: 'White', colorCode: '#ffffff', price: '67.00', status: 'out_of_stock' },
  ]),
};

const canvas: CatalogProduct = {
  id: 3,
  type: 'CANVAS',
  type_name: 'Canvas',
  title: 'Canvas (in)',
  brand: 'Printful',
  model: 'Stretched Canvas',
  description:
    'Textured, fade-resistant canvas stretched over a 1.25″ pine frame. The image wraps around the edges (gallery wrap).',
  currency: 'USD',
  is_discontinued: false,
  mockup: 'canvas',
  print_areas: [{ placement: 'default', title: 'Print file (with wrap)', width: 5550, height: 6750 }],
  options: [],
  variants: variantsOf(3, 'Canvas (in)', [
    { id: 823, size: '12×12', price: '23.50' },
    { id: 824, size: '12×16', price: '27.00' },
    { id: 825, size: '16×20', price: '33.00' },
    { id: 826, size: '18×24', price: '38.50' },
    { id: 827, size: '24×36', price: '62.00' },
    { id: 822, size: '8×10', price: '19.95', status: 'out_of_stock' },
  ]),
};

const tees: CatalogProduct = {
  id: 71,
  type: 'T-SHIRT',
  type_name: 'T-Shirt',
  title: 'Unisex Staple T-Shirt | Bella + Canvas 3001',
  brand: 'Bella + Canvas',
  model: '3001 Unisex Short Sleeve Jersey T-Shirt with Tear Away Label',
  description:
    'A soft, lightweight 100% combed ring-spun cotton tee with a relaxed unisex fit. The artwork is printed direct-to-garment on the chest.',
  currency: 'USD',
  is_discontinued: false,
  mockup: 't-shirt',
  print_areas: [
    { placement: 'front', title: 'Front print', width: 3600, height: 4800 },
    { placement: 'back', title: 'Back print', width: 3600, height: 4800 },
  ],
  options: [{ id: 'stitch_color', title: 'Stitch color', type: 'radio' }],
  variants: variantsOf(
    71,
    'Unisex Staple T-Shirt | Bella + Canvas 3001',
    apparelVariants(
      4011,
      [
        { color: 'White', colorCode: '#ffffff' },
        { color: 'Black', colorCode: '#0b0b0b' },
        { color: 'Navy', colorCode: '#212642', outOfStock: ['2XL'] },
        { color: 'Athletic Heather', colorCode: '#cececc' },
      ],
      '9.25',
      '11.50',
    ),
  ),
};

const hoodies: CatalogProduct = {
  id: 146,
  type: 'HOODIE',
  type_name: 'Hoodie',
  title: 'Unisex Heavy Blend Hoodie | Gildan 18500',
  brand: 'Gildan',
  model: '18500 Unisex Heavy Blend Hooded Sweatshirt',
  description:
    'A cosy 50/50 cotton–polyester fleece hoodie with a double-lined hood, front pouch pocket and ribbed cuffs. Printed on the chest.',
  currency: 'USD',
  is_discontinued: false,
  mockup: 'hoodie',
  print_areas: [
    { placement: 'front', title: 'Front print', width: 3300, height: 3300 },
    { placement: 'back', title: 'Back print', width: 3600, height: 4800 },
  ],
  options: [],
  variants: variantsOf(
    146,
    'Unisex Heavy Blend Hoodie | Gildan 18500',
    apparelVariants(
      5522,
      [
        { color: 'White', colorCode: '#ffffff' },
        { color: 'Black', colorCode: '#111111' },
        { color: 'Navy', colorCode: '#1f2437' },
        { color: 'Sport Grey', colorCode: '#9b969c', outOfStock: ['S'] },
      ],
      '22.95',
      '25.95',
    ),
  ),
};

const totes: CatalogProduct = {
  id: 367,
  type: 'BAG',
  type_name: 'Tote bag',
  title: 'Eco Tote Bag',
  brand: 'Printful',
  model: 'Organic Cotton Tote',
  description: 'A roomy 15″×15.75″ organic cotton tote with long handles, printed on one side.',
  currency: 'USD',
  is_discontinued: false,
  mockup: 'tote',
  print_areas: [{ placement: 'front', title: 'Front print', width: 3360, height: 3360 }],
  options: [],
  variants: variantsOf(367, 'Eco Tote Bag', [
    { id: 10458, size: '15″×15.75″', color: 'Oyster', colorCode: '#ebe4d4', price: '13.50' },
    { id: 10457, size: '15″×15.75″', color: 'Black', colorCode: '#151515', price: '13.50' },
  ]),
};

const phoneCases: CatalogProduct = {
  id: 181,
  type: 'PHONE-CASE',
  type_name: 'Phone case',
  title: 'Tough Case for iPhone® and Samsung®',
  brand: 'Printful',
  model: 'Tough Case',
  description: 'A dual-layer impact-resistant case with a glossy printed back and a clear cut-out for the camera.',
  currency: 'USD',
  is_discontinued: false,
  mockup: 'phone-case',
  print_areas: [{ placement: 'default', title: 'Case back', width: 1200, height: 2400 }],
  options: [],
  variants: variantsOf(181, 'Tough Case', [
    { id: 17616, size: 'iPhone 15', price: '12.95' },
    { id: 17617, size: 'iPhone 15 Pro', price: '12.95' },
    { id: 15078, size: 'iPhone 14', price: '12.95' },
    { id: 17763, size: 'Samsung Galaxy S24', price: '13.95' },
    { id: 10994, size: 'iPhone 12 mini', price: '12.95', status: 'discontinued' },
  ]),
};

const pillows: CatalogProduct = {
  id: 83,
  type: 'PILLOW',
  type_name: 'Throw pillow',
  title: 'Basic Throw Pillow',
  brand: 'Printful',
  model: 'Spun Polyester Pillow',
  description:
    'A soft spun-polyester throw pillow with a concealed zipper, printed on the front and filled with a plush insert.',
  currency: 'USD',
  is_discontinued: false,
  mockup: 'pillow',
  print_areas: [{ placement: 'front', title: 'Front print', width: 5400, height: 5400 }],
  options: [],
  variants: variantsOf(83, 'Basic Throw Pillow', [
    { id: 4532, size: '16×16', price: '17.95' },
    { id: 4533, size: '18×18', price: '19.50' },
    { id: 4534, size: '20×20', price: '21.50' },
    { id: 4535, size: '22×22', price: '23.95' },
  ]),
};

export const builtinCatalog: readonly CatalogProduct[] = [
  mugs,
  posters,
  framedPosters,
  canvas,
  tees,
  hoodies,
  totes,
  phoneCases,
  pillows,
];

/** What a fresh shop sells: one store product per entry, enabled and priced. */
export const defaultStoreProducts: ReadonlyArray<{
  variantId: number;
  name: string;
  description: string;
  category: StoreCategory;
  markupPercentage: number;
}> = [
  {
    variantId: 1320,
    name: 'Classic Mug 11 oz',
    description: 'Your artwork wrapped around a glossy white 11 oz ceramic mug.',
    category: 'mugs',
    markupPercentage: 130,
  },
  {
    variantId: 4830,
    name: 'Large Mug 15 oz',
    description: 'The bigger glossy white mug, for long mornings: 15 oz, printed all around.',
    category: 'mugs',
    markupPercentage: 120,
  },
  {
    variantId: 3876,
    name: 'Art Print 12×18″',
    description: 'Museum-quality matte poster, 12×18 inches.',
    category: 'posters',
    markupPercentage: 140,
  },
  {
    variantId: 1,
    name: 'Poster 18×24″',
    description: 'Large museum-quality matte poster, 18×24 inches.',
    category: 'posters',
    markupPercentage: 120,
  },
  {
    variantId: 4,
    name: 'Framed Print 18×24″',
    description: 'Matte print in a black hardwood frame with a white mat, ready to hang.',
    category: 'posters',
    markupPercentage: 80,
  },
  {
    variantId: 825,
    name: 'Canvas 16×20″',
    description: 'Gallery-wrapped stretched canvas, 16×20 inches; the image continues around the edges.',
    category: 'posters',
    markupPercentage: 90,
  },
  {
    variantId: 4012,
    name: 'T-Shirt, White',
    description: 'Soft Bella + Canvas 3001 cotton tee in white with your artwork on the chest. Size M.',
    category: 'apparel',
    markupPercentage: 150,
  },
  {
    variantId: 4017,
    name: 'T-Shirt, Black',
    description: 'Soft Bella + Canvas 3001 cotton tee in black with your artwork on the chest. Size M.',
    category: 'apparel',
    markupPercentage: 150,
  },
  {
    variantId: 5538,
    name: 'Hoodie, Sport Grey',
    description: 'Warm Gildan 18500 heavy-blend hoodie in sport grey with your artwork on the chest. Size M.',
    category: 'apparel',
    markupPercentage: 90,
  },
  {
    variantId: 10458,
    name: 'Tote Bag',
    description: 'Organic cotton tote bag with your artwork printed on the front.',
    category: 'accessories',
    markupPercentage: 100,
  },
  {
    variantId: 17616,
    name: 'iPhone 15 Case',
    description: 'Impact-resistant tough case for iPhone 15 with a glossy printed back.',
    category: 'accessories',
    markupPercentage: 130,
  },
  {
    variantId: 4533,
    name: 'Throw Pillow 18×18″',
    description: 'Soft throw pillow, 18×18 inches, with your artwork on the front.',
    category: 'home',
    markupPercentage: 100,
  },
];

const variantIndex = new Map<number, { product: CatalogProduct; variant: CatalogVariant }>(
  builtinCatalog.flatMap((product) => product.variants.map((variant) => [variant.id, { product, variant }] as const)),
);

/** A variant and its product, or undefined when the catalog has no such variant. */
export function findBuiltinVariant(
  variantId: number,
): { product: CatalogProduct; variant: CatalogVariant } | undefined {
  return variantIndex.get(variantId);
}
