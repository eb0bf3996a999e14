import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '@/web/lib/api-client';

export interface StyleOption {
  id: string;
  name: string;
}

/** Every style, active or not: an artwork keeps the style it was made in. */
export const styleOptionsQuery = queryOptions({
  queryKey: ['admin', 'styles'],
  queryFn: () => apiFetch<StyleOption[]>('/api/admin/styles'),
});

export function useStyleOptions() {
  return useQuery(styleOptionsQuery);
}
