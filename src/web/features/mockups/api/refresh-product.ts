import type { VariantAlternative } from '@/domain/variants';
import { apiFetch } from '@/web/lib/api-client';

export interface RefreshAnswer {
  success: boolean;
  variant_id: number;
  alternatives?: VariantAlternative[];
}

export function refreshProductData(variantId: number): Promise<RefreshAnswer> {
  return apiFetch<RefreshAnswer>('/api/catalog/refresh', { method: 'POST', json: { variant_id: variantId } });
}
