import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CustomerErasureResult } from '@/domain/admin-transformations';
import { apiFetch } from '@/web/lib/api-client';

const url = (email: string) => `/api/admin/customers?${new URLSearchParams({ email })}`;

/** The dry run: what erasing would remove and keep, nothing changed. */
export function previewErasure(email: string): Promise<CustomerErasureResult> {
  return apiFetch<CustomerErasureResult>(url(email));
}

export function eraseCustomer(email: string): Promise<CustomerErasureResult> {
  return apiFetch<CustomerErasureResult>(url(email), { method: 'DELETE' });
}

export function usePreviewErasure() {
  return useMutation({ mutationFn: previewErasure });
}

/** Erasing removes artworks: the feed and Home's gallery are read again. */
export function useEraseCustomer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: eraseCustomer,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: ['admin', 'transformations'] });
      void queryClient.invalidateQueries({ queryKey: ['gallery'] });
    },
  });
}
