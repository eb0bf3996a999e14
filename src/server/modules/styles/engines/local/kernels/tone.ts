import type { Rgb8 } from '../raster.js';

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

export function applyLut(img: Rgb8, lut: Uint8Array): Rgb8 {
  const d = img.data;
  const out = new Uint8Array(d.length);
  for (let i = 0; i < d.length; i++) out[i] = lut[d[i]];
  return { width: img.width, height: img.height, data: out };
}
