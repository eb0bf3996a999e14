/**
 * Backgrounds computed in JavaScript: a full-canvas gradient costs librsvg 5 to 30 ms, this a
 * few, and the studio backdrop is made once and copied.
 */
import { hash2 } from './template.js';

type Rgb = readonly [number, number, number];

const studioCache = new Map<string, Uint8Array>();

/** A photographer's paper backdrop: lighter towards the upper middle, darker to the corners. */
export function studioBackdrop(
  width: number,
  height: number,
  centre: Rgb = [243, 242, 240],
  edge: Rgb = [220, 218, 214],
): Uint8Array {
  const key = `${width}x${height}:${centre}:${edge}`;
  let cached = studioCache.get(key);
  if (!cached) {
    cached = new Uint8Array(width * height * 3);
    const cx = 0.45 * width;
    const cy = 0.35 * height;
    const r = 0.8 * Math.max(width, height);
    for (let y = 0, p = 0; y < height; y++) {
      for (let x = 0; x < width; x++, p += 3) {
        const d = Math.min(1, Math.sqrt((x - cx) * (x - cx) + (y - cy) * (y - cy)) / r);
        const t = d * d * (3 - 2 * d);
        const n = (hash2(x, y) - 0.5) * 1.5;
        cached[p] = centre[0] + (edge[0] - centre[0]) * t + n;
        cached[p + 1] = centre[1] + (edge[1] - centre[1]) * t + n;
        cached[p + 2] = centre[2] + (edge[2] - centre[2]) * t + n;
      }
    }
    studioCache.set(key, cached);
  }
  return cached.slice();
}

/**
 * A painted wall in soft daylight from the upper left, for a view mapping world inches to
 * pixels as x = cx + X·ppi, y = cy + Y·ppi.
 */
export function wallBackdrop(width: number, height: number, view: { ppi: number; cx: number; cy: number }): Uint8Array {
  const out = new Uint8Array(width * height * 3);
  const from: Rgb = [241, 238, 233];
  const to: Rgb = [223, 218, 210];
  const light: Rgb = [255, 253, 248];
  for (let y = 0, p = 0; y < height; y++) {
    const Y = (y - view.cy) / view.ppi;
    for (let x = 0; x < width; x++, p += 3) {
      const X = (x - view.cx) / view.ppi;
      const t = Math.min(1, Math.max(0, (X + Y + 120) / 240));
      const d = Math.min(1, Math.sqrt((X + 38) * (X + 38) + (Y + 46) * (Y + 46)) / 95);
      const l = 0.55 * (1 - d);
      const n = (hash2(x, y) - 0.5) * 2;
      for (let c = 0; c < 3; c++) {
        const base = from[c] + (to[c] - from[c]) * t;
        out[p + c] = base + (light[c] - base) * l + n;
      }
    }
  }
  return out;
}
