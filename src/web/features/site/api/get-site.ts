import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SiteView } from '@/domain/gallery';
import { apiFetch } from '@/web/lib/api-client';

export type SiteInfo = SiteView;

export const siteQuery = queryOptions({
  queryKey: ['site'],
  queryFn: () => apiFetch<SiteInfo>('/api/site'),
  // The owner's gallery default may change while a visitor browses: asked again on each visit.
  staleTime: 60_000,
});

export function useSite() {
  return useQuery(siteQuery);
}
