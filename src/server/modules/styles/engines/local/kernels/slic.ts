import { rowKernel, shared } from '../parallel.js';
import { rng, f32 } from '../raster.js';

/**
 * SLIC superpixels (Achanta et al., "SLIC Superpixels Compared to State-of-the-Art Superpixel
 * Methods", 2012): k-means in (colour, x, y) restricted to a 2S×2S window around each centre,
 * seeded on a grid moved to the lowest gradient nearby. Callers re-assign pixels to the final
 * centres themselves (at the resolution they need), which also makes the pieces connected.
 *
 * `lab` is an interleaved 3-channel image (OKLab here, scaled by `colourScale` so that colour
 * distances are comparable to the compactness `m`). The assignment step, the costly part, runs
 * on both threads; `lab` should live in a SharedArrayBuffer (`f32`), or each iteration copies it.
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

export async function slic(
  lab: Float32Array,
  width: number,
  height: number,
  target: number,
  compactness: number,
  iterations = 6,
  /** Random offset of the seeds, in grid intervals: 0 for the paper's regular grid. */
  jitter = 0,
  seed = 1,
): Promise<Superpixels> {
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
  const labels = shared.i32(n).fill(-1);
  const dist = f32(n);
  const spatial = (compactness / S) ** 2;
  const win = Math.ceil(S);
  const sums = new Float64Array(k * 6);
  for (let it = 0; it < iterations; it++) {
    await assignRows({ lab, width, cx, cy, cl, k, win, spatial, labels, dist }, height);
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

interface AssignArgs {
  lab: Float32Array;
  width: number;
  cx: Float32Array;
  cy: Float32Array;
  cl: Float32Array;
  k: number;
  win: number;
  spatial: number;
  labels: Int32Array;
  dist: Float32Array;
}

/**
 * SLIC's assignment step for rows y0 ≤ y < y1: each centre claims the pixels of its window
 * that it is nearer to than any centre before it. Centres are visited in order for every row,
 * so a pixel ends with the same centre whichever thread ran its rows.
 */
const assignRows = rowKernel<AssignArgs>('slic/assign', (a, y0, y1) => {
  const { lab, width, cx, cy, cl, k, win, spatial, labels, dist } = a;
  dist.fill(Infinity, y0 * width, y1 * width);
  for (let c = 0; c < k; c++) {
    const ya = Math.max(y0, Math.floor(cy[c] - win));
    const yb = Math.min(y1 - 1, Math.ceil(cy[c] + win));
    if (ya > yb) continue;
    const x0 = Math.max(0, Math.floor(cx[c] - win));
    const x1 = Math.min(width - 1, Math.ceil(cx[c] + win));
    const L = cl[c * 3];
    const A = cl[c * 3 + 1];
    const B = cl[c * 3 + 2];
    const X = cx[c];
    const Y = cy[c];
    for (let y = ya; y <= yb; y++) {
      const dy2 = (y - Y) * (y - Y);
      for (let x = x0; x <= x1; x++) {
        const i = y * width + x;
        const p = i * 3;
        const da = lab[p] - L;
        const db = lab[p + 1] - A;
        const de = lab[p + 2] - B;
        const d = da * da + db * db + de * de + ((x - X) * (x - X) + dy2) * spatial;
        if (d < dist[i]) {
          dist[i] = d;
          labels[i] = c;
        }
      }
    }
  }
});
