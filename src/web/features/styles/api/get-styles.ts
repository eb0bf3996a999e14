import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '@/web/lib/api-client';

export interface Style {
  id: string;
  name: string;
  preview_image_path: string | null;
}

export const stylesQuery = queryOptions({
  queryKey: ['styles'],
  queryFn: async () => {
    try {
      return await apiFetch<Style[]>('/api/styles');
    } catch (error) {
      // The spec's behaviour: log it, and show the empty list.
      console.warn('Failed to fetch available styles', error);
      return [];
    }
  },
});

export function useStyles() {
  return useQuery(stylesQuery);
}
