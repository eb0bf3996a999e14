import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { AnalyticsInterval, AnalyticsView } from '@/domain/analytics';
import { apiFetch } from '@/web/lib/api-client';

export interface AnalyticsRange {
  from: string;
  to: string;
  interval: AnalyticsInterval;
}

export function useAnalytics(range: AnalyticsRange) {
  return useQuery({
    queryKey: ['admin', 'analytics', range],
    queryFn: () => apiFetch<AnalyticsView>(`/api/admin/analytics?${new URLSearchParams({ ...range })}`),
    placeholderData: keepPreviousData,
  });
}
