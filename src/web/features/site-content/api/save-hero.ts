import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminContentView, HeroContent } from '@/domain/admin-content';
import { apiFetch } from '@/web/lib/api-client';
import { adminContentQueryKey } from './get-content';

/** Home's hero query, refreshed so the storefront shows the saved words at once. */
const storefrontHeroQueryKey = ['hero'] as const;

export function saveHero(hero: HeroContent): Promise<AdminContentView> {
  return apiFetch<AdminContentView>('/api/admin/content', { method: 'PUT', json: { hero } });
}

export function useSaveHero() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveHero,
    onSuccess: (content) => {
      queryClient.setQueryData(adminContentQueryKey, content);
      void queryClient.invalidateQueries({ queryKey: storefrontHeroQueryKey });
    },
  });
}
