/**
 * POST /api/images (storefront §4 Upload flow): the checks of §5, compression of large
 * photos, and up to 3 attempts, 1 s then 2 s apart, with the messages of §8.
 */
import { useMutation } from '@tanstack/react-query';
import {
  isDuplicateUploadError,
  UPLOAD_ATTEMPTS,
  UPLOAD_MESSAGES,
  UPLOAD_RETRY_DELAYS_MS,
  uploadFileProblem,
} from '@/domain/upload';
import { ApiError, apiFetch } from '@/web/lib/api-client';
import { compressIfLarge } from '../lib/compress-image';

export interface UploadedImage {
  id: string;
  url: string;
}

/** A message for the visitor; `unexpected` marks a failure no rule foresaw. */
export class UploadError extends Error {
  constructor(
    message: string,
    readonly unexpected = false,
  ) {
    super(message);
  }
}

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

function postImage(file: File): Promise<UploadedImage> {
  const form = new FormData();
  form.append('file', file, file.name);
  return apiFetch<UploadedImage>('/api/images', { method: 'POST', body: form });
}

/** A refusal of the file itself (4xx) or a duplicate will not change on a second try. */
function isWorthRetrying(error: unknown): boolean {
  if (error instanceof ApiError) return error.status >= 500 && !isDuplicateUploadError(error.message);
  // fetch rejects with a TypeError when the network fails.
  return error instanceof TypeError;
}

function toUploadError(error: unknown): UploadError {
  if (error instanceof ApiError) {
    const fromServer = typeof (error.body as { error?: unknown })?.error === 'string';
    return new UploadError(fromServer ? error.message : UPLOAD_MESSAGES.storageFailed);
  }
  if (error instanceof TypeError) return new UploadError(UPLOAD_MESSAGES.storageFailed);
  return new UploadError(UPLOAD_MESSAGES.unexpected, true);
}

export async function uploadImage(file: File): Promise<UploadedImage> {
  const problem = uploadFileProblem(file);
  if (problem) throw new UploadError(problem);
  const sent = await compressIfLarge(file);
  let lastError: unknown;
  for (let attempt = 1; attempt <= UPLOAD_ATTEMPTS; attempt++) {
    try {
      return await postImage(sent);
    } catch (error) {
      lastError = error;
      if (!isWorthRetrying(error) || attempt === UPLOAD_ATTEMPTS) break;
      await wait(UPLOAD_RETRY_DELAYS_MS[attempt - 1] ?? 0);
    }
  }
  throw toUploadError(lastError);
}

export function useUploadImage() {
  return useMutation<UploadedImage, UploadError, File>({
    mutationFn: (file) =>
      uploadImage(file).catch((error: unknown) => {
        throw error instanceof UploadError ? error : new UploadError(UPLOAD_MESSAGES.unexpected, true);
      }),
  });
}
