import type { VariantAlternative, VariantValidation } from '@/domain/variants';
import { apiFetch } from '@/web/lib/api-client';

export interface ValidateVariantsAnswer {
  success: boolean;
  results: VariantValidation[];
  alternatives: Record<number, VariantAlternative[]>;
}

/** The spec's validation time-out: 30 s. */
export const VALIDATION_TIMEOUT_MS = 30_000;

export function validateVariants(variantIds: number[]): Promise<ValidateVariantsAnswer> {
  return apiFetch<ValidateVariantsAnswer>('/api/catalog/validate-variants', {
    method: 'POST',
    json: { variant_ids: variantIds },
    signal: AbortSignal.timeout(VALIDATION_TIMEOUT_MS),
  });
}
