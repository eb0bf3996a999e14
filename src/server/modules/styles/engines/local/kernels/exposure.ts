/**
 * The exposure step every style starts from: an underexposed photo (highlights far below white,
 * or a scene almost all in deep shadow) is tone-mapped before the style's own kernels see it;
 * any other photo passes through untouched (the very same pixels).
 *
 * 1. Levels in linear light from luminance percentiles: the 1st percentile becomes black, the
 *    99th is brought up towards white by one gain for all three channels (hues stay put).
 * 2. A global gamma on lightness only where the scene is still mostly deep shadow after that,
 *    lifting its key to "dark but legible" and no further: a night stays a night.
 * 3. Contrast-limited adaptive histogram equalisation (Zuiderveld's CLAHE: an 8 × 8 grid of
 *    clipped tile histograms, interpolated bilinearly) on lightness only, blended in part, and
 *    the key set back to where step 2 put it, so local structure is recovered, not the mood lost.
 * 4. The lift amplifies sensor noise and JPEG blocks with the signal: `denoiseLifted` smooths
 *    what the tone map brought up with an edge-preserving filter before the style runs.
 *
 * sharp's own `clahe()` (libvips hist_local) was not used: it equalises each band separately
 * (shifting hues) and builds a sliding-window histogram per pixel, whose cost grows with the
 * window; the tiled form here is a few passes over the pixels whatever the size.
 */
import {
  type Rgb8,
  type RgbF,
  dither,
  linearToSrgb,
  luminanceRows,
  smoothstep,
  srgbToLinear as toLinear,
} from '../raster.js';
import { gaussianBlurRows } from './blur.js';
import { domainTransform } from './domain-transform.js';
import { inSharedMemory, rowKernel, shared } from '../parallel.js';

export interface ExposureReading {
  /** Luminance percentiles of the sRGB values, 0..1 (the analysis's `exposure`). */
  p1: number;
  p50: number;
  p99: number;
}

export interface ExposurePlan {
  /** 0..1: how much of the recovery is applied (1 = a clearly underexposed photo). */
  strength: number;
  /** Linear-light black point subtracted, and the gain after it. */
  black: number;
  gain: number;
  /** Lightness key (median sRGB luminance) a photo still mostly in shadow after levels is lifted to. */
  key: number;
  /** CLAHE clip limit (largest slope of a tile's tone curve) and how much of it is blended in. */
  clip: number;
  blend: number;
}

/** Where the 99th percentile of luminance is brought (linear; about 232 of 255 in sRGB). */
const WHITE = 0.8;
/** Highest the median is brought by the gain (linear; about 92 of 255 in sRGB). */
const MAX_MIDDLE = 0.105;
/** Largest gain in linear light: 6 stops. */
const MAX_GAIN = 64;
/** Lowest key a recovered photo is given: dark but legible. */
const NIGHT_KEY = 0.24;
/** The style's exposure levels and gamma run after the step, with their lift held to this. */
export const RECOVERED_MAX_LIFT = 0.85;

/** Bins of a CLAHE tile's histogram and tone curve. */
const BINS = 256;

/** Linear light of each 8-bit sRGB value. */
const SRGB_TO_LINEAR = (() => {
  const t = new Float32Array(256);
  for (let v = 0; v < 256; v++) t[v] = toLinear(v / 255);
  return t;
})();

/**
 * Whether and how the photo is recovered, from its luminance percentiles. `push` (0, 1, 2) is
 * the re-render after a flat or one-colour artwork: it recovers a darkish photo the first
 * render left alone, and lifts further. Null: the photo is left exactly as it is.
 */
export function planExposure(e: ExposureReading, push = 0): ExposurePlan | null {
  const black = toLinear(e.p1);
  const white = toLinear(e.p99);
  // The gain that brings the highlights to white, held so the middle of the histogram lands no
  // higher than a normal photo's: a dim, low-contrast scene (a lake at dusk) stays dim.
  const middle = Math.max(1e-4, toLinear(e.p50) - black);
  const gain = Math.max(1, Math.min(MAX_GAIN, MAX_MIDDLE / middle, WHITE / Math.max(1e-4, white - black)));
  const stops = Math.log2(gain);
  // Underexposed: the highlights are 2–3 stops or more below white, or the middle of the
  // histogram is in deep shadow (a dim interior lit by one window).
  let strength = Math.max(smoothstep(1.8, 2.8, stops), smoothstep(0.1, 0.055, e.p50));
  if (push > 0 && (stops >= 1 || e.p50 < 0.25)) strength = Math.max(strength, Math.min(1, 0.5 * push + 0.25));
  if (strength <= 0) return null;
  return {
    strength,
    black: black * strength,
    gain: 1 + (gain - 1) * strength,
    key: NIGHT_KEY + 0.05 * push,
    clip: 2.5 + 0.75 * push,
    blend: Math.min(0.8, (0.45 + 0.15 * push) * strength),
  };
}

/**
 * The photo tone-mapped by the plan (a new image in shared memory; the input is not changed).
 * Works at any size: the CLAHE grid is relative to the frame. The passes over every pixel run
 * on both threads; what they need from the whole image (the median, the mean, the tiles'
 * histograms) is read from a sample on this one.
 */
export async function toneMap(img: Rgb8, plan: ExposurePlan): Promise<Rgb8> {
  const { width: w, height: h } = img;
  const n = w * h;
  const data = inSharedMemory(img.data);
  // Key: a gamma brings a scene still mostly in shadow up to the night key; a brighter one
  // keeps its own. The median is read from the sample of levelled lightness `medianOf` takes.
  const median = Math.max(
    1e-3,
    medianOf(n, (i) => Math.fround(levelledLight(data, i * 3, plan))),
  );
  const gamma = median < plan.key ? Math.max(0.45, Math.log(plan.key) / Math.log(median)) : 1;
  // Lightness of each pixel after levels (and that gamma), with a soft shoulder above white,
  // sRGB-encoded; and the levelled luminance it came from.
  // Both filled whole by the levels pass, the tone-mapped bytes by the colour pass.
  const lifted = shared.toFill.f32(n);
  const light = shared.toFill.f32(n);
  const power = shared.f32(1025);
  if (gamma < 1) power.set(powerTable(gamma));
  await levelsRows({ data, lifted, light, power, gamma, black: plan.black, gain: plan.gain, w }, h);
  const target = meanOf(light);
  await equaliseLocally(light, w, h, plan.clip, plan.blend);
  // The key back where the levels and gamma put it: more local contrast, the same mood.
  const after = meanOf(light);
  const back = Math.max(0.7, Math.min(1.6, Math.log(target) / Math.log(Math.max(1e-3, after))));
  const curve = shared.f32(1025);
  for (let k = 0; k <= 1024; k++) curve[k] = toLinear(Math.pow(k / 1024, back));
  const out = shared.toFill.u8(n * 3);
  await colourRows({ data, lifted, light, curve, out, black: plan.black, gain: plan.gain, w }, h);
  return { width: w, height: h, data: out };
}

/** Luminance after the plan's levels (linear), of the pixel at byte offset `j`. */
function levelled(data: Uint8Array, j: number, black: number, gain: number): number {
  const lin = SRGB_TO_LINEAR;
  const y = 0.2126 * lin[data[j]] + 0.7152 * lin[data[j + 1]] + 0.0722 * lin[data[j + 2]];
  return Math.max(0, y - black) * gain;
}

function levelledLight(data: Uint8Array, j: number, plan: ExposurePlan): number {
  return linearToSrgb(shoulder(levelled(data, j, plan.black, plan.gain)));
}

const levelsRows = rowKernel<{
  data: Uint8Array;
  lifted: Float32Array;
  light: Float32Array;
  power: Float32Array;
  gamma: number;
  black: number;
  gain: number;
  w: number;
}>('exposure/levels', ({ data, lifted, light, power, gamma, black, gain, w }, y0, y1) => {
  for (let i = y0 * w, end = y1 * w; i < end; i++) {
    const v = levelled(data, i * 3, black, gain);
    lifted[i] = v;
    // Rounded to float32 before the gamma, as the stored lightness was.
    const l = Math.fround(linearToSrgb(shoulder(v)));
    light[i] = gamma < 1 ? lookup(power, l) : l;
  }
});

/**
 * Every channel scaled by the pixel's new luminance over its levelled one: hue and saturation
 * stay, only lightness moves. A colour pushed past white keeps its luminance and loses
 * saturation instead of clipping to another hue.
 */
const colourRows = rowKernel<{
  data: Uint8Array;
  lifted: Float32Array;
  light: Float32Array;
  curve: Float32Array;
  out: Uint8Array;
  black: number;
  gain: number;
  w: number;
}>('exposure/colour', ({ data, lifted, light, curve, out, black, gain, w }, y0, y1) => {
  const lin = SRGB_TO_LINEAR;
  for (let i = y0 * w, j = i * 3, end = y1 * w; i < end; i++, j += 3) {
    const y = lookup(curve, light[i]);
    const denom = lifted[i];
    let r: number;
    let g: number;
    let b: number;
    if (denom > 1e-5) {
      const s = (y / denom) * gain;
      r = Math.max(0, lin[data[j]] - black) * s;
      g = Math.max(0, lin[data[j + 1]] - black) * s;
      b = Math.max(0, lin[data[j + 2]] - black) * s;
      const m = Math.max(r, g, b);
      if (m > 1) {
        const t = (1 - y) / Math.max(1e-6, m - y);
        r = y + (r - y) * t;
        g = y + (g - y) * t;
        b = y + (b - y) * t;
      }
    } else {
      r = g = b = y;
    }
    const d = dither(i);
    out[j] = clampByte(linearToSrgb(r) * 255 + 0.5 + d);
    out[j + 1] = clampByte(linearToSrgb(g) * 255 + 0.5 + d);
    out[j + 2] = clampByte(linearToSrgb(b) * 255 + 0.5 + d);
  }
});

/**
 * Smooths what the tone map amplified: the domain transform (edge-preserving) with its range
 * scale set by the noise measured after the lift, guided by a lightly blurred copy of its
 * lightness: the grain itself is not taken for edges, nor is colour noise. `noise` is that standard deviation (0..1), `unit` the
 * style's reference pixel.
 */
export async function denoiseLifted(work: RgbF, noise: number, unit: number): Promise<RgbF> {
  if (noise < 0.004) return work;
  const guide = await gaussianBlurRows(await luminanceRows(work), Math.max(0.8, 1.0 * unit));
  const sigmaR = Math.min(0.3, Math.max(0.04, 5 * noise));
  return domainTransform(work, Math.max(1.5, 3 * unit), sigmaR, 1, guide);
}

/** x^p on 0..1 as a 1025-entry table, read with `lookup`. */
function powerTable(p: number): Float32Array {
  const t = new Float32Array(1025);
  for (let k = 0; k <= 1024; k++) t[k] = Math.pow(k / 1024, p);
  return t;
}

function lookup(table: Float32Array, v: number): number {
  if (v <= 0) return table[0];
  if (v >= 1) return table[1024];
  const f = v * 1024;
  const k = f | 0;
  return table[k] + (table[k + 1] - table[k]) * (f - k);
}

function shoulder(v: number): number {
  return v <= 0.85 ? v : 0.85 + 0.15 * (1 - Math.exp(-(v - 0.85) / 0.15));
}

function clampByte(v: number): number {
  return v < 0 ? 0 : v > 255 ? 255 : v | 0;
}

function meanOf(a: Float32Array): number {
  const step = Math.max(1, Math.floor(a.length / 100_000));
  let s = 0;
  let c = 0;
  for (let i = 0; i < a.length; i += step, c++) s += a[i];
  return c ? s / c : 0;
}

/** The median of the values at every so many of `n` indices (about 100 000 of them). */
function medianOf(n: number, valueAt: (i: number) => number): number {
  const hist = new Uint32Array(256);
  const step = Math.max(1, Math.floor(n / 100_000));
  let c = 0;
  for (let i = 0; i < n; i += step, c++) hist[Math.min(255, (valueAt(i) * 255) | 0)]++;
  let acc = 0;
  for (let v = 0; v < 256; v++) {
    acc += hist[v];
    if (acc >= c / 2) return (v + 0.5) / 255;
  }
  return 1;
}

/**
 * CLAHE on a 0..1 plane, in place: each tile of an 8 × 8 grid (along the long side) gets its
 * histogram clipped at `clip` times the mean bin (the excess spread over all bins) and its
 * cumulative histogram as a tone curve; each pixel takes the bilinear mix of its four nearest
 * tiles' curves, and `blend` of that replaces its value.
 */
async function equaliseLocally(plane: Float32Array, w: number, h: number, clip: number, blend: number): Promise<void> {
  const long = Math.max(w, h);
  const tile = Math.max(8, Math.ceil(long / 8));
  const tx = Math.max(1, Math.ceil(w / tile));
  const ty = Math.max(1, Math.ceil(h / tile));
  const hist = shared.f32(tx * ty * BINS);
  const count = shared.f32(tx * ty);
  // Histograms from a subsample: about 40 k pixels per tile at most.
  const step = Math.max(1, Math.floor(tile / 200));
  await tileHistogramRows({ plane, hist, count, w, h, tile, tx, step }, ty);
  // Each tile's curve: clipped histogram, excess spread evenly, cumulated, as a 0..1 value per bin.
  const curves = shared.f32(tx * ty * (BINS + 1));
  for (let t = 0; t < tx * ty; t++) {
    const total = count[t];
    const o = t * BINS;
    const c = t * (BINS + 1);
    if (total === 0) {
      for (let b = 0; b <= BINS; b++) curves[c + b] = b / BINS;
      continue;
    }
    const limit = Math.max(1, (clip * total) / BINS);
    let excess = 0;
    for (let b = 0; b < BINS; b++) {
      const v = hist[o + b];
      if (v > limit) {
        excess += v - limit;
        hist[o + b] = limit;
      }
    }
    const add = excess / BINS;
    let acc = 0;
    curves[c] = 0;
    for (let b = 0; b < BINS; b++) {
      acc += hist[o + b] + add;
      curves[c + b + 1] = acc / total;
    }
  }
  // Tile centres; a pixel between four of them mixes their curves by its distance. The
  // columns' tiles and weights are the same on every row.
  const cx0 = shared.i32(w);
  const cx1 = shared.i32(w);
  const cwx = shared.f32(w);
  for (let x = 0; x < w; x++) {
    const fx = Math.min(tx - 1, Math.max(0, (x + 0.5) / tile - 0.5));
    cx0[x] = Math.min(tx - 1, fx | 0);
    cx1[x] = Math.min(tx - 1, cx0[x] + 1);
    cwx[x] = fx - cx0[x];
  }
  await equaliseRows({ plane, curves, cx0, cx1, cwx, w, tx, ty, tile, blend }, h);
}

/**
 * The tiles' histograms, a row of tiles at a time: each row of tiles counts into its own
 * histograms, so the two threads never count into the same one.
 */
const tileHistogramRows = rowKernel<{
  plane: Float32Array;
  hist: Float32Array;
  count: Float32Array;
  w: number;
  h: number;
  tile: number;
  tx: number;
  step: number;
}>(
  'exposure/tile-histograms',
  ({ plane, hist, count, w, h, tile, tx, step }, r0, r1) => {
    for (let r = r0; r < r1; r++) {
      const t0 = r * tx;
      for (let y = Math.ceil((r * tile) / step) * step, end = Math.min(h, (r + 1) * tile); y < end; y += step) {
        for (let x = 0; x < w; x += step) {
          const t = t0 + Math.min(tx - 1, (x / tile) | 0);
          hist[t * BINS + Math.min(BINS - 1, (plane[y * w + x] * BINS) | 0)]++;
          count[t]++;
        }
      }
    }
  },
  1,
);

const equaliseRows = rowKernel<{
  plane: Float32Array;
  curves: Float32Array;
  cx0: Int32Array;
  cx1: Int32Array;
  cwx: Float32Array;
  w: number;
  tx: number;
  ty: number;
  tile: number;
  blend: number;
}>('exposure/equalise', ({ plane, curves, cx0, cx1, cwx, w, tx, ty, tile, blend }, y0, y1) => {
  const stride = BINS + 1;
  for (let y = y0; y < y1; y++) {
    const fy = Math.min(ty - 1, Math.max(0, (y + 0.5) / tile - 0.5));
    const tileRow = Math.min(ty - 1, fy | 0);
    const r0 = tileRow * tx;
    const r1 = Math.min(ty - 1, tileRow + 1) * tx;
    const wy = fy - tileRow;
    for (let x = 0, i = y * w; x < w; x++, i++) {
      const v = plane[i];
      const fb = v >= 1 ? BINS - 1e-3 : v <= 0 ? 0 : v * BINS;
      const b = fb | 0;
      const fr = fb - b;
      const wx = cwx[x];
      let c = (r0 + cx0[x]) * stride + b;
      const a00 = curves[c] + (curves[c + 1] - curves[c]) * fr;
      c = (r0 + cx1[x]) * stride + b;
      const a01 = curves[c] + (curves[c + 1] - curves[c]) * fr;
      c = (r1 + cx0[x]) * stride + b;
      const a10 = curves[c] + (curves[c + 1] - curves[c]) * fr;
      c = (r1 + cx1[x]) * stride + b;
      const a11 = curves[c] + (curves[c + 1] - curves[c]) * fr;
      const top = a00 + (a01 - a00) * wx;
      const eq = top + (a10 + (a11 - a10) * wx - top) * wy;
      plane[i] = v + (eq - v) * blend;
    }
  }
});
