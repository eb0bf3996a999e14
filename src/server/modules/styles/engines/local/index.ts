/**
 * Local style engines: classic non-photorealistic rendering on the CPU. Each render runs in a
 * piscina worker thread so the server's event loop never blocks on pixels.
 */
import sharp from 'sharp'; // loaded by the main thread first, so libvips stays resident while workers come and go
import { availableParallelism } from 'node:os';
import { MessageChannel } from 'node:worker_threads';
import { lazyPool } from '../../../../infra/worker-pools.js';
import { workGate } from '../../../../infra/work-gate.js';
import type { EncodedRendition } from '../../../../infra/renditions.js';
import { localStyles, type LocalStyleId } from './catalogue.js';
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
  /** Makes the renditions too, in the render thread. */
  renditions?: boolean;
}

export interface RenderResult {
  /** JPEG. */
  image: Buffer;
  width: number;
  height: number;
  /** The quality check's figures for the artwork shown, and how many renders it took. */
  quality?: LocalRenderOutput['quality'];
  /** A preview's renditions, made in the render thread. */
  renditions?: EncodedRendition[];
}

const THREADS = Math.max(1, availableParallelism());

const pool = lazyPool<RenderTask, LocalRenderOutput | undefined>('./worker', import.meta.url, {
  maxThreads: THREADS,
  // A thread that ended after idling made the next artwork cost 1.5–2× (a new thread, its
  // helper, and every kernel compiled again), so one thread, the one a lone visitor's render
  // runs in, is kept once started. The others, and the memory they hold, go after 30 s idle:
  // keeping them all held six 12 MP renders' shop at 466 MB after two idle minutes.
  keptThreads: 1,
  idleTimeout: 30_000,
  // Its collection and scratch memory are let go once it idles (idle-gc.ts).
  runsWhileIdle: true,
});
/**
 * Renders nobody watches that are over in a moment (the warm-up, style previews; not print
 * files), while they run: a visitor's render waits for them, up to `BACKGROUND_WAIT_MS`.
 */
const shortBackground = new Set<Promise<unknown>>();
const SHORT_BACKGROUND_SIDE = 1024;
const BACKGROUND_WAIT_MS = 1_000;

/**
 * Runs in a piscina worker-thread pool so the event loop never blocks; onProgress gets 0..1
 * fractions as real stages complete.
 *
 * A visitor's render that arrives while a short render nobody watches holds the kept thread
 * waits for it, for a second at most: sent at once, it went to a second thread, started cold
 * beside the first (the first artwork after a fresh start, sent mid-warm-up, took 2.0 s where
 * the kept thread rendered it in 0.8 s once free).
 */
export async function renderArtwork(
  req: RenderRequest,
  onProgress?: (fraction: number) => void,
): Promise<RenderResult> {
  if (workGate.inDeferredWork) {
    const run = renderNow(req, onProgress);
    if (req.longSide <= SHORT_BACKGROUND_SIDE) {
      shortBackground.add(run);
      void run.catch(() => {}).finally(() => shortBackground.delete(run));
    }
    return run;
  }
  if (shortBackground.size > 0) {
    const waited = Promise.allSettled([...shortBackground]);
    await Promise.race([waited, new Promise((resolve) => setTimeout(resolve, BACKGROUND_WAIT_MS).unref())]);
  }
  return renderNow(req, onProgress);
}

async function renderNow(req: RenderRequest, onProgress?: (fraction: number) => void): Promise<RenderResult> {
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
    const result = await pool.run({ ...req, input, port: port2 }, { transferList: [port2, input.buffer] });
    if (!result) throw new Error('the render thread returned no artwork');
    report(1);
    return {
      image: Buffer.from(result.image.buffer, result.image.byteOffset, result.image.byteLength),
      width: result.width,
      height: result.height,
      quality: result.quality,
      // Buffers arrive from the thread as plain Uint8Arrays.
      ...(result.renditions && {
        renditions: result.renditions.map(({ width, height, data }) => ({
          width,
          height,
          ...(data && { data: Buffer.from(data.buffer, data.byteOffset, data.byteLength) }),
        })),
      }),
    };
  } finally {
    done = true;
    port1.close();
  }
}

/** Render threads running now (the tests' view of the pool). */
export const renderThreads = (): number => pool.threads;

/**
 * Starts the kept render thread now, without rendering: loading its code and starting its
 * helper took a second or more of the first artwork after a start, on cores busy with the rest
 * of the start. Resolves once it has loaded.
 */
export function startRenderThread(): Promise<void> {
  return pool.start({ styleId: localStyles[0]!.id, start: true, input: new Uint8Array(0), longSide: 0 });
}

/** The small photo the warm-up renders: noise, so that every kernel finds detail to work on. */
const WARM_UP_SIDE = 768;
const warmUpPhoto = () =>
  sharp({
    create: {
      width: WARM_UP_SIDE,
      height: 576,
      channels: 3,
      background: { r: 128, g: 128, b: 128 },
      noise: { type: 'gaussian', mean: 128, sigma: 48 },
    },
  })
    .jpeg({ quality: 85 })
    .toBuffer();

/**
 * Readies the kept render thread before a visitor needs it: it renders each style once on a
 * small photo, which starts the thread and its helper and compiles every kernel. `step` runs
 * each style's render; the caller passes the work gate's deferred lane, so a visitor
 * arriving mid-way goes first.
 */
export async function warmLocalEngines(
  step: (work: () => Promise<unknown>) => Promise<unknown> = (work) => work(),
): Promise<void> {
  // On the kept thread: a render sent while it still loads would start a second thread, and
  // the warm-up would be split between a thread that stays and one that goes when idle.
  const [input] = await Promise.all([warmUpPhoto(), startRenderThread()]);
  for (const style of localStyles) {
    await step(() => renderArtwork({ styleId: style.id, input, longSide: WARM_UP_SIDE }));
  }
}

export const closeStylePool = (): Promise<void> => pool.close();
