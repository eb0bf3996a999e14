/**
 * An uploaded file, streamed to a temporary file as it arrives: the photo is never held in
 * memory whole, and reading stops the moment it passes the size limit.
 */
import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

export interface TempUpload {
  path: string;
  /** True when the file passed the limit: the bytes kept are only its beginning. */
  tooLarge: boolean;
  remove(): Promise<void>;
}

/** Busboy's file stream emits 'limit' when the part reaches the size limit it was given. */
export async function saveToTempFile(file: Readable): Promise<TempUpload> {
  const folder = await mkdtemp(join(tmpdir(), 'wanderer-upload-'));
  const remove = () => rm(folder, { recursive: true, force: true });
  const path = join(folder, 'upload');
  const stop = new AbortController();
  let tooLarge = false;
  file.once('limit', () => {
    tooLarge = true;
    stop.abort();
  });
  try {
    await pipeline(file, createWriteStream(path), { signal: stop.signal });
  } catch (error) {
    if (!tooLarge) {
      await remove();
      throw error;
    }
  }
  return { path, tooLarge, remove };
}
