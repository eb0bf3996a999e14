import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminStyle, StyleInput } from '@/domain/admin-styles';
import { apiFetch } from '@/web/lib/api-client';
import { adminStylesQueryKey, storefrontStylesQueryKey } from './list-styles';
import { uploadStylePreview } from './upload-style-preview';

export interface SaveStyleVariables {
  /** Absent for a new style. */
  id?: string;
  values: StyleInput;
  /** A newly chosen preview, uploaded before the style is saved. */
  preview?: File | null;
}

/** POST /api/admin/styles (new) or PUT /api/admin/styles/:id (edit), after the preview upload. */
export async function saveStyle({ id, values, preview }: SaveStyleVariables): Promise<AdminStyle> {
  const previewPath = preview ? (await uploadStylePreview(preview)).path : values.preview_image_path;
  const json = { ...values, preview_image_path: previewPath ?? null };
  return id
    ? apiFetch<AdminStyle>(`/api/admin/styles/${id}`, { method: 'PUT', json })
    : apiFetch<AdminStyle>('/api/admin/styles', { method: 'POST', json });
}

export function useSaveStyle() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveStyle,
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: adminStylesQueryKey });
      void queryClient.invalidateQueries({ queryKey: storefrontStylesQueryKey });
    },
  });
}
