import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '@/web/lib/api-client';

export interface SiteInfo {
  siteName: string;
  supportEmail: string;
}

export const siteQuery = queryOptions({
  queryKey: ['site'],
  queryFn: () => apiFetch<SiteInfo>('/api/site'),
  staleTime: Infinity,
});

export function useSite() {
  return useQuery(siteQuery);
}
