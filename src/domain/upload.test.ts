import { describe, expect, it } from 'vitest';
import {
  COMPRESSION,
  COMPRESSION_THRESHOLD_BYTES,
  isDuplicateUploadError,
  MAX_UPLOAD_BYTES,
  METADATA_TIMEOUT_MS,
  UPLOAD_ATTEMPTS,
  UPLOAD_MESSAGES,
  UPLOAD_RETRY_DELAYS_MS,
  uploadFileProblem,
} from './upload';

describe('the upload control checks a file before sending it (storefront §5)', () => {
  it("refuses a file without an image/ type: 'Please upload an image file'", () => {
    expect(uploadFileProblem({ name: 'notes.txt', type: 'text/plain', size: 10 })).toBe('Please upload an image file');
    expect(uploadFileProblem({ name: 'page.html', type: 'text/html', size: 10 })).toBe(UPLOAD_MESSAGES.notAnImage);
  });

  it("refuses a file over 40MB: 'Image must be smaller than 40MB'", () => {
    expect(uploadFileProblem({ name: 'a.jpg', type: 'image/jpeg', size: 40 * 1024 * 1024 + 1 })).toBe(
      'Image must be smaller than 40MB',
    );
    expect(uploadFileProblem({ name: 'a.jpg', type: 'image/jpeg', size: 40 * 1024 * 1024 })).toBeNull();
  });

  it('accepts a HEIC photo that the system gave no type, by its name', () => {
    expect(uploadFileProblem({ name: 'IMG_0420.HEIC', type: '', size: 2_000_000 })).toBeNull();
    expect(uploadFileProblem({ name: 'archive', type: '', size: 2_000 })).toBe(UPLOAD_MESSAGES.notAnImage);
  });
});

describe('the constants of storefront §9', () => {
  it('has the spec values', () => {
    expect(MAX_UPLOAD_BYTES).toBe(40 * 1024 * 1024);
    expect(COMPRESSION_THRESHOLD_BYTES).toBe(8 * 1024 * 1024);
    expect(COMPRESSION).toEqual({
      maxWidth: 2048,
      maxHeight: 2048,
      quality: 0.85,
      timeoutMs: 30_000,
      targetSizeKb: 5000,
    });
    expect(METADATA_TIMEOUT_MS).toBe(15_000);
    expect(UPLOAD_ATTEMPTS).toBe(3);
    expect(UPLOAD_RETRY_DELAYS_MS).toEqual([1000, 2000]);
  });
});

describe('retries stop at once when the error says the file already exists or is a duplicate (storefront §4)', () => {
  it.each(['The resource already exists', 'Duplicate file', 'duplicate key value violates unique constraint'])(
    '%s',
    (message) => {
      expect(isDuplicateUploadError(message)).toBe(true);
    },
  );

  it('retries anything else', () => {
    expect(isDuplicateUploadError('Failed to fetch')).toBe(false);
  });
});
