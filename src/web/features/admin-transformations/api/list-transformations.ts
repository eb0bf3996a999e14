import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { TransformationPage } from '@/domain/admin-transformations';
import { apiFetch } from '@/web/lib/api-client';

/** The feed's filters as the screen holds them (admin §3 Transformation filters) and its page. */
export interface FeedQuery {
  searchQuery: string;
  styleId: string;
  isHomepageExample: '' | 'true' | 'false';
  dateFrom: string;
  dateTo: string;
  page: number;
}

export const EMPTY_FILTERS: Omit<FeedQuery, 'page'> = {
  searchQuery: '',
  styleId: '',
  isHomepageExample: '',
  dateFrom: '',
  dateTo: '',
};

export const transformationsQueryKey = ['admin', 'transformations'] as const;

export function feedUrl(query: FeedQuery): string {
  const params = new URLSearchParams();
  if (query.searchQuery.trim()) params.set('search', query.searchQuery.trim());
  if (query.styleId) params.set('style_id', query.styleId);
  if (query.isHomepageExample) params.set('homepage', query.isHomepageExample);
  if (query.dateFrom) params.set('from', query.dateFrom);
  if (query.dateTo) params.set('to', query.dateTo);
  params.set('page', String(query.page));
  return `/api/admin/transformations?${params}`;
}

export const transformationsQuery = (query: FeedQuery) =>
  queryOptions({
    queryKey: [...transformationsQueryKey, query],
    queryFn: () => apiFetch<TransformationPage>(feedUrl(query)),
    placeholderData: keepPreviousData,
  });

export function useTransformations(query: FeedQuery) {
  return useQuery(transformationsQuery(query));
}
