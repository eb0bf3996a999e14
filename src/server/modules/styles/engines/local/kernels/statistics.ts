/**
 * The figures a style reads off the whole photo: how it is exposed, how much colour it has and
 * how noisy it is. Each is taken on a subsample, so a print-size photo costs what a preview does.
 */
import type { Rgb8 } from '../raster.js';
import { inSharedMemory, rowKernel, shared } from '../parallel.js';

/** Luminance (Rec. 709 of the sRGB values, 0..1) percentiles and mean. */
export interface LumaPercentiles {
  p1: number;
  p5: number;
  p50: number;
  p95: number;
  p99: number;
  mean: number;
}

/** Luminance percentiles and mean of an 8-bit photo, from a subsample of about 200 k pixels. */
export function lumaPercentiles(img: Rgb8): LumaPercentiles {
  const d = img.data;
  const n = img.width * img.height;
  const hist = new Uint32Array(256);
  const step = Math.max(1, Math.floor(n / 200_000));
  let count = 0;
  let sum = 0;
  for (let p = 0; p < n; p += step) {
    const i = p * 3;
    const v = (0.2126 * d[i] + 0.7152 * d[i + 1] + 0.0722 * d[i + 2] + 0.5) | 0;
    hist[v]++;
    sum += v;
    count++;
  }
  const at = (q: number) => {
    let acc = 0;
    for (let v = 0; v < 256; v++) {
      acc += hist[v];
      if (acc >= q * count) return v / 255;
    }
    return 1;
  };
  return { p1: at(0.01), p5: at(0.05), p50: at(0.5), p95: at(0.95), p99: at(0.99), mean: sum / count / 255 };
}

/** Hasler & Süsstrunk (2003): σ and μ of the opponent channels rg and yb. */
export function haslerColourfulness(img: { data: Float32Array }): number {
  const d = img.data;
  const n = d.length / 3;
  let mrg = 0;
  let myb = 0;
  let srg = 0;
  let syb = 0;
  for (let i = 0; i < d.length; i += 3) {
    const rg = d[i] - d[i + 1];
    const yb = 0.5 * (d[i] + d[i + 1]) - d[i + 2];
    mrg += rg;
    myb += yb;
    srg += rg * rg;
    syb += yb * yb;
  }
  mrg /= n;
  myb /= n;
  const vrg = Math.max(0, srg / n - mrg * mrg);
  const vyb = Math.max(0, syb / n - myb * myb);
  return Math.sqrt(vrg + vyb) + 0.3 * Math.sqrt(mrg * mrg + myb * myb);
}

/** Bands the noise estimate's rows are summed in, each on its own (at least 64: see runRows). */
const NOISE_BANDS = 64;

/**
 * Immerkær's fast noise estimate: the Laplacian-difference mask [1 −2 1; −2 4 −2; 1 −2 1]
 * cancels image structure up to second order, what is left is noise. Strong edges (the top
 * 10 % of gradient) are skipped so a detailed photo is not mistaken for a noisy one.
 *
 * Both passes run on both threads: the luminance by rows, the mask by bands of rows, each band
 * with its own histogram, added up in band order so the estimate is the same however the
 * threads shared the bands.
 */
export async function noiseSigma(img: Rgb8): Promise<number> {
  const { width: w, height: h, data } = img;
  if (w < 3 || h < 3) return 0;
  // At most ~250 k pixels are looked at: rows and columns are skipped on large images.
  const step = Math.max(1, Math.floor(Math.sqrt((w * h) / 250_000)));
  const sw = Math.floor((w - 1) / step) + 1;
  const sh = Math.floor((h - 1) / step) + 1;
  const m = (sw - 2) * (sh - 2);
  if (m <= 0) return 0;
  const lum = shared.toFill.f32(sw * sh);
  await noiseLumaRows({ data: inSharedMemory(data), lum, w, sw, step }, sh);
  // The mask's response summed per gradient bin, per band; the bins under the 90th
  // percentile of gradient are then added up (a bin is 1/128 wide, as the limit is).
  const bandHist = shared.i32(NOISE_BANDS * 256);
  const bandSums = shared.f64(NOISE_BANDS * 256);
  await noiseMaskBands({ lum, sw, sh, hist: bandHist, sums: bandSums }, NOISE_BANDS);
  const hist = new Uint32Array(256);
  const sums = new Float64Array(256);
  for (let band = 0; band < NOISE_BANDS; band++) {
    for (let b = 0; b < 256; b++) {
      hist[b] += bandHist[band * 256 + b];
      sums[b] += bandSums[band * 256 + b];
    }
  }
  let acc = 0;
  let bin = 0;
  while (bin < 255 && acc + hist[bin] < m * 0.9) acc += hist[bin++];
  let sum = 0;
  let count = 0;
  for (let b = 0; b <= bin; b++) {
    sum += sums[b];
    count += hist[b];
  }
  return count ? (Math.sqrt(Math.PI / 2) * sum) / (6 * count) : 0;
}

const noiseLumaRows = rowKernel<{ data: Uint8Array; lum: Float32Array; w: number; sw: number; step: number }>(
  'statistics/noise-luma',
  ({ data, lum, w, sw, step }, y0, y1) => {
    for (let y = y0; y < y1; y++) {
      for (let x = 0, i = y * step * w * 3; x < sw; x++, i += step * 3) {
        lum[y * sw + x] = (0.2126 * data[i] + 0.7152 * data[i + 1] + 0.0722 * data[i + 2]) / 255;
      }
    }
  },
);

/** Band `band` of the mask's rows 1 … sh − 2 into its own histogram row. */
const noiseMaskBands = rowKernel<{
  lum: Float32Array;
  sw: number;
  sh: number;
  hist: Int32Array;
  sums: Float64Array;
}>(
  'statistics/noise-mask',
  ({ lum, sw, sh, hist, sums }, band0, band1) => {
    const rows = sh - 2;
    for (let band = band0; band < band1; band++) {
      const yEnd = 1 + Math.floor(((band + 1) * rows) / NOISE_BANDS);
      const o = band * 256;
      for (let y = 1 + Math.floor((band * rows) / NOISE_BANDS); y < yEnd; y++) maskRow(lum, sw, y, hist, sums, o);
    }
  },
  1,
);

/**
 * Row `y` of the mask into the histogram at `o`. A function per row, not a loop over the band:
 * called once per band, a loop only ever ran as on-stack-replaced code (see licRow in flow-dog.ts).
 */
function maskRow(lum: Float32Array, sw: number, y: number, hist: Int32Array, sums: Float64Array, o: number): void {
  for (let x = 1; x < sw - 1; x++) {
    const i = y * sw + x;
    const n = lum[i - sw];
    const s = lum[i + sw];
    const e = lum[i + 1];
    const wv = lum[i - 1];
    const v = Math.abs(
      lum[i - sw - 1] + lum[i - sw + 1] + lum[i + sw - 1] + lum[i + sw + 1] - 2 * (n + s + e + wv) + 4 * lum[i],
    );
    const g = Math.abs(e - wv) + Math.abs(s - n);
    const b = Math.min(255, (g * 128) | 0);
    hist[o + b]++;
    sums[o + b] += Math.fround(v);
  }
}
