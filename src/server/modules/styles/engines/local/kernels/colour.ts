import { rowKernel } from '../parallel.js';
import { type RgbF, f32, srgbToOklabRange } from '../raster.js';

const oklabRows = rowKernel<{ src: Float32Array; out: Float32Array; w: number }>(
  'colour/oklab',
  ({ src, out, w }, y0, y1) => {
    srgbToOklabRange(src, out, y0 * w * 3, y1 * w * 3);
  },
);

/** The image in OKLab (interleaved L, a, b), converted on both threads. */
export async function toOklabRows(img: RgbF): Promise<RgbF> {
  const out = f32(img.data.length);
  await oklabRows({ src: img.data, out, w: img.width }, img.height);
  return { width: img.width, height: img.height, data: out };
}

/** How much more a/b count than L when clustering colours. */
export const CHROMA_WEIGHT = 2;

/** Cluster centres back from the chroma-weighted space to plain OKLab. */
export function unweighted(centres: Float32Array): Float32Array {
  const out = centres.slice();
  for (let i = 0; i < out.length; i += 3) {
    out[i + 1] /= CHROMA_WEIGHT;
    out[i + 2] /= CHROMA_WEIGHT;
  }
  return out;
}
