import { queryOptions, useQuery } from '@tanstack/react-query';
import { DEFAULT_HERO, type HeroView } from '@/domain/admin-content';
import { apiFetch } from '@/web/lib/api-client';

const FALLBACK: HeroView = { ...DEFAULT_HERO, backgroundImageUrl: null };

export const heroQuery = queryOptions({
  queryKey: ['hero'],
  // Home always has words to show: a failed fetch falls back to the shop's first ones.
  queryFn: () => apiFetch<HeroView>('/api/content/hero').catch(() => FALLBACK),
});

export function useHero() {
  return useQuery(heroQuery);
}
