/** Whether a product variant can still be made, and how the storefront says so (storefront §4, §8). */

export type VariantProblem = 'discontinued' | 'out_of_stock' | 'not_found' | 'error';

export interface VariantValidation {
  variant_id: number;
  valid: boolean;
  reason?: VariantProblem;
  error?: string;
}

export interface VariantAlternative {
  variant_id: number;
  name: string;
  size: string | null;
  color: string | null;
  price: string;
}

export const VARIANT_PROBLEM_PHRASES: Record<VariantProblem, string> = {
  discontinued: 'has been discontinued',
  out_of_stock: 'is currently out of stock',
  not_found: 'could not be found (possibly removed or migrated)',
  error: 'encountered an API error',
};

export type RegionStatus = 'in_stock' | 'stocked_on_demand' | 'discontinued' | 'out_of_stock';

/** A variant is orderable while some region still stocks it (or prints it on demand). */
export function variantProblem(
  variant: {
    in_stock: boolean;
    availability_status: Array<{ status: RegionStatus }>;
  },
  productDiscontinued = false,
): VariantProblem | undefined {
  const statuses = variant.availability_status.map((region) => region.status);
  if (productDiscontinued || (statuses.length > 0 && statuses.every((status) => status === 'discontinued')))
    return 'discontinued';
  const orderable = statuses.some((status) => status === 'in_stock' || status === 'stocked_on_demand');
  if (!variant.in_stock || (statuses.length > 0 && !orderable)) return 'out_of_stock';
  return undefined;
}

/** "Variant 1320 has been discontinued" */
export function describeVariantProblem(variantId: number, reason: VariantProblem): string {
  return `Variant ${variantId} ${VARIANT_PROBLEM_PHRASES[reason]}`;
}
