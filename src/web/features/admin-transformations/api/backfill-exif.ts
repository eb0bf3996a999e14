import type { ExifBatchResult } from '@/domain/admin-transformations';
import { apiFetch } from '@/web/lib/api-client';

/** One batch of the EXIF backfill, from the saved offset (the loop lives in the card). */
export function backfillExifBatch(offset: number): Promise<ExifBatchResult | undefined> {
  return apiFetch<ExifBatchResult | undefined>('/api/admin/backfill/exif', { method: 'POST', json: { offset } });
}
