import { apiFetch } from '@/web/lib/api-client';

export interface Mockup {
  variant_id: number;
  placement: string;
  label: string;
  mockup_url: string;
  extra_mockups: string[];
  source: 'local' | 'printful';
}

export interface GenerateMockupsAnswer {
  success: boolean;
  mockups: Mockup[];
  pending: boolean;
  error?: string;
}

/** The spec's generation time-out: 2 minutes. */
export const GENERATION_TIMEOUT_MS = 120_000;

export function generateMockups(transformationId: string, variantIds: number[]): Promise<GenerateMockupsAnswer> {
  return apiFetch<GenerateMockupsAnswer>('/api/mockups', {
    method: 'POST',
    json: { transformationId, variant_ids: variantIds },
    signal: AbortSignal.timeout(GENERATION_TIMEOUT_MS),
  });
}
