import { rowKernel, shared } from '../parallel.js';
import { f32 } from '../raster.js';

/**
 * Exact Euclidean distance transform (Felzenszwalb & Huttenlocher, "Distance Transforms of
 * Sampled Functions", 2012): distance in pixels from every pixel to the nearest set pixel.
 * Columns, then rows, are independent 1-D transforms, split over both threads.
 */
export async function distanceTransform(mask: Uint8Array, width: number, height: number): Promise<Float32Array> {
  const n = width * height;
  const f = shared.f64(n);
  for (let i = 0; i < n; i++) f[i] = mask[i] ? 0 : INF;
  await columnsPass({ f, out: f32(0), width, height }, width);
  const out = f32(n);
  await rowsPass({ f, out, width, height }, height);
  return out;
}

const INF = 1e20;

interface PassArgs {
  f: Float64Array;
  out: Float32Array;
  width: number;
  height: number;
}

/** Squared distances along each column x0 ≤ x < x1, in place. */
const columnsPass = rowKernel<PassArgs>('distance/columns', ({ f, width, height }, x0, x1) => {
  const line = new Float64Array(height);
  const res = new Float64Array(height);
  const v = new Int32Array(height);
  const z = new Float64Array(height + 1);
  for (let x = x0; x < x1; x++) {
    for (let y = 0; y < height; y++) line[y] = f[y * width + x];
    edt1d(line, height, res, v, z);
    for (let y = 0; y < height; y++) f[y * width + x] = res[y];
  }
});

/** Then along each row y0 ≤ y < y1: the distance. */
const rowsPass = rowKernel<PassArgs>('distance/rows', ({ f, out, width }, y0, y1) => {
  const line = new Float64Array(width);
  const res = new Float64Array(width);
  const v = new Int32Array(width);
  const z = new Float64Array(width + 1);
  for (let y = y0; y < y1; y++) {
    const o = y * width;
    for (let x = 0; x < width; x++) line[x] = f[o + x];
    edt1d(line, width, res, v, z);
    for (let x = 0; x < width; x++) out[o + x] = Math.sqrt(res[x]);
  }
});

function edt1d(f: Float64Array, n: number, d: Float64Array, v: Int32Array, z: Float64Array): void {
  let k = 0;
  v[0] = 0;
  z[0] = -Infinity;
  z[1] = Infinity;
  for (let q = 1; q < n; q++) {
    let s = (f[q] + q * q - (f[v[k]] + v[k] * v[k])) / (2 * q - 2 * v[k]);
    while (s <= z[k]) {
      k--;
      s = (f[q] + q * q - (f[v[k]] + v[k] * v[k])) / (2 * q - 2 * v[k]);
    }
    k++;
    v[k] = q;
    z[k] = s;
    z[k + 1] = Infinity;
  }
  k = 0;
  for (let q = 0; q < n; q++) {
    while (z[k + 1] < q) k++;
    d[q] = (q - v[k]) * (q - v[k]) + f[v[k]];
  }
}
