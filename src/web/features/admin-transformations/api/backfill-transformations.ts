import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BackfillAnalysis, BackfillResult } from '@/domain/admin-transformations';
import { apiFetch } from '@/web/lib/api-client';
import { transformationsQueryKey } from './list-transformations';

export function analyzeBackfill(): Promise<BackfillAnalysis> {
  return apiFetch<BackfillAnalysis>('/api/admin/backfill/transformations', {
    method: 'POST',
    json: { action: 'analyze' },
  });
}

export function runBackfill(dryRun: boolean): Promise<BackfillResult> {
  return apiFetch<BackfillResult>('/api/admin/backfill/transformations', {
    method: 'POST',
    json: { action: 'backfill', dryRun },
  });
}

export function useAnalyzeBackfill() {
  return useMutation({ mutationFn: analyzeBackfill });
}

export function useRunBackfill() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: runBackfill,
    onSuccess: (result) => {
      if (!result.dryRun) void queryClient.invalidateQueries({ queryKey: transformationsQueryKey });
    },
  });
}
