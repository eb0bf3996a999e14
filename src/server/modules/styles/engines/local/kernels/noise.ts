import { rowKernel } from '../parallel.js';
import { type Plane, f32, rng } from '../raster.js';

/** 2-D gradient (Perlin) noise with a seeded permutation, values roughly in −1..1. */
export class GradientNoise {
  private readonly perm = new Uint8Array(512);
  private readonly gx = new Float32Array(256);
  private readonly gy = new Float32Array(256);

  constructor(seed: number) {
    const r = rng(seed);
    const p = new Uint8Array(256);
    for (let i = 0; i < 256; i++) p[i] = i;
    for (let i = 255; i > 0; i--) {
      const j = Math.floor(r() * (i + 1));
      const t = p[i];
      p[i] = p[j];
      p[j] = t;
    }
    for (let i = 0; i < 512; i++) this.perm[i] = p[i & 255];
    for (let i = 0; i < 256; i++) {
      const a = r() * Math.PI * 2;
      this.gx[i] = Math.cos(a);
      this.gy[i] = Math.sin(a);
    }
  }

  at(x: number, y: number): number {
    const xf = Math.floor(x);
    const yf = Math.floor(y);
    const fx = x - xf;
    const fy = y - yf;
    const xi = xf & 255;
    const yi = yf & 255;
    const perm = this.perm;
    const h00 = perm[perm[xi] + yi];
    const h10 = perm[perm[xi + 1] + yi];
    const h01 = perm[perm[xi] + yi + 1];
    const h11 = perm[perm[xi + 1] + yi + 1];
    const n00 = this.gx[h00] * fx + this.gy[h00] * fy;
    const n10 = this.gx[h10] * (fx - 1) + this.gy[h10] * fy;
    const n01 = this.gx[h01] * fx + this.gy[h01] * (fy - 1);
    const n11 = this.gx[h11] * (fx - 1) + this.gy[h11] * (fy - 1);
    const u = fx * fx * fx * (fx * (fx * 6 - 15) + 10);
    const v = fy * fy * fy * (fy * (fy * 6 - 15) + 10);
    const a = n00 + (n10 - n00) * u;
    const b = n01 + (n11 - n01) * u;
    return (a + (b - a) * v) * 1.41;
  }
}

/** Fractal noise kept on its coarse grid; sample it with `sampleNoise`. */
export interface NoiseGrid {
  data: Float32Array;
  gw: number;
  gh: number;
  /** Output pixels per grid cell. */
  step: number;
}

/** Fractal noise on a coarse grid, its rows split over both threads. */
export async function fractalNoiseGrid(
  width: number,
  height: number,
  featurePx: number,
  octaves: number,
  seed: number,
  turbulence = false,
  gain = 0.5,
): Promise<NoiseGrid> {
  const finest = featurePx / Math.pow(2, octaves - 1);
  const step = Math.max(1, finest / 4);
  const gw = Math.ceil(width / step) + 2;
  const gh = Math.ceil(height / step) + 2;
  const g = f32(gw * gh);
  await fractalRows({ g, gw, step, featurePx, octaves, seed, turbulence, gain }, gh);
  return { data: g, gw, gh, step };
}

interface FractalArgs {
  g: Float32Array;
  gw: number;
  step: number;
  featurePx: number;
  octaves: number;
  seed: number;
  turbulence: boolean;
  gain: number;
}

/** One permutation per seed and thread: building it per chunk of rows would repeat the work. */
const noises = new Map<number, GradientNoise>();

const fractalRows = rowKernel<FractalArgs>('noise/fractal', (a, y0, y1) => {
  const { g, gw, step, featurePx, octaves, seed, turbulence, gain } = a;
  let noise = noises.get(seed);
  if (!noise) noises.set(seed, (noise = new GradientNoise(seed)));
  let norm = 0;
  for (let o = 0, amp = 1; o < octaves; o++, amp *= gain) norm += amp;
  for (let y = y0; y < y1; y++) {
    for (let x = 0; x < gw; x++) {
      let v = 0;
      let amp = 1;
      let f = 1 / featurePx;
      for (let o = 0; o < octaves; o++) {
        const n = noise.at(x * step * f + o * 17.31, y * step * f + o * 9.77);
        v += amp * (turbulence ? Math.abs(n) : n);
        amp *= gain;
        f *= 2;
      }
      g[y * gw + x] = v / norm;
    }
  }
});

/** Bilinear sample of a noise grid at output pixel (x, y). */
export function sampleNoise(g: NoiseGrid, x: number, y: number): number {
  const gx = x / g.step;
  const gy = y / g.step;
  const x0 = gx | 0;
  const y0 = gy | 0;
  const fx = gx - x0;
  const fy = gy - y0;
  const d = g.data;
  const o = y0 * g.gw + x0;
  const a = d[o] + (d[o + 1] - d[o]) * fx;
  const b = d[o + g.gw] + (d[o + g.gw + 1] - d[o + g.gw]) * fx;
  return a + (b - a) * fy;
}

const tileCache = new Map<string, Plane>();

/**
 * A seamless (periodic) tile of blurred white noise, zero mean and unit deviation. Tiling it
 * gives film grain / paper tooth at any size without seams; `blur` sets the grain size.
 */
export function grainTile(size: number, blur: number, seed: number): Plane {
  const key = `${size}:${blur}:${seed}`;
  const hit = tileCache.get(key);
  if (hit) return hit;
  const r = rng(seed);
  // Cached for every later render: its own memory, never a render's scratch (scratch.ts).
  const a = new Float32Array(size * size);
  for (let i = 0; i < a.length; i++) a[i] = r() + r() + r() - 1.5;
  if (blur > 0) {
    const rad = Math.max(1, Math.round(blur));
    const b = f32(size * size);
    for (let pass = 0; pass < 2; pass++) {
      for (let y = 0; y < size; y++) {
        for (let x = 0; x < size; x++) {
          let acc = 0;
          for (let k = -rad; k <= rad; k++) acc += a[y * size + ((x + k + size) % size)];
          b[y * size + x] = acc;
        }
      }
      for (let y = 0; y < size; y++) {
        for (let x = 0; x < size; x++) {
          let acc = 0;
          for (let k = -rad; k <= rad; k++) acc += b[((y + k + size) % size) * size + x];
          a[y * size + x] = acc;
        }
      }
    }
  }
  let mean = 0;
  for (let i = 0; i < a.length; i++) mean += a[i];
  mean /= a.length;
  let varc = 0;
  for (let i = 0; i < a.length; i++) varc += (a[i] - mean) ** 2;
  const sd = Math.sqrt(varc / a.length) || 1;
  for (let i = 0; i < a.length; i++) a[i] = (a[i] - mean) / sd;
  const tile = { width: size, height: size, data: a };
  tileCache.set(key, tile);
  return tile;
}
