import { f32 } from '../raster.js';

/**
 * Exact Euclidean distance transform (Felzenszwalb & Huttenlocher, "Distance Transforms of
 * Sampled Functions", 2012): distance in pixels from every pixel to the nearest set pixel.
 */
export function distanceTransform(mask: Uint8Array, width: number, height: number): Float32Array {
  const INF = 1e20;
  const n = width * height;
  const f = new Float64Array(n);
  for (let i = 0; i < n; i++) f[i] = mask[i] ? 0 : INF;
  const size = Math.max(width, height);
  const line = new Float64Array(size);
  const res = new Float64Array(size);
  const v = new Int32Array(size);
  const z = new Float64Array(size + 1);
  for (let x = 0; x < width; x++) {
    for (let y = 0; y < height; y++) line[y] = f[y * width + x];
    edt1d(line, height, res, v, z);
    for (let y = 0; y < height; y++) f[y * width + x] = res[y];
  }
  const out = f32(n);
  for (let y = 0; y < height; y++) {
    const o = y * width;
    for (let x = 0; x < width; x++) line[x] = f[o + x];
    edt1d(line, width, res, v, z);
    for (let x = 0; x < width; x++) out[o + x] = Math.sqrt(res[x]);
  }
  return out;
}

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
