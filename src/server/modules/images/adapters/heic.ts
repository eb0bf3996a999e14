/**
 * HEIC (HEVC-coded HEIF, the iPhone's format) decoded in-process by libheif, in a worker-
 * thread pool: libvips here has no HEVC decoder. One thread at most, since a decoded 48 MP
 * photo holds about 200 MB; the thread, with its WebAssembly heap, ends after a short idle
 * time, which hands that memory back.
 */
import 'sharp'; // loaded by the main thread first, so libvips stays resident while workers come and go
import { lazyPool } from '../../../infra/worker-pools.js';
import type { HeicTask } from './heic-worker.js';
import type { DisplayCopy } from './sharp-images.js';

const pool = lazyPool<HeicTask, { data: Uint8Array; width: number; height: number }>('./heic-worker', import.meta.url, {
  maxThreads: 1,
  idleTimeout: 10_000,
});

async function run(task: HeicTask): Promise<DisplayCopy> {
  const result = await pool.run(task);
  return {
    data: Buffer.from(result.data.buffer, result.data.byteOffset, result.data.byteLength),
    width: result.width,
    height: result.height,
  };
}

/** The public display copy of a HEIC file (see sharp-images.ts for what it is). */
export function renderHeicDisplayCopy(path: string): Promise<DisplayCopy> {
  return run({ source: path, output: 'display' });
}

/** Every pixel of a HEIC photo as a JPEG that sharp reads (for print files). */
export async function decodeToJpeg(heic: Buffer): Promise<Buffer> {
  return (await run({ source: new Uint8Array(heic), output: 'full' })).data;
}

export const closeHeicPool = (): Promise<void> => pool.close();
