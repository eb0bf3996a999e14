import { rng, f32 } from '../raster.js';

/**
 * k-means colour clustering (Lloyd's algorithm with k-means++ seeding) on a subsample of an
 * interleaved 3-channel image. Deterministic for a given seed. Returns k centres, interleaved.
 */
export function kMeans(data: Float32Array, k: number, seed: number, samples = 24_000, iterations = 12): Float32Array {
  const n = data.length / 3;
  const r = rng(seed);
  const m = Math.min(n, samples);
  const pts = f32(m * 3);
  for (let i = 0; i < m; i++) {
    const j = Math.floor(((i + r()) / m) * n) * 3;
    pts[i * 3] = data[j];
    pts[i * 3 + 1] = data[j + 1];
    pts[i * 3 + 2] = data[j + 2];
  }
  const centres = f32(k * 3);
  const d2 = f32(m).fill(Infinity);
  let pick = Math.floor(r() * m);
  for (let c = 0; c < k; c++) {
    centres[c * 3] = pts[pick * 3];
    centres[c * 3 + 1] = pts[pick * 3 + 1];
    centres[c * 3 + 2] = pts[pick * 3 + 2];
    let total = 0;
    for (let i = 0; i < m; i++) {
      const a = pts[i * 3] - centres[c * 3];
      const b = pts[i * 3 + 1] - centres[c * 3 + 1];
      const e = pts[i * 3 + 2] - centres[c * 3 + 2];
      const d = a * a + b * b + e * e;
      if (d < d2[i]) d2[i] = d;
      total += d2[i];
    }
    let target = r() * total;
    pick = m - 1;
    for (let i = 0; i < m; i++) {
      target -= d2[i];
      if (target <= 0) {
        pick = i;
        break;
      }
    }
  }
  const sums = new Float64Array(k * 4);
  const labels = new Uint8Array(m);
  for (let it = 0; it < iterations; it++) {
    sums.fill(0);
    labelNearest(pts, labels, centres, k, 0, m);
    for (let i = 0; i < m; i++) {
      const c = labels[i];
      sums[c * 4] += pts[i * 3];
      sums[c * 4 + 1] += pts[i * 3 + 1];
      sums[c * 4 + 2] += pts[i * 3 + 2];
      sums[c * 4 + 3] += 1;
    }
    for (let c = 0; c < k; c++) {
      const cnt = sums[c * 4 + 3];
      if (cnt > 0) {
        centres[c * 3] = sums[c * 4] / cnt;
        centres[c * 3 + 1] = sums[c * 4 + 1] / cnt;
        centres[c * 3 + 2] = sums[c * 4 + 2] / cnt;
      }
    }
  }
  return centres;
}

/**
 * Labels pixels `from` ≤ i < `to` of an interleaved 3-channel image with their nearest centre
 * (k ≤ 256). A range per call: a call per pixel from another module was not inlined, and boxed
 * every number it passed on the heap.
 */
export function labelNearest(
  data: Float32Array,
  labels: Uint8Array,
  centres: Float32Array,
  k: number,
  from: number,
  to: number,
): void {
  for (let i = from; i < to; i++) {
    const x = data[i * 3];
    const y = data[i * 3 + 1];
    const z = data[i * 3 + 2];
    let best = 0;
    let bd = Infinity;
    for (let c = 0; c < k; c++) {
      const a = x - centres[c * 3];
      const b = y - centres[c * 3 + 1];
      const e = z - centres[c * 3 + 2];
      const d = a * a + b * b + e * e;
      if (d < bd) {
        bd = d;
        best = c;
      }
    }
    labels[i] = best;
  }
}
