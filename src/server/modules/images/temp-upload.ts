/**
 * An uploaded file, streamed to a temporary file as it arrives: the photo is never held in
 * memory whole, and reading stops the moment it passes the size limit.
 */
import { createWriteStream } from 'node:fs';
import { mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

const TEMP_PREFIX = 'wanderer-upload-';

export interface TempUpload {
  path: string;
  /** True when the file passed the limit: the bytes kept are only its beginning. */
  tooLarge: boolean;
  remove(): Promise<void>;
}

/** Busboy's file stream emits 'limit' when the part reaches the size limit it was given. */
/** `cancelled` aborts the save when the client's connection goes (a cut-off slow upload): busboy's stream would just stall. */
export async function saveToTempFile(file: Readable, cancelled?: AbortSignal): Promise<TempUpload> {
  const folder = await mkdtemp(join(tmpdir(), TEMP_PREFIX));
  const remove = () => rm(folder, { recursive: true, force: true });
  const path = join(folder, 'upload');
  const stop = new AbortController();
  let tooLarge = false;
  file.once('limit', () => {
    tooLarge = true;
    stop.abort();
  });
  try {
    const signal = cancelled ? AbortSignal.any([stop.signal, cancelled]) : stop.signal;
    await pipeline(file, createWriteStream(path), { signal });
  } catch (error) {
    if (!tooLarge) {
      await remove();
      throw error;
    }
  }
  return { path, tooLarge, remove };
}

/**
 * Temporary upload folders a previous run left behind (killed mid-upload). Only folders
 * older than `olderThanMs` go: other shops on the machine (tests, a second process) may be
 * receiving uploads right now, and none of theirs can be older than the request time-out.
 * Returns how many were removed.
 */
export async function sweepStaleUploads(olderThanMs: number, now = Date.now()): Promise<number> {
  const root = tmpdir();
  let removed = 0;
  for (const name of await readdir(root).catch(() => [] as string[])) {
    if (!name.startsWith(TEMP_PREFIX)) continue;
    const folder = join(root, name);
    const modified = await stat(folder).then(
      (entry) => entry.mtimeMs,
      () => null,
    );
    if (modified === null || now - modified < olderThanMs) continue;
    await rm(folder, { recursive: true, force: true });
    removed += 1;
  }
  return removed;
}
