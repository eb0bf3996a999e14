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
  const folder = await mkdtemp(join(tmpdir(), `${TEMP_PREFIX}${process.pid}-`));
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

/** The process that made an upload folder, from its name (`wanderer-upload-<pid>-…`), if it says. */
function ownerPid(name: string): number | null {
  const match = new RegExp(`^${TEMP_PREFIX}(\\d+)-`).exec(name);
  return match ? Number(match[1]) : null;
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Temporary upload folders a previous run left behind (killed mid-upload). A folder whose
 * process is gone goes at once, whatever its age; one whose process runs (other shops on the
 * machine: tests, a second process) stays. A folder named without its process (an older
 * release) goes once older than `olderThanMs`, which no upload under way can be.
 * Returns how many were removed.
 */
export async function sweepStaleUploads(olderThanMs: number, now = Date.now()): Promise<number> {
  const root = tmpdir();
  let removed = 0;
  for (const name of await readdir(root).catch(() => [] as string[])) {
    if (!name.startsWith(TEMP_PREFIX)) continue;
    const folder = join(root, name);
    const pid = ownerPid(name);
    if (pid !== null) {
      if (isRunning(pid)) continue;
    } else {
      const modified = await stat(folder).then(
        (entry) => entry.mtimeMs,
        () => null,
      );
      if (modified === null || now - modified < olderThanMs) continue;
    }
    await rm(folder, { recursive: true, force: true });
    removed += 1;
  }
  return removed;
}
