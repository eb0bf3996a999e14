import { rowKernel } from '../parallel.js';
import { type Plane, type RgbF, copyF32, f32 } from '../raster.js';

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
  const r = (k.length - 1) >> 1;
  const tmp = f32(w * h);
  const row = f32(w + 2 * r);
  const s = src.data;
  for (let y = 0; y < h; y++) {
    const o = y * w;
    for (let x = 0; x < r; x++) row[x] = s[o];
    for (let x = 0; x < w; x++) row[x + r] = s[o + x];
    for (let x = 0; x < r; x++) row[w + r + x] = s[o + w - 1];
    for (let x = 0; x < w; x++) {
      let acc = 0;
      for (let i = 0; i < k.length; i++) acc += k[i] * row[x + i];
      tmp[o + x] = acc;
    }
  }
  const out = f32(w * h);
  for (let y = 0; y < h; y++) {
    const o = y * w;
    for (let i = 0; i < k.length; i++) {
      let yy = y + i - r;
      if (yy < 0) yy = 0;
      else if (yy >= h) yy = h - 1;
      const ki = k[i];
      const ro = yy * w;
      for (let x = 0; x < w; x++) out[o + x] += ki * tmp[ro + x];
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

/** Gaussian blur of each channel of an interleaved RGB image. */
export function gaussianBlurRgb(src: RgbF, sigma: number): RgbF {
  const { width: w, height: h } = src;
  const n = w * h;
  const out = f32(n * 3);
  const ch = f32(n);
  for (let c = 0; c < 3; c++) {
    for (let i = 0, j = c; i < n; i++, j += 3) ch[i] = src.data[j];
    const b = gaussianBlur({ width: w, height: h, data: ch }, sigma).data;
    for (let i = 0, j = c; i < n; i++, j += 3) out[j] = b[i];
  }
  return { width: w, height: h, data: out };
}

interface RgbPassArgs {
  src: Float32Array;
  dst: Float32Array;
  k: Float32Array;
  w: number;
  h: number;
}

const rgbRowsH = rowKernel<RgbPassArgs>('blur/rgb-h', ({ src, dst, k, w }, y0, y1) => {
  const r = (k.length - 1) >> 1;
  // The row with its edge pixels repeated r times at each end: no clamping per tap.
  const row = new Float32Array((w + 2 * r) * 3);
  for (let y = y0; y < y1; y++) {
    const o = y * w;
    for (let x = 0; x < r; x++) for (let c = 0; c < 3; c++) row[x * 3 + c] = src[o * 3 + c];
    row.set(src.subarray(o * 3, (o + w) * 3), r * 3);
    for (let x = w + r; x < w + 2 * r; x++) for (let c = 0; c < 3; c++) row[x * 3 + c] = src[(o + w - 1) * 3 + c];
    for (let x = 0; x < w; x++) {
      let a = 0;
      let b = 0;
      let c = 0;
      for (let i = 0, p = x * 3; i < k.length; i++, p += 3) {
        const ki = k[i];
        a += ki * row[p];
        b += ki * row[p + 1];
        c += ki * row[p + 2];
      }
      const q = (o + x) * 3;
      dst[q] = a;
      dst[q + 1] = b;
      dst[q + 2] = c;
    }
  }
});

const rgbRowsV = rowKernel<RgbPassArgs>('blur/rgb-v', ({ src, dst, k, w, h }, y0, y1) => {
  const r = (k.length - 1) >> 1;
  const n = w * 3;
  for (let y = y0; y < y1; y++) {
    const o = y * n;
    for (let i = 0; i < k.length; i++) {
      let yy = y + i - r;
      yy = yy < 0 ? 0 : yy >= h ? h - 1 : yy;
      const ki = k[i];
      const ro = yy * n;
      for (let x = 0; x < n; x++) dst[o + x] += ki * src[ro + x];
    }
  }
});

/**
 * Gaussian blur of an interleaved RGB image for small sigmas (≤ 3), straight on the interleaved
 * data and split over both threads.
 */
export async function gaussianBlurRgbRows(src: RgbF, sigma: number): Promise<RgbF> {
  if (sigma > 3) return gaussianBlurRgb(src, sigma);
  const { width: w, height: h } = src;
  const k = gaussianKernel(Math.max(0.3, sigma));
  const tmp = f32(w * h * 3);
  const out = f32(w * h * 3);
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

const gaussRowsH = rowKernel<PlanePassArgs>('blur/plane-h', ({ src, dst, k, w }, y0, y1) => {
  const r = (k.length - 1) >> 1;
  const row = new Float32Array(w + 2 * r);
  for (let y = y0; y < y1; y++) {
    const o = y * w;
    for (let x = 0; x < r; x++) row[x] = src[o];
    for (let x = 0; x < w; x++) row[x + r] = src[o + x];
    for (let x = 0; x < r; x++) row[w + r + x] = src[o + w - 1];
    for (let x = 0; x < w; x++) {
      let acc = 0;
      for (let i = 0; i < k.length; i++) acc += k[i] * row[x + i];
      dst[o + x] = acc;
    }
  }
});

const gaussRowsV = rowKernel<PlanePassArgs>('blur/plane-v', ({ src, dst, k, w, h }, y0, y1) => {
  const r = (k.length - 1) >> 1;
  for (let y = y0; y < y1; y++) {
    const o = y * w;
    for (let i = 0; i < k.length; i++) {
      let yy = y + i - r;
      if (yy < 0) yy = 0;
      else if (yy >= h) yy = h - 1;
      const ki = k[i];
      const ro = yy * w;
      for (let x = 0; x < w; x++) dst[o + x] += ki * src[ro + x];
    }
  }
});

const boxRowsH = rowKernel<PlanePassArgs>('blur/box-h', ({ src, dst, w, h, r }, y0, y1) =>
  boxH(src, dst, w, h, r, y0, y1),
);

const boxColumnsV = rowKernel<PlanePassArgs>('blur/box-v', ({ src, dst, w, h, r }, x0, x1) =>
  boxV(src, dst, w, h, r, x0, x1),
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
  const { width: w, height: h } = src;
  const r = boxRadius(sigma);
  const a = copyF32(src.data);
  const b = f32(w * h);
  const k = f32(1);
  for (let pass = 0; pass < 3; pass++) {
    await boxRowsH({ src: a, dst: b, k, w, h, r }, h);
    await boxColumnsV({ src: b, dst: a, k, w, h, r }, w);
  }
  return { width: w, height: h, data: a };
}
