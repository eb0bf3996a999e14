/** Area-averaged small copies of a photo, and a small plane enlarged back to a working size. */
import { type Plane, type Rgb8, f32 } from '../raster.js';

/** Area-averaged copy with the long side `long` (never enlarged), as 0..1 floats. */
export function downscale(img: Rgb8, long: number): { width: number; height: number; data: Float32Array } {
  const scale = Math.min(1, long / Math.max(img.width, img.height));
  return downscaleTo(img, Math.max(1, Math.round(img.width * scale)), Math.max(1, Math.round(img.height * scale)));
}

/**
 * Area-averaged copy at exactly w × h (w ≤ width, h ≤ height), as 0..1 floats. At most about
 * 6 × 6 samples go into each output pixel: a 6000 px print is checked as fast as a preview.
 */
export function downscaleTo(img: Rgb8, w: number, h: number): { width: number; height: number; data: Float32Array } {
  const { width: W, height: H, data } = img;
  // Integer sums (exact, and cheaper than float read-modify-writes), by output column.
  const sums = new Uint32Array(w * h * 3);
  const cnt = new Uint32Array(w * h);
  const stepY = Math.max(1, Math.floor(H / h / 6));
  const stepX = Math.max(1, Math.floor(W / w / 6));
  const col = new Int32Array(W);
  for (let x = 0; x < W; x++) col[x] = Math.min(w - 1, Math.floor((x * w) / W)) * 3;
  const step3 = stepX * 3;
  for (let y = 0; y < H; y += stepY) {
    const row = Math.min(h - 1, Math.floor((y * h) / H)) * w * 3;
    const end = (y + 1) * W * 3;
    for (let x = 0, i = y * W * 3; i < end; x += stepX, i += step3) {
      const o = row + col[x];
      sums[o] += data[i];
      sums[o + 1] += data[i + 1];
      sums[o + 2] += data[i + 2];
    }
  }
  // Samples per output pixel: the rows of each output row times the columns of each output column.
  const perRow = new Uint32Array(h);
  for (let y = 0; y < H; y += stepY) perRow[Math.min(h - 1, Math.floor((y * h) / H))]++;
  const perCol = new Uint32Array(w);
  for (let x = 0; x < W; x += stepX) perCol[col[x] / 3]++;
  for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) cnt[y * w + x] = perRow[y] * perCol[x];
  const out = new Float32Array(w * h * 3);
  for (let o = 0; o < w * h; o++) {
    const k = 1 / (255 * (cnt[o] || 1));
    out[o * 3] = sums[o * 3] * k;
    out[o * 3 + 1] = sums[o * 3 + 1] * k;
    out[o * 3 + 2] = sums[o * 3 + 2] * k;
  }
  return { width: w, height: h, data: out };
}

/** The subject map resampled (bilinear) to another size, e.g. a style's working size. */
export function resamplePlane(p: Plane, width: number, height: number): Float32Array {
  const out = f32(width * height);
  const { width: w, height: h, data } = p;
  // The columns' source pixels and weights are the same on every row.
  const xas = new Int32Array(width);
  const xbs = new Int32Array(width);
  const txs = new Float64Array(width);
  for (let x = 0; x < width; x++) {
    const fx = Math.min(w - 1, Math.max(0, ((x + 0.5) * w) / width - 0.5));
    const x0 = Math.min(w - 2, Math.floor(fx));
    xas[x] = Math.max(0, x0);
    xbs[x] = Math.min(w - 1, xas[x] + 1);
    txs[x] = w > 1 ? fx - xas[x] : 0;
  }
  for (let y = 0; y < height; y++) {
    const fy = Math.min(h - 1, Math.max(0, ((y + 0.5) * h) / height - 0.5));
    const y0 = Math.min(h - 2, Math.floor(fy));
    const ty = h > 1 ? fy - Math.max(0, y0) : 0;
    const r0 = Math.max(0, y0) * w;
    const r1 = Math.min(h - 1, Math.max(0, y0) + 1) * w;
    for (let x = 0, o = y * width; x < width; x++, o++) {
      const xa = xas[x];
      const xb = xbs[x];
      const tx = txs[x];
      const top = data[r0 + xa] + (data[r0 + xb] - data[r0 + xa]) * tx;
      const bot = data[r1 + xa] + (data[r1 + xb] - data[r1 + xa]) * tx;
      out[o] = top + (bot - top) * ty;
    }
  }
  return out;
}
