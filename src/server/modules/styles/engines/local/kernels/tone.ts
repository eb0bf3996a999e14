import { type Plane, type Rgb8, type RgbF, f32, f32ToFill } from '../raster.js';
import { boxBlur3, gaussianBlur } from './blur.js';
import { inSharedMemory, rowKernel, shared } from '../parallel.js';

export interface ExposureOptions {
  /** Fraction of pixels allowed to clip to black / white when stretching levels. */
  clipLow?: number;
  clipHigh?: number;
  /** Mean luminance a dark photo is lifted towards (a gamma, never past the photo's mood). */
  targetMean?: number;
  /** Strongest lift allowed (gamma floor); 1 disables lifting. */
  maxLift?: number;
}

/**
 * Exposure normalisation as a 256-entry LUT applied to every channel alike (so hues stay put):
 * a bounded levels stretch between luminance percentiles, then a gamma that lifts dark photos
 * towards a target mean and tames very bright ones slightly. The stretch is capped so a foggy or
 * night photo keeps its mood instead of turning into a grey midday.
 */
export function exposureLut(img: Rgb8, opts: ExposureOptions = {}): Uint8Array {
  const clipLow = opts.clipLow ?? 0.002;
  const clipHigh = opts.clipHigh ?? 0.003;
  const targetMean = opts.targetMean ?? 0.45;
  const maxLift = opts.maxLift ?? 0.62;
  const d = img.data;
  const hist = new Uint32Array(256);
  const n = img.width * img.height;
  const step = Math.max(1, Math.floor(n / 200_000));
  let count = 0;
  for (let p = 0; p < n; p += step) {
    const i = p * 3;
    hist[(0.2126 * d[i] + 0.7152 * d[i + 1] + 0.0722 * d[i + 2] + 0.5) | 0]++;
    count++;
  }
  let lo = 0;
  let acc = 0;
  while (lo < 255 && acc + hist[lo] <= count * clipLow) acc += hist[lo++];
  let hi = 255;
  acc = 0;
  while (hi > 0 && acc + hist[hi] <= count * clipHigh) acc += hist[hi--];
  // Bounded stretch: never move the black point above 30 nor the white point below 200.
  const black = Math.min(lo, 30);
  const white = Math.max(hi, 200, black + 80);
  let sum = 0;
  for (let v = 0; v < 256; v++) sum += hist[v] * Math.min(1, Math.max(0, (v - black) / (white - black)));
  const mean = Math.max(1e-3, sum / count);
  let gamma = 1;
  if (mean < targetMean) gamma = Math.max(maxLift, Math.log(targetMean) / Math.log(mean));
  else if (mean > 0.62) gamma = Math.min(1.25, Math.log(0.6) / Math.log(mean));
  const lut = new Uint8Array(256);
  for (let v = 0; v < 256; v++) {
    const t = Math.min(1, Math.max(0, (v - black) / (white - black)));
    lut[v] = Math.round(Math.pow(t, gamma) * 255);
  }
  return lut;
}

/** The LUT applied and the result as 0..1 floats in one pass (as `toFloat(applyLut(img, lut))`). */
export async function applyLutToFloat(img: Rgb8, lut: Uint8Array): Promise<RgbF> {
  const table = shared.f32(256);
  for (let v = 0; v < 256; v++) table[v] = lut[v] * (1 / 255);
  const out = f32ToFill(img.data.length);
  await lutRows({ d: inSharedMemory(img.data), table, out, w: img.width }, img.height);
  return { width: img.width, height: img.height, data: out };
}

const lutRows = rowKernel<{ d: Uint8Array; table: Float32Array; out: Float32Array; w: number }>(
  'tone/lut',
  ({ d, table, out, w }, y0, y1) => {
    for (let i = y0 * w * 3, end = y1 * w * 3; i < end; i++) out[i] = table[d[i]];
  },
);

export function applyLut(img: Rgb8, lut: Uint8Array): Rgb8 {
  const d = img.data;
  const out = new Uint8Array(d.length);
  for (let i = 0; i < d.length; i++) out[i] = lut[d[i]];
  return { width: img.width, height: img.height, data: out };
}

/**
 * Local contrast normalisation (in place, on luminance only so hues stay put): the photo's detail
 * above a broad base (a blur of ~4 % of the long side) is amplified until its spread reaches
 * `target`, at most by `maxGain`. A dark or misty photo thus keeps its overall tone but shows
 * its structure. On a noisy photo the finest scale is left alone so grain is not amplified.
 */
export function normaliseLocalContrast(
  img: RgbF,
  opts: {
    target: number;
    maxGain: number;
    noise: number;
    /** Subject map at the image's size; with `emphasis` > 0 the subject's detail is pushed further. */
    subject?: Float32Array;
    emphasis?: number;
  },
): number {
  const { width: w, height: h, data } = img;
  const n = w * h;
  const lum = f32(n);
  for (let i = 0; i < n; i++) lum[i] = 0.2126 * data[i * 3] + 0.7152 * data[i * 3 + 1] + 0.0722 * data[i * 3 + 2];
  const plane = { width: w, height: h, data: lum };
  const emphasis = opts.subject ? (opts.emphasis ?? 0) : 0;
  // A photo whose detail already has the spread needs nothing, and a quarter-size copy tells
  // (its detail can only be less than the full size's) without the two full-size blurs.
  if (emphasis === 0 && w >= 64 && h >= 64 && detailSpread(quarter(plane)) >= opts.target) return 1;
  const base = boxBlur3(plane, Math.max(2, 0.04 * Math.max(w, h))).data;
  const fine = opts.noise > 0.01 ? gaussianBlur(plane, Math.min(1.5, opts.noise * 90)).data : lum;
  let s2 = 0;
  const step = Math.max(1, Math.floor(n / 50_000));
  let count = 0;
  for (let i = 0; i < n; i += step) {
    const d = fine[i] - base[i];
    s2 += d * d;
    count++;
  }
  const spread = Math.sqrt(s2 / Math.max(1, count));
  const gain = Math.min(opts.maxGain, Math.max(1, opts.target / Math.max(1e-4, spread)));
  if (gain <= 1.001 && emphasis === 0) return 1;
  const k = gain - 1;
  for (let i = 0; i < n; i++) {
    const add = (fine[i] - base[i]) * (k + (emphasis ? 0.6 * emphasis * opts.subject![i] : 0));
    // Less push where the tone is already near black or white, so nothing clips into a flat patch.
    const room = Math.min(1, 4 * Math.min(lum[i] + 0.02, 1.02 - lum[i]));
    const delta = add * room;
    const o = i * 3;
    for (let c = 0; c < 3; c++) {
      const v = data[o + c] + delta;
      data[o + c] = v < 0 ? 0 : v > 1 ? 1 : v;
    }
  }
  return gain;
}

/** Luminance at a quarter of the size (each pixel the mean of a 4 × 4 block). */
function quarter(plane: Plane): Plane {
  const w = plane.width >> 2;
  const h = plane.height >> 2;
  const out = new Float32Array(w * h);
  const src = plane.data;
  for (let y = 0; y < h; y++) {
    for (let dy = 0; dy < 4; dy++) {
      const row = (y * 4 + dy) * plane.width;
      for (let x = 0; x < w; x++) {
        const i = row + x * 4;
        out[y * w + x] += src[i] + src[i + 1] + src[i + 2] + src[i + 3];
      }
    }
  }
  for (let i = 0; i < out.length; i++) out[i] /= 16;
  return { width: w, height: h, data: out };
}

/** Spread (standard deviation) of the detail above a broad base of ~4 % of the long side. */
function detailSpread(plane: Plane): number {
  const base = boxBlur3(plane, Math.max(2, 0.04 * Math.max(plane.width, plane.height))).data;
  let s2 = 0;
  for (let i = 0; i < base.length; i++) s2 += (plane.data[i] - base[i]) ** 2;
  return Math.sqrt(s2 / Math.max(1, base.length));
}
