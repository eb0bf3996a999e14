import { COLUMN_CHUNK, rowKernel } from '../parallel.js';
import { type Plane, type RgbF, copyF32, enlargePlane, f32, f32ToFill } from '../raster.js';

function gaussianKernel(sigma: number): Float32Array {
  const radius = Math.max(1, Math.ceil(sigma * 3));
  const k = f32(radius * 2 + 1);
  let sum = 0;
  for (let i = -radius; i <= radius; i++) {
    const v = Math.exp((-i * i) / (2 * sigma * sigma));
    k[i + radius] = v;
    sum += v;
  }
  for (let i = 0; i < k.length; i++) k[i] /= sum;
  return k;
}

/**
 * Separable Gaussian blur of a plane with edge replication. From sigma 1.6 up it switches to
 * three box passes (within 3 % of a Gaussian), whose cost does not grow with sigma.
 */
export function gaussianBlur(src: Plane, sigma: number): Plane {
  if (sigma <= 0.05) return { width: src.width, height: src.height, data: copyF32(src.data) };
  if (sigma >= 1.6) return boxBlur3(src, sigma);
  const { width: w, height: h } = src;
  const k = gaussianKernel(sigma);
  const tmp = horizontalGaussian(src, k);
  const out = f32(w * h);
  verticalPass(tmp, out, k, w, h, 0, h);
  return { width: w, height: h, data: out };
}

/** The horizontal pass of a Gaussian: each row convolved with `k`, edges replicated. */
function horizontalGaussian(src: Plane, k: Float32Array): Float32Array {
  const tmp = f32(src.width * src.height);
  horizontalPass(src.data, tmp, k, src.width, 1, 0, src.height);
  return tmp;
}

/**
 * A true Gaussian at any sigma, each pass summed in double precision: for the photo analysis's
 * small maps (64 and 128 px), where it costs nothing. The subject map was tuned on this blur;
 * `gaussianBlur`'s box passes and float32 sums move the subject, and so the artwork, of most
 * photos. `gaussianBlur` trades that exactness for speed on working-size images.
 */
export function exactGaussianBlur(src: Plane, sigma: number): Plane {
  const { width: w, height: h } = src;
  const k = gaussianKernel(sigma);
  const r = (k.length - 1) >> 1;
  const tmp = horizontalGaussian(src, k);
  const out = f32(w * h);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      let acc = 0;
      for (let i = 0; i < k.length; i++) acc += k[i] * tmp[Math.min(h - 1, Math.max(0, y + i - r)) * w + x];
      out[y * w + x] = acc;
    }
  }
  return { width: w, height: h, data: out };
}

/** Three box passes per axis approximating a Gaussian of the given sigma. */
export function boxBlur3(src: Plane, sigma: number): Plane {
  const { width: w, height: h } = src;
  const r = boxRadius(sigma);
  const a = copyF32(src.data);
  const b = f32(w * h);
  for (let pass = 0; pass < 3; pass++) {
    boxH(a, b, w, h, r);
    boxV(b, a, w, h, r);
  }
  return { width: w, height: h, data: a };
}

/**
 * A wide Gaussian (a base tone of several percent of the image) taken on a copy reduced up to
 * four times (each pixel the mean of a block), then enlarged bilinearly. Such a blur has no
 * detail the reduced copy could lose, and it costs a sixteenth of `boxBlur3` at full size.
 */
export async function wideBlur(src: Plane, sigma: number): Promise<Plane> {
  // The reduced copy keeps a sigma of at least 4 of its pixels, so the box passes stay smooth.
  const f = Math.min(4, Math.floor(sigma / 4));
  const { width: w, height: h } = src;
  if (f < 2 || w < 2 * f || h < 2 * f) return boxBlur3(src, sigma);
  const sw = Math.ceil(w / f);
  const sh = Math.ceil(h / f);
  const small = f32(sw * sh);
  await blockMeanRows({ data: src.data, small, w, h, f, sw }, sh);
  // The block mean already blurs by a variance of (f² − 1) / 12 pixels².
  const s = Math.sqrt(Math.max(1, sigma * sigma - (f * f - 1) / 12)) / f;
  const b = boxBlur3({ width: sw, height: sh, data: small }, s).data;
  return enlargePlane({ width: sw, height: sh, data: b }, w, h);
}

/** Rows of the reduced copy: each pixel the mean of its f × f block (fewer at the edges). */
const blockMeanRows = rowKernel<{
  data: Float32Array;
  small: Float32Array;
  w: number;
  h: number;
  f: number;
  sw: number;
}>('blur/block-mean', ({ data, small, w, h, f, sw }, y0, y1) => {
  for (let sy = y0; sy < y1; sy++) {
    const o = sy * sw;
    for (let y = sy * f, end = Math.min(h, y + f); y < end; y++) blockRow(data, y * w, w, f, small, o);
    const rows = Math.min(f, h - sy * f);
    for (let x = 0; x < sw; x++) small[o + x] /= rows * Math.min(f, w - x * f);
  }
});

/** One source row added to its reduced row's blocks. */
function blockRow(data: Float32Array, i: number, w: number, f: number, small: Float32Array, o: number): void {
  for (let x = 0; x < w; x++, i++) small[o + ((x / f) | 0)] += data[i];
}

/** Box width per pass so that three passes give variance sigma^2 (Wells 1986). */
function boxRadius(sigma: number): number {
  return Math.max(1, Math.round((Math.sqrt(4 * sigma * sigma + 1) - 1) / 2));
}

function boxH(src: Float32Array, dst: Float32Array, w: number, h: number, r: number, y0 = 0, y1 = h): void {
  const inv = 1 / (2 * r + 1);
  for (let y = y0; y < y1; y++) {
    const o = y * w;
    let acc = src[o] * (r + 1);
    for (let i = 1; i <= r; i++) acc += src[o + Math.min(i, w - 1)];
    for (let x = 0; x < w; x++) {
      dst[o + x] = acc * inv;
      const add = x + r + 1 < w ? x + r + 1 : w - 1;
      const sub = x - r > 0 ? x - r : 0;
      acc += src[o + add] - src[o + sub];
    }
  }
}

/** Vertical box pass over columns x0 ≤ x < x1 (a running sum per column). */
function boxV(src: Float32Array, dst: Float32Array, w: number, h: number, r: number, x0 = 0, x1 = w): void {
  const inv = 1 / (2 * r + 1);
  const acc = new Float64Array(x1 - x0);
  for (let x = x0; x < x1; x++) acc[x - x0] = src[x] * (r + 1);
  for (let i = 1; i <= r; i++) {
    const ro = Math.min(i, h - 1) * w;
    for (let x = x0; x < x1; x++) acc[x - x0] += src[ro + x];
  }
  for (let y = 0; y < h; y++) {
    const o = y * w;
    const add = (y + r + 1 < h ? y + r + 1 : h - 1) * w;
    const sub = (y - r > 0 ? y - r : 0) * w;
    for (let x = x0, j = 0; x < x1; x++, j++) {
      dst[o + x] = acc[j] * inv;
      acc[j] += src[add + x] - src[sub + x];
    }
  }
}

/** Gaussian blur (`gaussianBlur`, or the `blur` given) of each channel of an interleaved RGB image. */
export function gaussianBlurRgb(src: RgbF, sigma: number, blur = gaussianBlur): RgbF {
  const { width: w, height: h } = src;
  const n = w * h;
  const out = f32(n * 3);
  const ch = f32(n);
  for (let c = 0; c < 3; c++) {
    for (let i = 0, j = c; i < n; i++, j += 3) ch[i] = src.data[j];
    const b = blur({ width: w, height: h, data: ch }, sigma).data;
    for (let i = 0, j = c; i < n; i++, j += 3) out[j] = b[i];
  }
  return { width: w, height: h, data: out };
}

/**
 * The passes below unroll the taps of a small Gaussian (sigma < 1.6, so at most 11 taps) into
 * one expression with the weights in locals, about three times faster than a loop over the
 * kernel, at 7, 9 or 11 taps. The kernel is padded with zero weights to that width (a longer
 * one is left as it is, and loops); adding zeros leaves every sum exactly as the loop computed it.
 */
function unrolledWeights(k: Float32Array): Float64Array {
  const width = k.length <= 7 ? 7 : k.length <= 9 ? 9 : k.length <= 11 ? 11 : k.length;
  const weights = new Float64Array(width);
  weights.set(k, (width - k.length) >> 1);
  return weights;
}

/**
 * Vertical pass over rows y0 ≤ y < y1 of `n` values each, edges replicated, each value's taps
 * summed in double precision. The taps are unrolled at the kernel's own width: the zero
 * weights a narrow kernel is padded with cost as much as real ones, and the pass reads a row
 * per tap.
 */
function verticalPass(
  src: Float32Array,
  dst: Float32Array,
  k: Float32Array,
  n: number,
  h: number,
  y0: number,
  y1: number,
) {
  const weights = unrolledWeights(k);
  const width = weights.length;
  const R = width >> 1;
  const rows = new Int32Array(width);
  for (let y = y0; y < y1; y++) {
    for (let i = 0; i < width; i++) rows[i] = Math.min(h - 1, Math.max(0, y + i - R)) * n;
    sumTaps(src, dst, weights, rows, y * n, n);
  }
}

/**
 * Horizontal pass over rows y0 ≤ y < y1 of `w` pixels of `channels` interleaved values, edges
 * replicated, each value's taps summed in double precision and unrolled as the vertical pass's.
 */
function horizontalPass(
  src: Float32Array,
  dst: Float32Array,
  k: Float32Array,
  w: number,
  channels: number,
  y0: number,
  y1: number,
): void {
  const weights = unrolledWeights(k);
  const width = weights.length;
  const R = width >> 1;
  const n = w * channels;
  // The row with its edge pixels repeated R times at each end: no clamping per tap.
  const row = new Float32Array(n + 2 * R * channels);
  const taps = Int32Array.from({ length: width }, (_, i) => i * channels);
  for (let y = y0; y < y1; y++) {
    const o = y * n;
    for (let x = 0; x < R; x++) {
      for (let c = 0; c < channels; c++) {
        row[x * channels + c] = src[o + c];
        row[n + (R + x) * channels + c] = src[o + n - channels + c];
      }
    }
    row.set(src.subarray(o, o + n), R * channels);
    sumTaps(row, dst, weights, taps, o, n);
  }
}

/**
 * dst[o + x] = Σ k[i] · src[at[i] + x] for x < n: both passes' inner loop, one expression with
 * the weights and offsets in locals at 7, 9 and 11 taps, a loop over the taps beyond.
 */
function sumTaps(src: Float32Array, dst: Float32Array, k: Float64Array, at: Int32Array, o: number, n: number): void {
  if (k.length === 7) return sum7(src, dst, k, at, o, n);
  if (k.length === 9) return sum9(src, dst, k, at, o, n);
  if (k.length === 11) return sum11(src, dst, k, at, o, n);
  for (let x = 0; x < n; x++) {
    let acc = 0;
    for (let i = 0; i < k.length; i++) acc += k[i] * src[at[i] + x];
    dst[o + x] = acc;
  }
}

function sum7(src: Float32Array, dst: Float32Array, k: Float64Array, at: Int32Array, o: number, n: number) {
  const [k0, k1, k2, k3, k4, k5, k6] = k;
  const [a0, a1, a2, a3, a4, a5, a6] = at;
  for (let x = 0; x < n; x++) {
    dst[o + x] =
      k0 * src[a0 + x] +
      k1 * src[a1 + x] +
      k2 * src[a2 + x] +
      k3 * src[a3 + x] +
      k4 * src[a4 + x] +
      k5 * src[a5 + x] +
      k6 * src[a6 + x];
  }
}

function sum9(src: Float32Array, dst: Float32Array, k: Float64Array, at: Int32Array, o: number, n: number) {
  const [k0, k1, k2, k3, k4, k5, k6, k7, k8] = k;
  const [a0, a1, a2, a3, a4, a5, a6, a7, a8] = at;
  for (let x = 0; x < n; x++) {
    dst[o + x] =
      k0 * src[a0 + x] +
      k1 * src[a1 + x] +
      k2 * src[a2 + x] +
      k3 * src[a3 + x] +
      k4 * src[a4 + x] +
      k5 * src[a5 + x] +
      k6 * src[a6 + x] +
      k7 * src[a7 + x] +
      k8 * src[a8 + x];
  }
}

function sum11(src: Float32Array, dst: Float32Array, k: Float64Array, at: Int32Array, o: number, n: number) {
  const [k0, k1, k2, k3, k4, k5, k6, k7, k8, k9, k10] = k;
  const [a0, a1, a2, a3, a4, a5, a6, a7, a8, a9, a10] = at;
  for (let x = 0; x < n; x++) {
    dst[o + x] =
      k0 * src[a0 + x] +
      k1 * src[a1 + x] +
      k2 * src[a2 + x] +
      k3 * src[a3 + x] +
      k4 * src[a4 + x] +
      k5 * src[a5 + x] +
      k6 * src[a6 + x] +
      k7 * src[a7 + x] +
      k8 * src[a8 + x] +
      k9 * src[a9 + x] +
      k10 * src[a10 + x];
  }
}

interface RgbPassArgs {
  src: Float32Array;
  dst: Float32Array;
  k: Float32Array;
  w: number;
  h: number;
}

const rgbRowsH = rowKernel<RgbPassArgs>('blur/rgb-h', ({ src, dst, k, w }, y0, y1) =>
  horizontalPass(src, dst, k, w, 3, y0, y1),
);
const rgbRowsV = rowKernel<RgbPassArgs>('blur/rgb-v', ({ src, dst, k, w, h }, y0, y1) =>
  verticalPass(src, dst, k, w * 3, h, y0, y1),
);
/**
 * Gaussian blur of an interleaved RGB image for small sigmas (≤ 3), straight on the interleaved
 * data and split over both threads.
 */
export async function gaussianBlurRgbRows(src: RgbF, sigma: number): Promise<RgbF> {
  if (sigma > 3) return gaussianBlurRgb(src, sigma);
  const { width: w, height: h } = src;
  const k = gaussianKernel(Math.max(0.3, sigma));
  // Both passes write every value of their output.
  const tmp = f32ToFill(w * h * 3);
  const out = f32ToFill(w * h * 3);
  await rgbRowsH({ src: src.data, dst: tmp, k, w, h }, h);
  await rgbRowsV({ src: tmp, dst: out, k, w, h }, h);
  return { width: w, height: h, data: out };
}

interface PlanePassArgs {
  src: Float32Array;
  dst: Float32Array;
  k: Float32Array;
  w: number;
  h: number;
  r: number;
}

const gaussRowsH = rowKernel<PlanePassArgs>('blur/plane-h', ({ src, dst, k, w }, y0, y1) =>
  horizontalPass(src, dst, k, w, 1, y0, y1),
);
const gaussRowsV = rowKernel<PlanePassArgs>('blur/plane-v', ({ src, dst, k, w, h }, y0, y1) =>
  verticalPass(src, dst, k, w, h, y0, y1),
);
interface BoxPassArgs {
  srcs: Float32Array[];
  dsts: Float32Array[];
  w: number;
  h: number;
  r: number;
}

const boxRowsH = rowKernel<BoxPassArgs>('blur/box-h', ({ srcs, dsts, w, h, r }, y0, y1) => {
  for (let p = 0; p < srcs.length; p++) boxH(srcs[p], dsts[p], w, h, r, y0, y1);
});

const boxColumnsV = rowKernel<BoxPassArgs>(
  'blur/box-v',
  ({ srcs, dsts, w, h, r }, x0, x1) => {
    for (let p = 0; p < srcs.length; p++) boxV(srcs[p], dsts[p], w, h, r, x0, x1);
  },
  COLUMN_CHUNK,
);

/**
 * `gaussianBlur` split over both threads (rows for the horizontal passes, columns for the
 * vertical box passes); the same arithmetic, so the same result.
 */
export async function gaussianBlurRows(src: Plane, sigma: number): Promise<Plane> {
  const { width: w, height: h } = src;
  if (sigma <= 0.05) return { width: w, height: h, data: copyF32(src.data) };
  if (sigma >= 1.6) return boxBlur3Rows(src, sigma);
  const k = gaussianKernel(sigma);
  const tmp = f32(w * h);
  const out = f32(w * h);
  await gaussRowsH({ src: src.data, dst: tmp, k, w, h, r: 0 }, h);
  await gaussRowsV({ src: tmp, dst: out, k, w, h, r: 0 }, h);
  return { width: w, height: h, data: out };
}

/** `boxBlur3` split over both threads. */
export async function boxBlur3Rows(src: Plane, sigma: number): Promise<Plane> {
  const [out] = await boxBlur3PlanesRows([src], sigma);
  return out;
}

/**
 * `boxBlur3` of several planes of one size, split over both threads: each pass takes every
 * plane in one hand-off (a hand-off costs about a millisecond, a pass over a preview's plane
 * hardly more).
 */
async function boxBlur3PlanesRows(planes: Plane[], sigma: number): Promise<Plane[]> {
  const { width: w, height: h } = planes[0];
  const r = boxRadius(sigma);
  const a = planes.map((p) => copyF32(p.data));
  const b = planes.map(() => f32(w * h));
  for (let pass = 0; pass < 3; pass++) {
    await boxRowsH({ srcs: a, dsts: b, w, h, r }, h);
    await boxColumnsV({ srcs: b, dsts: a, w, h, r }, w);
  }
  return a.map((data) => ({ width: w, height: h, data }));
}

/** `gaussianBlurRows` of several planes of one size, the box passes of all of them together. */
export async function gaussianBlurPlanesRows(planes: Plane[], sigma: number): Promise<Plane[]> {
  if (sigma >= 1.6) return boxBlur3PlanesRows(planes, sigma);
  const out: Plane[] = [];
  for (const p of planes) out.push(await gaussianBlurRows(p, sigma));
  return out;
}
