/**
 * Local style engines: classic non-photorealistic rendering on the CPU. Each render runs in a
 * piscina worker thread so the server's event loop never blocks on pixels.
 */
import 'sharp'; // loaded by the main thread first, so libvips stays resident while workers come and go
import { availableParallelism } from 'node:os';
import { MessageChannel } from 'node:worker_threads';
import { lazyPool } from '../../../../infra/worker-pools.js';
import type { LocalStyleId } from './catalogue.js';
import type { RenderTask } from './worker.js';
import type { LocalRenderOutput } from './render.js';

export { type LocalStyleId, isLocalStyleId, localStyles } from './catalogue.js';

export interface RenderRequest {
  styleId: LocalStyleId;
  /** Any format sharp reads; EXIF orientation is applied. */
  input: Buffer;
  /** Long side of the artwork: 2048 for the preview, up to 6000 for the print file. Never upscales. */
  longSide: number;
  /** JPEG quality, default 90. */
  quality?: number;
}

export interface RenderResult {
  /** JPEG. */
  image: Buffer;
  width: number;
  height: number;
  /** The quality check's figures for the artwork shown, and how many renders it took. */
  quality?: LocalRenderOutput['quality'];
}

const pool = lazyPool<RenderTask, LocalRenderOutput>('./worker', import.meta.url, {
  maxThreads: Math.max(1, availableParallelism()),
  // Each busy thread holds hundreds of megabytes of pixels; compiled, a new one starts in
  // a fraction of a second, so idle threads (and their helpers) go after 30 s.
  idleTimeout: 30_000,
});

/** Runs in a piscina worker-thread pool so the event loop never blocks; onProgress gets 0..1 fractions as real stages complete. */
export async function renderArtwork(
  req: RenderRequest,
  onProgress?: (fraction: number) => void,
): Promise<RenderResult> {
  // A private copy: the caller's Buffer may share its memory with others, and ours is moved.
  const input = new Uint8Array(req.input);
  const { port1, port2 } = new MessageChannel();
  let reported = 0;
  let done = false;
  const report = (fraction: number) => {
    if (done || !onProgress || !(fraction > reported)) return;
    reported = Math.min(1, fraction);
    onProgress(reported);
  };
  port1.on('message', report);
  try {
    const result = await pool.run(
      { styleId: req.styleId, input, longSide: req.longSide, quality: req.quality, port: port2 },
      { transferList: [port2, input.buffer] },
    );
    report(1);
    return {
      image: Buffer.from(result.image.buffer, result.image.byteOffset, result.image.byteLength),
      width: result.width,
      height: result.height,
      quality: result.quality,
    };
  } finally {
    done = true;
    port1.close();
  }
}

export const closeStylePool = (): Promise<void> => pool.close();
