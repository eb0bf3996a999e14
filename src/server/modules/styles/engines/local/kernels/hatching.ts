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
 * Samples a periodic 256 × 256 tile bilinearly at texel coordinates (u, v), both ≥ 0 and
 * below 2³¹. The caller rotates and scales: a row's terms are computed once per row, not per
 * pixel.
 */
export function sampleTile(tile: Float32Array, u: number, v: number): number {
  // Truncation is the floor for such coordinates, and cheaper than Math.floor per pixel.
  const u0 = u | 0;
  const v0 = v | 0;
  const fu = u - u0;
  const fv = v - v0;
  const a0 = u0 & 255;
  const a1 = (u0 + 1) & 255;
  const b0 = (v0 & 255) << 8;
  const b1 = ((v0 + 1) & 255) << 8;
  const top = tile[b0 + a0] + (tile[b0 + a1] - tile[b0 + a0]) * fu;
  const bot = tile[b1 + a0] + (tile[b1 + a1] - tile[b1 + a0]) * fu;
  return top + (bot - top) * fv;
}
