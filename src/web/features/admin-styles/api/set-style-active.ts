import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminStyle } from '@/domain/admin-styles';
import { apiFetch } from '@/web/lib/api-client';
import { adminStylesQueryKey, storefrontStylesQueryKey } from './list-styles';

export function setStyleActive({ id, isActive }: { id: string; isActive: boolean }): Promise<AdminStyle> {
  return apiFetch<AdminStyle>(`/api/admin/styles/${id}/active`, { method: 'PATCH', json: { is_active: isActive } });
}

export function useSetStyleActive() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setStyleActive,
    onSuccess: (style) =>
      queryClient.setQueryData<AdminStyle[]>(adminStylesQueryKey, (styles) =>
        styles?.map((entry) => (entry.id === style.id ? style : entry)),
      ),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: adminStylesQueryKey });
      void queryClient.invalidateQueries({ queryKey: storefrontStylesQueryKey });
    },
  });
}
