/**
 * Photo upload rules shared by the upload control and the server (storefront §4 Upload flow,
 * §5, §8 Upload, §9): limits, time-outs, retries and every message a visitor may read.
 */

const MB = 1024 * 1024;

/** Largest photo accepted, by the browser before sending and by the server while reading. */
export const MAX_UPLOAD_BYTES = 40 * MB;

/**
 * Largest image, in pixels, the server will decode: 100 megapixels. That is above every
 * phone and nearly every camera (a 61 MP full-frame sensor, a 48 MP iPhone photo) while a
 * decoded image of that size stays under 400 MB of RAM. A file declaring more pixels (a
 * "pixel bomb": a few kilobytes that decode to gigabytes) is refused from its header alone.
 */
export const MAX_INPUT_PIXELS = 100_000_000;

/** Files over this size are compressed in the browser before they are sent. */
export const COMPRESSION_THRESHOLD_BYTES = 8 * MB;

/** The browser's compression (storefront §9): JPEG, at most 2048×2048, quality 0.85. */
export const COMPRESSION = {
  maxWidth: 2048,
  maxHeight: 2048,
  quality: 0.85,
  timeoutMs: 30_000,
  /** Target size: a compressed file still above it is encoded again at a lower quality. */
  targetSizeKb: 5000,
} as const;

/** Metadata extraction ends after this long, and the photo is saved with empty metadata. */
export const METADATA_TIMEOUT_MS = 15_000;

/** The upload is tried up to 3 times, waiting 1 s and then 2 s between the attempts. */
export const UPLOAD_ATTEMPTS = 3;
export const UPLOAD_RETRY_DELAYS_MS = [1000, 2000] as const;

/** Browsers cache an uploaded photo for an hour (storefront §7 Storage). */
export const UPLOAD_CACHE_SECONDS = 3600;

export const UPLOAD_MESSAGES = {
  notAnImage: 'Please upload an image file',
  tooLarge: 'Image must be smaller than 40MB',
  storageFailed: 'Failed to upload image. Please check your connection and try again.',
  saveFailed: 'Failed to save image information. Please try again.',
  unexpected: 'Failed to upload image. Please try again.',
  success: 'Photo uploaded successfully!',
  failedToast: 'Upload failed',
  unexpectedToast: 'An unexpected error occurred',
  // Ours: the server reads every file's bytes, and says plainly why one is refused.
  unreadable: 'This photo could not be read. The file may be damaged or incomplete.',
  tooManyPixels: 'This image is too large to process (over 100 megapixels). Please upload a smaller image.',
  controlCharactersInName: 'The file name must not contain control characters',
  malformedUpload: 'The upload was cut short or malformed. Please try again.',
  notOnlyAnImage: 'This file contains more than a photo and cannot be accepted. Please upload the photo itself.',
  photoNotFound: 'This photo is no longer available. Please upload it again.',
  metadataTooLarge:
    'This image carries too much embedded data (colour profile or text) to be processed. Please save it again without it and upload that.',
} as const;

/** Some systems give HEIC photos no MIME type; their name still says what they are. */
const IMAGE_EXTENSIONS = /\.(heic|heif|avif|jpe?g|png|gif|webp|tiff?)$/i;

/**
 * The control's checks before anything is sent (storefront §5): an image/ type, at most
 * 40MB. Returns the message to show, or null when the file may be uploaded.
 */
export function uploadFileProblem(file: { name: string; type: string; size: number }): string | null {
  const isImage = file.type ? file.type.startsWith('image/') : IMAGE_EXTENSIONS.test(file.name);
  if (!isImage) return UPLOAD_MESSAGES.notAnImage;
  if (file.size > MAX_UPLOAD_BYTES) return UPLOAD_MESSAGES.tooLarge;
  return null;
}

/** A storage answer that no retry can change (storefront §4: stop retrying at once). */
export function isDuplicateUploadError(message: string): boolean {
  return /already exists|duplicate/i.test(message);
}
