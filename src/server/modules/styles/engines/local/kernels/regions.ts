import { rowKernel, shared } from '../parallel.js';
import { axisMap, f32 } from '../raster.js';
import { labelNearest } from './quantise.js';

/**
 * Labels every pixel with its nearest colour centre, then dissolves connected regions smaller
 * than `minRegion` pixels into the neighbouring label they touch most: the specks that noise
 * and JPEG blocks leave in a sky would otherwise print as confetti.
 */
const nearestRows = rowKernel<{ data: Float32Array; labels: Uint8Array; centres: Float32Array; k: number; w: number }>(
  'regions/nearest',
  ({ data, labels, centres, k, w }, y0, y1) => labelNearest(data, labels, centres, k, y0 * w, y1 * w),
);

export async function cleanLabels(
  data: Float32Array,
  width: number,
  height: number,
  centres: Float32Array,
  k: number,
  minRegion: number,
  /** Subject map (0..1): regions on the subject keep down to a fifth of `minRegion`, the background's merge up to 1.5×. */
  subject?: Float32Array,
): Promise<Uint8Array> {
  const n = width * height;
  const labels = shared.u8(n);
  await nearestRows({ data, labels, centres, k, w: width }, height);
  const seen = new Uint8Array(n);
  const queue = new Int32Array(n);
  const touch = new Int32Array(k);
  for (let start = 0; start < n; start++) {
    if (seen[start]) continue;
    const l = labels[start];
    let head = 0;
    let tail = 0;
    queue[tail++] = start;
    seen[start] = 1;
    touch.fill(0);
    let onSubject = 0;
    while (head < tail) {
      const i = queue[head++];
      if (subject) onSubject += subject[i];
      const x = i % width;
      const y = (i - x) / width;
      for (let d = 0; d < 4; d++) {
        const nx = d === 0 ? x - 1 : d === 1 ? x + 1 : x;
        const ny = d === 2 ? y - 1 : d === 3 ? y + 1 : y;
        if (nx < 0 || ny < 0 || nx >= width || ny >= height) continue;
        const j = ny * width + nx;
        if (labels[j] !== l) {
          touch[labels[j]]++;
          continue;
        }
        if (seen[j]) continue;
        seen[j] = 1;
        queue[tail++] = j;
      }
    }
    const s = subject ? onSubject / tail : 0.5;
    const limit = subject ? minRegion * (s > 0.5 ? 0.2 : s < 0.2 ? 1.5 : 1) : minRegion;
    if (tail < limit) {
      let best = -1;
      let bestCount = 0;
      for (let c = 0; c < k; c++) {
        if (touch[c] > bestCount) {
          bestCount = touch[c];
          best = c;
        }
      }
      if (best >= 0) for (let q = 0; q < tail; q++) labels[queue[q]] = best;
    }
  }
  return labels;
}

/** An image where every pixel holds its label's centre colour (interleaved 3 channels). */
export function paintLabels(labels: Uint8Array, centres: Float32Array): Float32Array {
  const out = f32(labels.length * 3);
  for (let i = 0; i < labels.length; i++) {
    const c = labels[i] * 3;
    out[i * 3] = centres[c];
    out[i * 3 + 1] = centres[c + 1];
    out[i * 3 + 2] = centres[c + 2];
  }
  return out;
}

/**
 * Renders flat colour regions at output size with smooth, anti-aliased borders and no stray
 * in-between colours: each output pixel only chooses among the labels of its four nearest
 * working pixels, and where they differ the border runs where the (slightly blurred) flat image
 * crosses halfway between the two colours.
 */
export class RegionUpsampler {
  private readonly fx: number;
  private readonly cols: { i0: Int32Array; f: Float32Array };
  private readonly rows: { i0: Int32Array; f: Float32Array };

  constructor(
    private readonly labels: Uint8Array,
    /** The painted label image, blurred by about a working pixel. */
    private readonly flat: Float32Array,
    private readonly centres: Float32Array,
    private readonly width: number,
    private readonly height: number,
    outWidth: number,
    outHeight: number,
    /** Half-width of the anti-aliasing ramp in output pixels (≈ 0.7). */
    private readonly softness = 0.7,
  ) {
    this.fx = width / outWidth;
    this.cols = axisMap(outWidth, width);
    this.rows = axisMap(outHeight, height);
  }

  /** Fills, for output row y, the main label, the other label and the other's weight (0..0.5+). */
  row(y: number, outWidth: number, first: Uint8Array, second: Uint8Array, weight: Float32Array): void {
    const { labels, flat, centres, width: w, fx, cols } = this;
    const y0 = this.rows.i0[y];
    const wy = this.rows.f[y];
    // Blend ramp in the projection parameter: the flat image changes over ~2 working pixels,
    // i.e. 2/fx output pixels.
    const ramp = (this.softness * fx) / 2;
    for (let x = 0; x < outWidth; x++) {
      const x0 = cols.i0[x];
      const i00 = y0 * w + x0;
      const l00 = labels[i00];
      const l10 = labels[i00 + 1];
      const l01 = labels[i00 + w];
      const l11 = labels[i00 + w + 1];
      if (l00 === l10 && l00 === l01 && l00 === l11) {
        first[x] = l00;
        second[x] = l00;
        weight[x] = 0;
        continue;
      }
      const wx = cols.f[x];
      const w00 = (1 - wx) * (1 - wy);
      const w10 = wx * (1 - wy);
      const w01 = (1 - wx) * wy;
      const w11 = wx * wy;
      const p0 =
        flat[i00 * 3] * w00 + flat[i00 * 3 + 3] * w10 + flat[(i00 + w) * 3] * w01 + flat[(i00 + w) * 3 + 3] * w11;
      const p1 =
        flat[i00 * 3 + 1] * w00 +
        flat[i00 * 3 + 4] * w10 +
        flat[(i00 + w) * 3 + 1] * w01 +
        flat[(i00 + w) * 3 + 4] * w11;
      const p2 =
        flat[i00 * 3 + 2] * w00 +
        flat[i00 * 3 + 5] * w10 +
        flat[(i00 + w) * 3 + 2] * w01 +
        flat[(i00 + w) * 3 + 5] * w11;
      // Nearest and second nearest among the (up to four) candidate labels.
      let a = l00;
      let b = l00;
      let da = Infinity;
      let db = Infinity;
      for (let q = 0; q < 4; q++) {
        const c = q === 0 ? l00 : q === 1 ? l10 : q === 2 ? l01 : l11;
        if (c === a && da !== Infinity) continue;
        if (c === b && db !== Infinity) continue;
        const e0 = p0 - centres[c * 3];
        const e1 = p1 - centres[c * 3 + 1];
        const e2 = p2 - centres[c * 3 + 2];
        const d = e0 * e0 + e1 * e1 + e2 * e2;
        if (d < da) {
          b = a;
          db = da;
          a = c;
          da = d;
        } else if (d < db) {
          b = c;
          db = d;
        }
      }
      first[x] = a;
      second[x] = b;
      if (a === b || db === Infinity) {
        weight[x] = 0;
        continue;
      }
      // Position along the segment a→b: 0 at a, 1 at b; the border is at 0.5.
      const v0 = centres[b * 3] - centres[a * 3];
      const v1 = centres[b * 3 + 1] - centres[a * 3 + 1];
      const v2 = centres[b * 3 + 2] - centres[a * 3 + 2];
      const len2 = v0 * v0 + v1 * v1 + v2 * v2 || 1;
      const t = ((p0 - centres[a * 3]) * v0 + (p1 - centres[a * 3 + 1]) * v1 + (p2 - centres[a * 3 + 2]) * v2) / len2;
      const s = (t - 0.5) / ramp;
      weight[x] = s >= 0 ? 0.5 : s <= -1 ? 0 : 0.5 * (1 + s);
    }
  }
}

/**
 * Dissolves 4-connected fragments smaller than `minSize` into the neighbouring label they touch
 * most (in place). For label maps with many labels (superpixels, glass pieces).
 */
export function dissolveFragments(labels: Int32Array, width: number, height: number, minSize: number): void {
  const n = width * height;
  const seen = new Uint8Array(n);
  const queue = new Int32Array(n);
  const touch = new Map<number, number>();
  for (let start = 0; start < n; start++) {
    if (seen[start]) continue;
    const size = fillFragment(labels, width, height, start, seen, queue);
    if (size >= minSize) continue;
    // Only a fragment being dissolved counts its neighbours (most pixels lie in large ones): the
    // same pixels in the same order as the fill took them, so ties go the same way.
    touch.clear();
    const l = labels[start];
    for (let q = 0; q < size; q++) {
      const i = queue[q];
      const x = i % width;
      const y = (i - x) / width;
      for (let d = 0; d < 4; d++) {
        const nx = d === 0 ? x - 1 : d === 1 ? x + 1 : x;
        const ny = d === 2 ? y - 1 : d === 3 ? y + 1 : y;
        if (nx < 0 || ny < 0 || nx >= width || ny >= height) continue;
        const other = labels[ny * width + nx];
        if (other !== l) touch.set(other, (touch.get(other) ?? 0) + 1);
      }
    }
    let best = -1;
    let bestCount = 0;
    for (const [c, cnt] of touch) {
      if (cnt > bestCount) {
        bestCount = cnt;
        best = c;
      }
    }
    if (best >= 0) for (let q = 0; q < size; q++) labels[queue[q]] = best;
  }
}

/** Marks the 4-connected fragment of `start`'s label in `seen`, its pixels into `queue` in fill order; its size. */
function fillFragment(
  labels: Int32Array,
  width: number,
  height: number,
  start: number,
  seen: Uint8Array,
  queue: Int32Array,
): number {
  const l = labels[start];
  let head = 0;
  let tail = 0;
  queue[tail++] = start;
  seen[start] = 1;
  while (head < tail) {
    const i = queue[head++];
    const x = i % width;
    const y = (i - x) / width;
    if (x > 0 && labels[i - 1] === l && !seen[i - 1]) {
      seen[i - 1] = 1;
      queue[tail++] = i - 1;
    }
    if (x < width - 1 && labels[i + 1] === l && !seen[i + 1]) {
      seen[i + 1] = 1;
      queue[tail++] = i + 1;
    }
    if (y > 0 && labels[i - width] === l && !seen[i - width]) {
      seen[i - width] = 1;
      queue[tail++] = i - width;
    }
    if (y < height - 1 && labels[i + width] === l && !seen[i + width]) {
      seen[i + width] = 1;
      queue[tail++] = i + width;
    }
  }
  return tail;
}
