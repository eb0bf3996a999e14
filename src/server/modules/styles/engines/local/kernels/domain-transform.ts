import { COLUMN_CHUNK, rowKernel, shared } from '../parallel.js';
import { type Plane, type RgbF, copyF32 } from '../raster.js';

/**
 * Edge-preserving smoothing by the domain transform's recursive filter (Gastal & Oliveira,
 * "Domain Transform for Edge-Aware Image and Video Processing", 2011). Constant cost per pixel
 * whatever the spatial sigma, which is what lets the abstraction run in tens of milliseconds.
 *
 * sigmaS is in pixels, sigmaR in colour units (0..1). `guide` (default: the image itself)
 * decides where the edges are: an RGB image, or one plane (a lightness), whose differences
 * weigh as a grey edge's three channels do.
 */
export async function domainTransform(
  img: RgbF,
  sigmaS: number,
  sigmaR: number,
  iterations = 3,
  guide: RgbF | Plane = img,
): Promise<RgbF> {
  const { width: w, height: h } = img;
  const n = w * h;
  const g = guide.data;
  const ratio = sigmaS / sigmaR;
  // Derivatives of the transformed domain along x and y, from the guide, stored as an index
  // into a per-iteration table of a^d (one exp per table entry instead of per pixel).
  const dx = shared.u16(n);
  const dy = shared.u16(n);
  // A plane guide has one value a pixel, an RGB one three.
  if (g.length === n) await planeDerivativeRows({ g, dx, dy, w }, h);
  else await derivativeRows({ g, dx, dy, w }, h);
  const q = (LEVELS - 1) / 3;
  const out = copyF32(img.data);
  for (let it = 0; it < iterations; it++) {
    const table = shared.f32(LEVELS);
    const sigmaH = (sigmaS * Math.sqrt(3) * Math.pow(2, iterations - it - 1)) / Math.sqrt(Math.pow(4, iterations) - 1);
    const lnA = -Math.SQRT2 / sigmaH;
    for (let k = 0; k < LEVELS; k++) table[k] = Math.exp(lnA * (1 + (ratio * k) / q));
    // Rows are independent in the horizontal pass, columns in the vertical one.
    await rowsH({ d: out, v: dx, t: table, w, h }, h);
    await columnsV({ d: out, v: dy, t: table, w, h }, w);
  }
  return { width: w, height: h, data: out };
}

const LEVELS = 4096;

const derivativeRows = rowKernel<{ g: Float32Array; dx: Uint16Array; dy: Uint16Array; w: number }>(
  'domain-transform/derivatives',
  ({ g, dx, dy, w }, y0, y1) => {
    const q = (LEVELS - 1) / 3;
    for (let y = y0; y < y1; y++) {
      const o = y * w;
      for (let x = 1; x < w; x++) {
        const i = (o + x) * 3;
        const d = Math.abs(g[i] - g[i - 3]) + Math.abs(g[i + 1] - g[i - 2]) + Math.abs(g[i + 2] - g[i - 1]);
        dx[o + x] = Math.min(LEVELS - 1, (d * q + 0.5) | 0);
      }
      if (y === 0) continue;
      for (let x = 0; x < w; x++) {
        const i = (o + x) * 3;
        const j = i - w * 3;
        const d = Math.abs(g[i] - g[j]) + Math.abs(g[i + 1] - g[j + 1]) + Math.abs(g[i + 2] - g[j + 2]);
        dy[o + x] = Math.min(LEVELS - 1, (d * q + 0.5) | 0);
      }
    }
  },
);

/** As derivativeRows, from a one-channel guide (its differences count three times, as a grey edge's do). */
const planeDerivativeRows = rowKernel<{ g: Float32Array; dx: Uint16Array; dy: Uint16Array; w: number }>(
  'domain-transform/plane-derivatives',
  ({ g, dx, dy, w }, y0, y1) => {
    const q = LEVELS - 1;
    for (let y = y0; y < y1; y++) {
      const o = y * w;
      for (let x = 1; x < w; x++) dx[o + x] = Math.min(LEVELS - 1, (Math.abs(g[o + x] - g[o + x - 1]) * q + 0.5) | 0);
      if (y === 0) continue;
      for (let x = 0; x < w; x++) dy[o + x] = Math.min(LEVELS - 1, (Math.abs(g[o + x] - g[o + x - w]) * q + 0.5) | 0);
    }
  },
);

interface PassArgs {
  d: Float32Array;
  v: Uint16Array;
  t: Float32Array;
  w: number;
  h: number;
}

const rowsH = rowKernel<PassArgs>('domain-transform/h', ({ d, v, t, w }, y0, y1) => {
  // Each pixel waits for its neighbour's result; two rows' recursions side by side keep the
  // processor busy while one waits (stand-alone, the pass ran in 7.6 ms instead of 9.7). A
  // chunk's odd last row is filtered as both of a pair: each step reads both before writing
  // either, so it comes out exactly as filtered alone.
  for (let y = y0; y < y1; y += 2) {
    const o = y * w;
    const p = Math.min(y + 1, y1 - 1) * w;
    sweepPair(d, v, t, o, p, 1, w, 1, 0);
    sweepPair(d, v, t, o, p, w - 2, -1, -1, 1);
  }
});

/**
 * The recursive filter along the rows that start at pixels `o` and `p`, the two rows'
 * arithmetic interleaved: columns `from` up to (not including) `to` in steps of `step` (±1),
 * each pixel pulled towards the one before it by the weight at its edge with that one (`edge`
 * 0 rightwards, 1 leftwards: the weight stored at the right-hand pixel of each pair).
 */
function sweepPair(
  d: Float32Array,
  v: Uint16Array,
  t: Float32Array,
  o: number,
  p: number,
  from: number,
  to: number,
  step: number,
  edge: number,
): void {
  // The previous pixel's result stays in locals, rounded to float32 as its stored value is.
  const f = Math.fround;
  const before = from - step;
  let r = d[(o + before) * 3];
  let g = d[(o + before) * 3 + 1];
  let b = d[(o + before) * 3 + 2];
  let r2 = d[(p + before) * 3];
  let g2 = d[(p + before) * 3 + 1];
  let b2 = d[(p + before) * 3 + 2];
  for (let x = from; x !== to; x += step) {
    const a = t[v[o + x + edge]];
    const i = (o + x) * 3;
    const a2 = t[v[p + x + edge]];
    const j = (p + x) * 3;
    r = f(d[i] + a * (r - d[i]));
    g = f(d[i + 1] + a * (g - d[i + 1]));
    b = f(d[i + 2] + a * (b - d[i + 2]));
    r2 = f(d[j] + a2 * (r2 - d[j]));
    g2 = f(d[j + 1] + a2 * (g2 - d[j + 1]));
    b2 = f(d[j + 2] + a2 * (b2 - d[j + 2]));
    d[i] = r;
    d[i + 1] = g;
    d[i + 2] = b;
    d[j] = r2;
    d[j + 1] = g2;
    d[j + 2] = b2;
  }
}

const columnsV = rowKernel<PassArgs>(
  'domain-transform/v',
  ({ d, v, t, w, h }, x0, x1) => {
    const stride = w * 3;
    for (let y = 1; y < h; y++) {
      const o = y * w;
      for (let x = x0; x < x1; x++) {
        const a = t[v[o + x]];
        const i = (o + x) * 3;
        d[i] += a * (d[i - stride] - d[i]);
        d[i + 1] += a * (d[i + 1 - stride] - d[i + 1]);
        d[i + 2] += a * (d[i + 2 - stride] - d[i + 2]);
      }
    }
    for (let y = h - 2; y >= 0; y--) {
      const o = y * w;
      for (let x = x0; x < x1; x++) {
        const a = t[v[o + w + x]];
        const i = (o + x) * 3;
        d[i] += a * (d[i + stride] - d[i]);
        d[i + 1] += a * (d[i + 1 + stride] - d[i + 1]);
        d[i + 2] += a * (d[i + 2 + stride] - d[i + 2]);
      }
    }
  },
  COLUMN_CHUNK,
);
