import { rng, f32 } from '../raster.js';

/**
 * SLIC superpixels (Achanta et al., "SLIC Superpixels Compared to State-of-the-Art Superpixel
 * Methods", 2012): k-means in (colour, x, y) restricted to a 2S×2S window around each centre,
 * seeded on a grid moved to the lowest gradient nearby. Callers re-assign pixels to the final
 * centres themselves (at the resolution they need), which also makes the pieces connected.
 *
 * `lab` is an interleaved 3-channel image (OKLab here, scaled by `colourScale` so that colour
 * distances are comparable to the compactness `m`).
 */
export interface Superpixels {
  /** Cluster index per pixel. */
  labels: Int32Array;
  count: number;
  /** Cluster centres: position (pixels) and colour (interleaved 3 channels). */
  cx: Float32Array;
  cy: Float32Array;
  colour: Float32Array;
  /** Grid interval. */
  S: number;
}

export function slic(
  lab: Float32Array,
  width: number,
  height: number,
  target: number,
  compactness: number,
  iterations = 6,
  /** Random offset of the seeds, in grid intervals: 0 for the paper's regular grid. */
  jitter = 0,
  seed = 1,
): Superpixels {
  const r = rng(seed);
  const n = width * height;
  const S = Math.max(4, Math.sqrt(n / target));
  const cols = Math.max(1, Math.round(width / S));
  const rows = Math.max(1, Math.round(height / S));
  const k = cols * rows;
  const cx = f32(k);
  const cy = f32(k);
  const cl = f32(k * 3);
  // Grid seeds, each moved to the lowest gradient in its 3×3 neighbourhood.
  for (let row = 0, c = 0; row < rows; row++) {
    for (let q = 0; q < cols; q++, c++) {
      const jx = (r() - 0.5) * 2 * jitter;
      const jy = (r() - 0.5) * 2 * jitter;
      let bx = Math.min(width - 2, Math.max(1, Math.round(((q + 0.5 + jx) * width) / cols)));
      let by = Math.min(height - 2, Math.max(1, Math.round(((row + 0.5 + jy) * height) / rows)));
      let best = Infinity;
      const x0 = bx;
      const y0 = by;
      for (let dy = -1; dy <= 1; dy++) {
        for (let dx = -1; dx <= 1; dx++) {
          const x = x0 + dx;
          const y = y0 + dy;
          if (x < 1 || y < 1 || x >= width - 1 || y >= height - 1) continue;
          let g = 0;
          for (let ch = 0; ch < 3; ch++) {
            const gx = lab[(y * width + x + 1) * 3 + ch] - lab[(y * width + x - 1) * 3 + ch];
            const gy = lab[((y + 1) * width + x) * 3 + ch] - lab[((y - 1) * width + x) * 3 + ch];
            g += gx * gx + gy * gy;
          }
          if (g < best) {
            best = g;
            bx = x;
            by = y;
          }
        }
      }
      cx[c] = bx;
      cy[c] = by;
      const p = (by * width + bx) * 3;
      cl[c * 3] = lab[p];
      cl[c * 3 + 1] = lab[p + 1];
      cl[c * 3 + 2] = lab[p + 2];
    }
  }
  const labels = new Int32Array(n).fill(-1);
  const dist = f32(n);
  const spatial = (compactness / S) ** 2;
  const win = Math.ceil(S);
  const sums = new Float64Array(k * 6);
  for (let it = 0; it < iterations; it++) {
    dist.fill(Infinity);
    for (let c = 0; c < k; c++) {
      const x0 = Math.max(0, Math.floor(cx[c] - win));
      const x1 = Math.min(width - 1, Math.ceil(cx[c] + win));
      const y0 = Math.max(0, Math.floor(cy[c] - win));
      const y1 = Math.min(height - 1, Math.ceil(cy[c] + win));
      const L = cl[c * 3];
      const A = cl[c * 3 + 1];
      const B = cl[c * 3 + 2];
      const X = cx[c];
      const Y = cy[c];
      for (let y = y0; y <= y1; y++) {
        const dy2 = (y - Y) * (y - Y);
        for (let x = x0; x <= x1; x++) {
          const i = y * width + x;
          const p = i * 3;
          const a = lab[p] - L;
          const b = lab[p + 1] - A;
          const e = lab[p + 2] - B;
          const d = a * a + b * b + e * e + ((x - X) * (x - X) + dy2) * spatial;
          if (d < dist[i]) {
            dist[i] = d;
            labels[i] = c;
          }
        }
      }
    }
    sums.fill(0);
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width; x++) {
        const i = y * width + x;
        const c = labels[i];
        if (c < 0) continue;
        const s = c * 6;
        sums[s] += lab[i * 3];
        sums[s + 1] += lab[i * 3 + 1];
        sums[s + 2] += lab[i * 3 + 2];
        sums[s + 3] += x;
        sums[s + 4] += y;
        sums[s + 5] += 1;
      }
    }
    for (let c = 0; c < k; c++) {
      const cnt = sums[c * 6 + 5];
      if (cnt === 0) continue;
      cl[c * 3] = sums[c * 6] / cnt;
      cl[c * 3 + 1] = sums[c * 6 + 1] / cnt;
      cl[c * 3 + 2] = sums[c * 6 + 2] / cnt;
      cx[c] = sums[c * 6 + 3] / cnt;
      cy[c] = sums[c * 6 + 4] / cnt;
    }
  }
  return { labels, count: k, cx, cy, colour: cl, S };
}
