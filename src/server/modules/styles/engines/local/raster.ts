import { sharedMemory } from './scratch.js';
import { rowKernel } from './parallel.js';

/**
 * Pixel containers and the small conversions every style shares. Colour images are interleaved
 * RGB; float images hold sRGB-encoded values in 0..1 (the styles work on what the eye sees, so
 * gamma-encoded values are the right space for thresholds and tone curves).
 */

/**
 * Float buffers live in SharedArrayBuffers so the row-parallel kernels (parallel.ts) can hand
 * them to the helper thread without copying; in a render, the last render's (scratch.ts).
 */
export function f32(n: number): Float32Array {
  return new Float32Array(sharedMemory(n * 4), 0, n);
}

/** As `f32`, for a buffer the caller fills whole before reading it: a reused one is not cleared. */
export function f32ToFill(n: number): Float32Array {
  return new Float32Array(sharedMemory(n * 4, { clear: false }), 0, n);
}

export function copyF32(a: Float32Array): Float32Array {
  const out = f32ToFill(a.length);
  out.set(a);
  return out;
}

export interface Rgb8 {
  width: number;
  height: number;
  data: Uint8Array;
}

export interface RgbF {
  width: number;
  height: number;
  data: Float32Array;
}

export interface Plane {
  width: number;
  height: number;
  data: Float32Array;
}

export function toFloat(img: Rgb8): RgbF {
  const n = img.data.length;
  const out = f32(n);
  const src = img.data;
  const k = 1 / 255;
  for (let i = 0; i < n; i++) out[i] = src[i] * k;
  return { width: img.width, height: img.height, data: out };
}

/** Dither offset in −0.5..0.5 for pixel i (a hash, so any thread gets the same value). */
export function dither(i: number): number {
  let h = Math.imul(i ^ (i >>> 15), 0x2c1b3c6d);
  h = Math.imul(h ^ (h >>> 12), 0x297a2d39);
  h ^= h >>> 15;
  return (h >>> 0) / 4294967296 - 0.5;
}

export function rgb8Of(data: Uint8ClampedArray, width: number, height: number): Rgb8 {
  return { width, height, data: new Uint8Array(data.buffer, data.byteOffset, data.length) };
}

/** Rec. 709 luma of gamma-encoded RGB. */
export function luminance(img: RgbF): Plane {
  const { width, height, data } = img;
  const out = f32(width * height);
  lumaRange({ data, out, w: width }, 0, height);
  return { width, height, data: out };
}

/** As `luminance`, rows on both threads: the same values. */
export async function luminanceRows(img: RgbF): Promise<Plane> {
  const { width, height, data } = img;
  const out = f32ToFill(width * height);
  await lumaRows({ data, out, w: width }, height);
  return { width, height, data: out };
}

interface LumaArgs {
  data: Float32Array;
  out: Float32Array;
  w: number;
}

const lumaRows = rowKernel<LumaArgs>('raster/luma', (args, y0, y1) => lumaRange(args, y0, y1));

function lumaRange({ data, out, w }: LumaArgs, y0: number, y1: number): void {
  for (let i = y0 * w, j = i * 3, end = y1 * w; i < end; i++, j += 3) {
    out[i] = 0.2126 * data[j] + 0.7152 * data[j + 1] + 0.0722 * data[j + 2];
  }
}

/**
 * Source index and weight along one axis for resampling `inN` samples to `outN` with pixel
 * centres aligned: sample = s[i0] + (s[i0 + 1] − s[i0]) · f (i0 + 1 always valid).
 */
export function axisMap(outN: number, inN: number): { i0: Int32Array; f: Float32Array } {
  const i0 = new Int32Array(outN);
  const f = new Float32Array(outN);
  const k = inN / outN;
  const max = Math.max(0, inN - 1.001);
  for (let o = 0; o < outN; o++) {
    let s = (o + 0.5) * k - 0.5;
    s = s < 0 ? 0 : s > max ? max : s;
    i0[o] = s | 0;
    f[o] = s - (s | 0);
  }
  return { i0, f };
}

/**
 * The two working rows (`sy` and `sy + 1`) that an output row blends when an image is
 * enlarged by rows, each filled once by `fill` (blended across to the output's columns) and
 * handed on as the output rows move down: a working row serves two or more output rows in turn.
 */
export class RowPair {
  above: Float64Array;
  below: Float64Array;
  private at = -2;

  constructor(
    length: number,
    private readonly fill: (sy: number, dst: Float64Array) => void,
  ) {
    this.above = new Float64Array(length);
    this.below = new Float64Array(length);
  }

  /** Makes `above` working row `sy` and `below` row `sy + 1`. */
  moveTo(sy: number): void {
    if (sy === this.at) return;
    if (sy === this.at + 1) {
      const next = this.above;
      this.above = this.below;
      this.below = next;
    } else this.fill(sy, this.above);
    this.fill(sy + 1, this.below);
    this.at = sy;
  }
}

export function clamp01(v: number): number {
  return v < 0 ? 0 : v > 1 ? 1 : v;
}

export function smoothstep(e0: number, e1: number, x: number): number {
  const t = clamp01((x - e0) / (e1 - e0));
  return t * t * (3 - 2 * t);
}

/** sRGB (gamma encoded, 0..1) → OKLab. L in 0..1, a/b roughly ±0.4. */
export function srgbToOklab(r: number, g: number, b: number, out: Float32Array | Float64Array | number[], o = 0): void {
  const lr = SRGB_TO_LINEAR[(r * 4095 + 0.5) | 0];
  const lg = SRGB_TO_LINEAR[(g * 4095 + 0.5) | 0];
  const lb = SRGB_TO_LINEAR[(b * 4095 + 0.5) | 0];
  const l = Math.cbrt(0.4122214708 * lr + 0.5363325363 * lg + 0.0514459929 * lb);
  const m = Math.cbrt(0.2119034982 * lr + 0.6806995451 * lg + 0.1073969566 * lb);
  const s = Math.cbrt(0.0883024619 * lr + 0.2817188376 * lg + 0.6299787005 * lb);
  out[o] = 0.2104542553 * l + 0.793617785 * m - 0.0040720468 * s;
  out[o + 1] = 1.9779984951 * l - 2.428592205 * m + 0.4505937099 * s;
  out[o + 2] = 0.0259040371 * l + 0.7827717662 * m - 0.808675766 * s;
}

/** OKLab → sRGB (gamma encoded, clamped to 0..1). */
export function oklabToSrgb(L: number, a: number, bb: number, out: Float32Array | number[], o = 0): void {
  const l_ = L + 0.3963377774 * a + 0.2158037573 * bb;
  const m_ = L - 0.1055613458 * a - 0.0638541728 * bb;
  const s_ = L - 0.0894841775 * a - 1.291485548 * bb;
  const l = l_ * l_ * l_;
  const m = m_ * m_ * m_;
  const s = s_ * s_ * s_;
  out[o] = linearToSrgb(4.0767416621 * l - 3.3077115913 * m + 0.2309699292 * s);
  out[o + 1] = linearToSrgb(-1.2684380046 * l + 2.6097574011 * m - 0.3413193965 * s);
  out[o + 2] = linearToSrgb(-0.0041960863 * l - 0.7034186147 * m + 1.707614701 * s);
}

/**
 * srgbToOklab and oklabToSrgb over the interleaved pixels from index `from` to `to` of `src`,
 * written to the same indices of `out` (which may be `src`). Kernels in other modules convert
 * a range at a time: a call per pixel into this module was not inlined, and boxed every number
 * it passed on the heap.
 */
export function srgbToOklabRange(src: Float32Array, out: Float32Array, from: number, to: number): void {
  for (let i = from; i < to; i += 3) srgbToOklab(src[i], src[i + 1], src[i + 2], out, i);
}

export function oklabToSrgbRange(src: Float32Array, out: Float32Array, from: number, to: number): void {
  for (let i = from; i < to; i += 3) oklabToSrgb(src[i], src[i + 1], src[i + 2], out, i);
}

/** sRGB (gamma encoded, 0..1) → linear light, exactly; the kernels read it from tables. */
export function srgbToLinear(v: number): number {
  return v <= 0.04045 ? v / 12.92 : Math.pow((v + 0.055) / 1.055, 2.4);
}

const SRGB_TO_LINEAR = (() => {
  const t = new Float32Array(4096);
  for (let i = 0; i < 4096; i++) t[i] = srgbToLinear(i / 4095);
  return t;
})();

const LINEAR_TO_SRGB = (() => {
  const t = new Float32Array(4097);
  for (let i = 0; i <= 4096; i++) {
    const v = i / 4096;
    t[i] = v <= 0.0031308 ? v * 12.92 : 1.055 * Math.pow(v, 1 / 2.4) - 0.055;
  }
  return t;
})();

export function linearToSrgb(v: number): number {
  if (v <= 0) return 0;
  if (v >= 1) return 1;
  const f = v * 4096;
  const i = f | 0;
  return LINEAR_TO_SRGB[i] + (LINEAR_TO_SRGB[i + 1] - LINEAR_TO_SRGB[i]) * (f - i);
}

/** A small, fast, seedable PRNG (mulberry32) so a style renders the same artwork every time. */
export function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    return mulberry32(a);
  };
}

/**
 * The number at index `k` (from 0) of `rng(seed)`'s sequence: its state only counts up by a
 * constant, so any part of the sequence can be computed on its own (rows on both threads).
 */
export function rngAt(seed: number, k: number): number {
  return mulberry32((Math.imul(k + 1, 0x6d2b79f5) + (seed >>> 0)) >>> 0);
}

function mulberry32(a: number): number {
  let t = a;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
}

/** A plane at half the size (rounded up), each pixel the mean of a 2 × 2 block. */
export function halfPlane(p: Plane): Plane {
  const { width: w, height: h, data } = p;
  const hw = (w + 1) >> 1;
  const hh = (h + 1) >> 1;
  const out = f32(hw * hh);
  for (let y = 0; y < hh; y++) {
    const ya = 2 * y * w;
    const yb = Math.min(h - 1, 2 * y + 1) * w;
    for (let x = 0; x < hw; x++) {
      const xa = 2 * x;
      const xb = Math.min(w - 1, xa + 1);
      out[y * hw + x] = 0.25 * (data[ya + xa] + data[ya + xb] + data[yb + xa] + data[yb + xb]);
    }
  }
  return { width: hw, height: hh, data: out };
}

/** A plane enlarged bilinearly to width × height (pixel centres aligned), rows on both threads. */
export async function enlargePlane(p: Plane, width: number, height: number): Promise<Plane> {
  const data = await resampleBilinear(p, enlargedAxis(width, p.width), enlargedAxis(height, p.height));
  return { width, height, data };
}

/**
 * Where each output column (or row) of a bilinear resampling reads: source indices `i0` and
 * `i1`, blended by `f`. Worked out once per resampling, in shared memory for both threads.
 */
export interface BilinearAxis {
  i0: Int32Array;
  i1: Int32Array;
  f: Float64Array;
}

export function sharedAxis(n: number): BilinearAxis {
  return {
    i0: new Int32Array(sharedMemory(n * 4), 0, n),
    i1: new Int32Array(sharedMemory(n * 4), 0, n),
    f: new Float64Array(sharedMemory(n * 8), 0, n),
  };
}

/** `axisMap`'s samples of an axis; a source one pixel long has no second sample to blend with. */
function enlargedAxis(outN: number, inN: number): BilinearAxis {
  const { i0, f } = axisMap(outN, inN);
  const axis = sharedAxis(outN);
  for (let o = 0; o < outN; o++) {
    axis.i0[o] = i0[o];
    axis.i1[o] = Math.min(inN - 1, i0[o] + 1);
    axis.f[o] = f[o];
  }
  return axis;
}

/** The plane resampled to the axes' lengths, rows on both threads. */
export async function resampleBilinear(p: Plane, cols: BilinearAxis, rows: BilinearAxis): Promise<Float32Array> {
  const out = f32ToFill(cols.i0.length * rows.i0.length);
  await bilinearRows({ data: p.data, w: p.width, cols, rows, out }, rows.i0.length);
  return out;
}

/** As `resampleBilinear`, on this thread alone: the same values. */
export function resampleBilinearHere(p: Plane, cols: BilinearAxis, rows: BilinearAxis): Float32Array {
  const out = f32ToFill(cols.i0.length * rows.i0.length);
  bilinearRange({ data: p.data, w: p.width, cols, rows, out }, 0, rows.i0.length);
  return out;
}

interface BilinearArgs {
  data: Float32Array;
  w: number;
  cols: BilinearAxis;
  rows: BilinearAxis;
  out: Float32Array;
}

const bilinearRows = rowKernel<BilinearArgs>('raster/bilinear', (args, y0, y1) => bilinearRange(args, y0, y1));

function bilinearRange({ data, w, cols, rows, out }: BilinearArgs, y0: number, y1: number): void {
  const width = cols.i0.length;
  for (let y = y0; y < y1; y++) {
    bilinearRow(data, rows.i0[y] * w, rows.i1[y] * w, rows.f[y], cols.i0, cols.i1, cols.f, out, y * width, width);
  }
}

/**
 * One output row of a bilinear resampling, at `o`: source rows at offsets `r0` and `r1` blended
 * by `ty`, each output column x from source columns `xa[x]` and `xb[x]` by `tx[x]`.
 */
function bilinearRow(
  data: Float32Array,
  r0: number,
  r1: number,
  ty: number,
  xa: Int32Array,
  xb: Int32Array,
  tx: Float64Array,
  out: Float32Array,
  o: number,
  width: number,
): void {
  for (let x = 0; x < width; x++, o++) {
    const a = xa[x];
    const b = xb[x];
    const t = tx[x];
    const top = data[r0 + a] + (data[r0 + b] - data[r0 + a]) * t;
    const bot = data[r1 + a] + (data[r1 + b] - data[r1 + a]) * t;
    out[o] = top + (bot - top) * ty;
  }
}
