/** Area-averaged small copies of a photo, and a small plane enlarged back to a working size. */
import {
  type BilinearAxis,
  type Plane,
  type Rgb8,
  resampleBilinear,
  resampleBilinearHere,
  sharedAxis,
} from '../raster.js';
import { inSharedMemory, rowKernel, shared } from '../parallel.js';

/** Area-averaged copy with the long side `long` (never enlarged), as 0..1 floats. */
export function downscale(img: Rgb8, long: number): Promise<{ width: number; height: number; data: Float32Array }> {
  const scale = Math.min(1, long / Math.max(img.width, img.height));
  return downscaleTo(img, Math.max(1, Math.round(img.width * scale)), Math.max(1, Math.round(img.height * scale)));
}

/**
 * Area-averaged copy at exactly w × h (w ≤ width, h ≤ height), as 0..1 floats. At most about
 * 6 × 6 samples go into each output pixel: a 6000 px print is checked as fast as a preview.
 * Output rows are shared between both threads; each sums the photo's rows that fall in it.
 */
export async function downscaleTo(
  img: Rgb8,
  w: number,
  h: number,
): Promise<{ width: number; height: number; data: Float32Array }> {
  const { width: W, height: H, data } = img;
  const stepY = Math.max(1, Math.floor(H / h / 6));
  const stepX = Math.max(1, Math.floor(W / w / 6));
  const col = shared.i32(W);
  for (let x = 0; x < W; x++) col[x] = Math.min(w - 1, Math.floor((x * w) / W)) * 3;
  // Samples per output pixel: the rows of each output row times the columns of each output column.
  const perCol = shared.i32(w);
  for (let x = 0; x < W; x += stepX) perCol[col[x] / 3]++;
  const out = shared.toFill.f32(w * h * 3);
  await downscaleRows({ data: inSharedMemory(data), col, perCol, out, W, H, w, h, stepX, stepY }, h);
  return { width: w, height: h, data: out };
}

/** The output row of photo row `y`. */
function outputRow(y: number, H: number, h: number): number {
  return Math.min(h - 1, Math.floor((y * h) / H));
}

const downscaleRows = rowKernel<{
  data: Uint8Array;
  col: Int32Array;
  perCol: Int32Array;
  out: Float32Array;
  W: number;
  H: number;
  w: number;
  h: number;
  stepX: number;
  stepY: number;
}>('resample/downscale', ({ data, col, perCol, out, W, H, w, h, stepX, stepY }, r0, r1) => {
  // Integer sums (exact, and cheaper than float read-modify-writes), by output column.
  const sums = new Uint32Array(w * 3);
  // The first sampled photo row of output row r0: one step before floor(r0 · H / h), rounded
  // down to a sample row, then on until it belongs.
  let y = Math.max(0, Math.floor((r0 * H) / h / stepY) - 1) * stepY;
  while (y < H && outputRow(y, H, h) < r0) y += stepY;
  for (let r = r0; r < r1; r++) {
    sums.fill(0);
    let rows = 0;
    for (; y < H && outputRow(y, H, h) === r; y += stepY, rows++)
      sumRow(data, col, sums, y * W * 3, (y + 1) * W * 3, stepX);
    for (let x = 0, o = r * w * 3; x < w; x++, o += 3) {
      const k = 1 / (255 * (rows * perCol[x] || 1));
      out[o] = sums[x * 3] * k;
      out[o + 1] = sums[x * 3 + 1] * k;
      out[o + 2] = sums[x * 3 + 2] * k;
    }
  }
});

/** One photo row's samples added to their output columns' sums. */
function sumRow(data: Uint8Array, col: Int32Array, sums: Uint32Array, i: number, end: number, stepX: number): void {
  const step3 = stepX * 3;
  for (let x = 0; i < end; x += stepX, i += step3) {
    const o = col[x];
    sums[o] += data[i];
    sums[o + 1] += data[i + 1];
    sums[o + 2] += data[i + 2];
  }
}

/**
 * The subject map resampled (bilinear) to another size, e.g. a style's working size. The
 * async form shares the rows between both threads; the same rows come out of either.
 */
export function resamplePlane(p: Plane, width: number, height: number): Float32Array {
  return resampleBilinearHere(p, centredAxis(width, p.width), centredAxis(height, p.height));
}

export function resamplePlaneRows(p: Plane, width: number, height: number): Promise<Float32Array> {
  const plane = { ...p, data: inSharedMemory(p.data) };
  return resampleBilinear(plane, centredAxis(width, p.width), centredAxis(height, p.height));
}

/** The subject map's samples of an axis: pixel centres aligned, clamped at both ends. */
function centredAxis(outN: number, inN: number): BilinearAxis {
  const axis = sharedAxis(outN);
  for (let o = 0; o < outN; o++) {
    const s = Math.min(inN - 1, Math.max(0, ((o + 0.5) * inN) / outN - 0.5));
    const a = Math.max(0, Math.min(inN - 2, Math.floor(s)));
    axis.i0[o] = a;
    axis.i1[o] = Math.min(inN - 1, a + 1);
    axis.f[o] = inN > 1 ? s - a : 0;
  }
  return axis;
}
