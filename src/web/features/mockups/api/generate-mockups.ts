import type { GenerateMockupsRequest, MockupAnswer } from '@/domain/mockups';
import type { ArtFit } from '@/domain/placement';
import { apiFetch } from '@/web/lib/api-client';

/** The spec's generation time-out: 2 minutes. */
export const GENERATION_TIMEOUT_MS = 120_000;

/** `fit`: the visitor's fill or fit; left out, each product's own default. */
export function generateMockups(transformationId: string, variantIds: number[], fit?: ArtFit): Promise<MockupAnswer> {
  const request: GenerateMockupsRequest = { transformationId, variant_ids: variantIds, ...(fit ? { fit } : {}) };
  return apiFetch<MockupAnswer>('/api/mockups', {
    method: 'POST',
    json: request,
    signal: AbortSignal.timeout(GENERATION_TIMEOUT_MS),
  });
}
