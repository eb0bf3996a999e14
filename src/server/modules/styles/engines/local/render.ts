import sharp from 'sharp';
import { type Rgb8, toFloat } from './raster.js';
import { applyLut, exposureLut } from './kernels/tone.js';
import type { LocalStyleId } from './catalogue.js';
import { engines } from './styles/index.js';

export interface LocalRenderJob {
  styleId: LocalStyleId;
  input: Uint8Array;
  longSide: number;
  quality?: number;
}

export interface LocalRenderOutput {
  image: Uint8Array;
  width: number;
  height: number;
}

/** Share of the progress bar each stage takes: decoding, the style itself, encoding. */
const DECODED = 0.12;
const STYLED = 0.93;

/**
 * One artwork, in the calling thread: decode (EXIF-rotated, shrunk on load, never upscaled),
 * normalise exposure, run the style's kernels, encode JPEG. The worker pool calls this; the
 * scripts call it directly.
 */
export async function renderLocal(
  job: LocalRenderJob,
  onProgress: (fraction: number) => void = () => {},
): Promise<LocalRenderOutput> {
  const engine = engines[job.styleId];
  if (!engine) throw new Error(`Unknown local style: ${job.styleId}`);
  const longSide = Math.max(16, Math.round(job.longSide));
  const source = sharp(job.input, { failOn: 'none', limitInputPixels: 268_402_689 });
  const meta = await source.metadata();
  if (!meta.width || !meta.height) throw new Error('Unreadable image');
  // EXIF orientations 5–8 turn the picture a quarter, swapping width and height.
  const turned = (meta.orientation ?? 1) >= 5;
  const srcW = turned ? meta.height : meta.width;
  const srcH = turned ? meta.width : meta.height;
  const output = fitInside(srcW, srcH, longSide);
  const outLong = Math.max(output.width, output.height);
  const workLong = Math.min(outLong, Math.round(engine.workingLongSide(outLong)));
  const work = fitInside(srcW, srcH, workLong);
  const decoded = await source
    .rotate()
    .resize({ width: work.width, height: work.height, fit: 'fill', fastShrinkOnLoad: true })
    .flatten({ background: '#ffffff' })
    .toColourspace('srgb')
    .raw()
    .toBuffer({ resolveWithObject: true });
  const work8: Rgb8 = {
    width: decoded.info.width,
    height: decoded.info.height,
    data: new Uint8Array(decoded.data.buffer, decoded.data.byteOffset, decoded.data.length),
  };
  const lut = exposureLut(work8, engine.exposure);
  onProgress(DECODED);

  const out8 = await engine.render({
    output,
    work: toFloat(applyLut(work8, lut)),
    report: (f) => onProgress(DECODED + (STYLED - DECODED) * Math.min(1, Math.max(0, f))),
  });
  onProgress(STYLED);

  // A private Buffer for sharp: the pixels sit in a SharedArrayBuffer.
  const image = await sharp(Buffer.from(out8.data), { raw: { width: out8.width, height: out8.height, channels: 3 } })
    .jpeg({ quality: job.quality ?? 90 })
    .toBuffer();
  onProgress(1);
  return { image: new Uint8Array(image.buffer, image.byteOffset, image.length), width: out8.width, height: out8.height };
}

/** Size of an image fitted inside a square of `long`, never enlarged. */
function fitInside(width: number, height: number, long: number): { width: number; height: number } {
  const scale = Math.min(1, long / Math.max(width, height));
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}
