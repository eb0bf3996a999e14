import { type Plane, rng, f32 } from '../raster.js';

const cache = new Map<number, Plane>();

/**
 * A seamless tile of pencil strokes running along x: rows of strokes `spacing` apart, each
 * stroke with its own length, pressure and tapered ends. Values 0 (paper) .. 1 (full graphite).
 */
export function strokeTile(seed: number, size = 256, spacing = 4): Plane {
  const hit = cache.get(seed * 31 + spacing);
  if (hit) return hit;
  const r = rng(seed);
  const t = f32(size * size);
  for (let row = 0; row < size; row += spacing) {
    let u = Math.floor(r() * 40);
    const y = row + (r() < 0.3 ? 1 : 0);
    while (u < size + 40) {
      const len = 24 + Math.floor(r() * 90);
      const pressure = 0.55 + r() * 0.45;
      for (let k = 0; k < len; k++) {
        const edge = Math.min(k, len - 1 - k);
        const taper = Math.min(1, edge / 6);
        const x = (u + k) % size;
        const i = (y % size) * size + x;
        t[i] = Math.max(t[i], pressure * taper * (0.85 + 0.15 * r()));
      }
      u += len + 2 + Math.floor(r() * 14);
    }
  }
  // Soften across the strokes so rotated sampling stays anti-aliased. The tile is cached for
  // every later render: its own memory, never a render's scratch (scratch.ts).
  const out = new Float32Array(size * size);
  for (let y = 0; y < size; y++) {
    const ym = ((y - 1 + size) % size) * size;
    const yp = ((y + 1) % size) * size;
    for (let x = 0; x < size; x++) out[y * size + x] = 0.6 * t[y * size + x] + 0.2 * (t[ym + x] + t[yp + x]);
  }
  const tile = { width: size, height: size, data: out };
  cache.set(seed * 31 + spacing, tile);
  return tile;
}

/**
 * Texel coordinates in 8.24 fixed point, as 32-bit integers: the 256 texels of a tile's side
 * in the top 8 bits and the position between two texels in the low 24. A coordinate stepped
 * along a row by integer additions wraps around the tile by itself, with no floor or modulo
 * per pixel. A step is rounded to 2⁻²⁴ texel, so a 2048-pixel row drifts by less than 1e-4
 * texel from the exact position (the artwork changes by under a thousandth of a level).
 */
const FIXED = 2 ** 24;
const PER_FIXED = 1 / FIXED;

/** Texel coordinate `u` (of any sign) in fixed point, modulo the tile's 256 texels. */
export function texelFixed(u: number): number {
  const wrapped = u - Math.floor(u / 256) * 256;
  // 0 ≤ wrapped ≤ 256: `| 0` keeps wrapped · 2²⁴ modulo 2³², the tile's wrap.
  return (wrapped * FIXED) | 0;
}

/** A step of `du` texels (|du| < 128) in fixed point. */
export function texelStepFixed(du: number): number {
  return Math.round(du * FIXED) | 0;
}

/**
 * Samples a periodic 256 × 256 tile bilinearly at fixed-point texel coordinates (u, v) (see
 * texelFixed). The caller rotates and scales, and steps the coordinates along a row.
 */
export function sampleTile(tile: Float32Array, u: number, v: number): number {
  const a0 = u >>> 24;
  const a1 = (a0 + 1) & 255;
  const b0 = (v >>> 24) << 8;
  const b1 = (b0 + 256) & 0xffff;
  const fu = (u & 0xffffff) * PER_FIXED;
  const fv = (v & 0xffffff) * PER_FIXED;
  const top = tile[b0 + a0] + (tile[b0 + a1] - tile[b0 + a0]) * fu;
  const bot = tile[b1 + a0] + (tile[b1 + a1] - tile[b1 + a0]) * fu;
  return top + (bot - top) * fv;
}
