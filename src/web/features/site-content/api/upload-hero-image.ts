import { useMutation } from '@tanstack/react-query';
import type { UploadedContentImage } from '@/domain/admin-content';
import { apiFetch } from '@/web/lib/api-client';

export function uploadHeroImage(file: File): Promise<UploadedContentImage> {
  const body = new FormData();
  body.append('image', file);
  return apiFetch<UploadedContentImage>('/api/admin/content/hero-image', { method: 'POST', body });
}

export function useUploadHeroImage() {
  return useMutation({ mutationFn: uploadHeroImage });
}
