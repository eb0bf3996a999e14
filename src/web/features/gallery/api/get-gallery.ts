import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Gallery } from '@/domain/gallery';
import { apiFetch } from '@/web/lib/api-client';

const EMPTY: Gallery = { source: 'static', pairs: [], recent: [] };

export const galleryQuery = queryOptions({
  queryKey: ['gallery'],
  // A failed gallery fetch leaves the lists empty, silently (storefront §2 Home).
  queryFn: () => apiFetch<Gallery>('/api/gallery').catch(() => EMPTY),
});

export function useGallery() {
  return useQuery(galleryQuery);
}
