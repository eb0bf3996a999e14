import type { UploadedPreview } from '@/domain/admin-styles';
import { apiFetch } from '@/web/lib/api-client';

/** Stores a preview under style-previews/ and answers its key and public URL. */
export function uploadStylePreview(file: File): Promise<UploadedPreview> {
  const body = new FormData();
  body.append('preview', file);
  return apiFetch<UploadedPreview>('/api/admin/styles/previews', { method: 'POST', body });
}
