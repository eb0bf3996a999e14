/**
 * Catalog rules from the admin spec §4 (first reading): the store category and the print
 * difficulty of a provider product, derived from keywords in its type. Shared by the server
 * (sync, seed) and the admin catalog browser (badges, filters).
 */

export const productCategories = ['mugs', 'apparel', 'posters', 'accessories', 'home', 'other'] as const;
export type ProductCategory = (typeof productCategories)[number];

export const difficultyLevels = ['simple', 'medium', 'complex'] as const;
export type DifficultyLevel = (typeof difficultyLevels)[number];

/** Labels of the catalog browser's category filter. */
export const productCategoryLabels: Record<ProductCategory, string> = {
  mugs: 'Mugs & Drinkware',
  apparel: 'Apparel',
  posters: 'Posters & Prints',
  accessories: 'Accessories',
  home: 'Home & Living',
  other: 'Other',
};

// Checked in this order; the first category with a matching keyword wins.
const categoryKeywords: ReadonlyArray<readonly [Exclude<ProductCategory, 'other'>, readonly string[]]> = [
  ['mugs', ['mug']],
  ['apparel', ['shirt', 'hoodie', 'tank', 'tee']],
  ['posters', ['poster', 'print', 'canvas']],
  ['accessories', ['case', 'bag', 'hat']],
  ['home', ['pillow', 'blanket', 'towel']],
];

/** mug → mugs; shirt, hoodie, tank, tee → apparel; poster, print, canvas → posters; case, bag, hat → accessories; pillow, blanket, towel → home; else other. */
export function categoryFromType(type: string | null | undefined): ProductCategory {
  const text = (type ?? '').toLowerCase();
  for (const [category, keywords] of categoryKeywords) {
    if (keywords.some((keyword) => text.includes(keyword))) return category;
  }
  return 'other';
}

/** mug, poster or print → simple; all-over, embroidery or sublimation → complex; else medium. */
export function difficultyFromType(type: string | null | undefined): DifficultyLevel {
  const text = (type ?? '').toLowerCase();
  if (['mug', 'poster', 'print'].some((keyword) => text.includes(keyword))) return 'simple';
  if (['all-over', 'embroidery', 'sublimation'].some((keyword) => text.includes(keyword))) return 'complex';
  return 'medium';
}
