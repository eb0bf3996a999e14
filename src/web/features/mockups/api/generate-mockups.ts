import type { MockupAnswer } from '@/domain/mockups';
import { apiFetch } from '@/web/lib/api-client';

/** The spec's generation time-out: 2 minutes. */
export const GENERATION_TIMEOUT_MS = 120_000;

export function generateMockups(transformationId: string, variantIds: number[]): Promise<MockupAnswer> {
  return apiFetch<MockupAnswer>('/api/mockups', {
    method: 'POST',
    json: { transformationId, variant_ids: variantIds },
    signal: AbortSignal.timeout(GENERATION_TIMEOUT_MS),
  });
}
