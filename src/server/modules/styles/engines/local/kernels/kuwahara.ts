import { rowKernel, shared } from '../parallel.js';
import { type RgbF, axisMap, f32 } from '../raster.js';
import type { FlowField } from './structure-tensor.js';

const SECTORS = 8;
const ORIENTATIONS = 24;
const ANISOTROPIES = 5;

interface KernelTable {
  /**
   * Per (orientation, anisotropy, sector): a run of sample offsets, each with its weight in
   * that sector and its weight in the next sector round (a sample lies in two neighbours).
   */
  offsets: Int32Array;
  weights: Float32Array;
  spill: Float32Array;
  start: Int32Array;
  /**
   * Per (orientation, anisotropy, sector): the sector's weight sum and its reciprocal. The sum
   * is the same for every pixel, so it is summed here once, in the order the filter summed it
   * per pixel: the same number.
   */
  norms: Float64Array;
}

/**
 * Precomputes, for every quantised orientation × anisotropy, the ellipse's sample offsets and
 * their weights in each of the eight sectors. Sector weights are a cos² partition of unity over
 * the angle (smooth like Kyprianidis' Gaussian-smoothed sectors, each sample in two sectors),
 * the radial falloff a Gaussian. Samples lie on a checkerboard: half the reads, the same look.
 * Each sample is stored once, in the run of the first of its two sectors, so the inner loop
 * reads it once and adds it to both; the centre, in every sector, is added by the filter.
 */
function buildTable(radius: number, alpha: number, stride: number): KernelTable {
  const offsets: number[] = [];
  const weights: number[] = [];
  const spill: number[] = [];
  const start = shared.i32(ORIENTATIONS * ANISOTROPIES * SECTORS + 1);
  const rmax = Math.ceil((radius * (alpha + 1)) / alpha);
  let k = 0;
  for (let o = 0; o < ORIENTATIONS; o++) {
    const phi = ((o + 0.5) / ORIENTATIONS) * Math.PI;
    const c = Math.cos(phi);
    const s = Math.sin(phi);
    for (let a = 0; a < ANISOTROPIES; a++) {
      const A = a / (ANISOTROPIES - 1);
      const major = (radius * (alpha + A)) / alpha;
      const minor = (radius * alpha) / (alpha + A);
      const runs: Array<Array<[number, number, number]>> = Array.from({ length: SECTORS }, () => []);
      for (let dy = -rmax; dy <= rmax; dy++) {
        for (let dx = -rmax; dx <= rmax; dx++) {
          if ((dx + dy) & 1) continue;
          if (dx === 0 && dy === 0) continue;
          const u = (dx * c + dy * s) / major;
          const v = (-dx * s + dy * c) / minor;
          const rho2 = u * u + v * v;
          if (rho2 > 1) continue;
          const g = Math.exp(-2 * rho2);
          const off = (dy * stride + dx) * 4;
          let theta = Math.atan2(v, u);
          if (theta < 0) theta += Math.PI * 2;
          const pos = theta / ((Math.PI * 2) / SECTORS);
          const i0 = Math.floor(pos) % SECTORS;
          const w0 = Math.cos(((pos - Math.floor(pos)) * Math.PI) / 2) ** 2;
          runs[i0].push([off, w0 > 0.01 ? g * w0 : 0, w0 < 0.99 ? g * (1 - w0) : 0]);
        }
      }
      for (const run of runs) {
        start[k++] = offsets.length;
        for (const [off, wt, next] of run) {
          offsets.push(off);
          weights.push(wt);
          spill.push(next);
        }
      }
    }
  }
  start[k] = offsets.length;
  // In shared memory, as every array a row kernel is given (parallel.ts).
  const table = {
    offsets: shared.i32(offsets.length),
    weights: shared.f32(weights.length),
    spill: shared.f32(spill.length),
    start,
  };
  table.offsets.set(offsets);
  table.weights.set(weights);
  table.spill.set(spill);
  return { ...table, norms: weightSums(table.weights, table.spill, start) };
}

/**
 * Each sector's weight sum as the filter would sum it pixel by pixel: the centre's 1, its
 * run's weights, then the previous run's spill (sector 0 takes the last run's spill at the end).
 */
function weightSums(weights: Float32Array, spill: Float32Array, start: Int32Array): Float64Array {
  const sums = new Float64Array(start.length - 1);
  for (let k = 0; k < sums.length; k += SECTORS) {
    let cn = 1;
    let zn = 0;
    for (let j = 0; j < SECTORS; j++) {
      let nn = j === SECTORS - 1 ? 0 : 1;
      for (let e = start[k + j]; e < start[k + j + 1]; e++) {
        cn += weights[e];
        nn += spill[e];
      }
      if (j === 0) zn = cn;
      else sums[k + j] = cn;
      cn = nn;
    }
    sums[k] = zn + cn;
  }
  const norms = shared.f64(sums.length * 2);
  for (let i = 0; i < sums.length; i++) {
    norms[2 * i] = sums[i];
    norms[2 * i + 1] = 1 / sums[i];
  }
  return norms;
}

interface AkfArgs {
  P: Float32Array;
  tx: Float32Array;
  ty: Float32Array;
  an: Float32Array;
  offsets: Int32Array;
  weights: Float32Array;
  spill: Float32Array;
  start: Int32Array;
  norms: Float64Array;
  out: Float32Array;
  w: number;
  pw: number;
  rmax: number;
  halfQ: number;
}

/**
 * A sector's weight 1 / (1 + σ^q) over its weight sum (`inv` is the sum's reciprocal), given
 * its sums of weight × (r, g, b, r² + g² + b²): the factor that turns its sums into its share
 * of the output.
 */
function sectorFactor(inv: number, ar: number, ag: number, ab: number, as: number, halfQ: number): number {
  const mr = ar * inv;
  const mg = ag * inv;
  const mb = ab * inv;
  let variance = as * inv - mr * mr - mg * mg - mb * mb;
  if (variance < 0) variance = 0;
  const v = 255 * variance;
  const v2 = v * v;
  return inv / (1 + (halfQ === 4 ? v2 * v2 : Math.pow(v, halfQ)));
}

const akfRows = rowKernel<AkfArgs>('kuwahara/anisotropic', (a, y0, y1) => {
  const { P, tx, ty, an, offsets, weights, spill, start, norms, out, w, pw, rmax, halfQ } = a;
  for (let y = y0; y < y1; y++) {
    for (let x = 0; x < w; x++) {
      const i = y * w + x;
      let phi = Math.atan2(ty[i], tx[i]);
      if (phi < 0) phi += Math.PI;
      const ob = Math.min(ORIENTATIONS - 1, (phi / Math.PI) * ORIENTATIONS) | 0;
      const ab = Math.min(ANISOTROPIES - 1, Math.round(an[i] * (ANISOTROPIES - 1)));
      const k = (ob * ANISOTROPIES + ab) * SECTORS;
      const base = ((y + rmax) * pw + x + rmax) * 4;
      // The centre sample is in every sector, with weight 1.
      const r0 = P[base];
      const g0 = P[base + 1];
      const b0 = P[base + 2];
      const s0 = P[base + 3];
      // Sectors in order: `c…` sums the current one, `n…` the next (this run's spill); sector
      // 0's sums wait in `z…` for the spill of the last run. Weight sums come from the table.
      let cr = r0;
      let cg = g0;
      let cb = b0;
      let cs = s0;
      let zr = 0;
      let zg = 0;
      let zb = 0;
      let zs = 0;
      let sr = 0;
      let sg = 0;
      let sb = 0;
      let sw = 0;
      for (let j = 0; j < SECTORS; j++) {
        const last = j === SECTORS - 1;
        let nr = last ? 0 : r0;
        let ng = last ? 0 : g0;
        let nb = last ? 0 : b0;
        let ns = last ? 0 : s0;
        for (let e = start[k + j], end = start[k + j + 1]; e < end; e++) {
          const p = base + offsets[e];
          const pr = P[p];
          const pg = P[p + 1];
          const pb = P[p + 2];
          const ps = P[p + 3];
          const wt = weights[e];
          const wn = spill[e];
          cr += wt * pr;
          cg += wt * pg;
          cb += wt * pb;
          cs += wt * ps;
          nr += wn * pr;
          ng += wn * pg;
          nb += wn * pb;
          ns += wn * ps;
        }
        if (j === 0) {
          zr = cr;
          zg = cg;
          zb = cb;
          zs = cs;
        } else {
          const cn = norms[2 * (k + j)];
          const f = sectorFactor(norms[2 * (k + j) + 1], cr, cg, cb, cs, halfQ);
          sr += f * cr;
          sg += f * cg;
          sb += f * cb;
          sw += f * cn;
        }
        cr = nr;
        cg = ng;
        cb = nb;
        cs = ns;
      }
      // Sector 0, with the last run's spill.
      const zn = norms[2 * k];
      zr += cr;
      zg += cg;
      zb += cb;
      zs += cs;
      const f = sectorFactor(norms[2 * k + 1], zr, zg, zb, zs, halfQ);
      sr += f * zr;
      sg += f * zg;
      sb += f * zb;
      sw += f * zn;
      const o = i * 3;
      out[o] = sr / sw;
      out[o + 1] = sg / sw;
      out[o + 2] = sb / sw;
    }
  }
});

/**
 * Anisotropic Kuwahara filter (Kyprianidis, Kang & Döllner, "Image and Video Abstraction by
 * Anisotropic Kuwahara Filtering", 2009). Each pixel's neighbourhood is an ellipse aligned with
 * the local flow, split into eight sectors; the output blends the sector means, weighting each
 * by 1 / (1 + σ^q) so the most uniform sectors win: flat paint with crisp, directional edges.
 */
export async function anisotropicKuwahara(
  img: RgbF,
  flow: FlowField,
  radius: number,
  q = 8,
  alpha = 1,
  /** Buffers to paint with instead of new ones, at least as large as needed (see enlargedKuwahara). */
  into?: { padded: Float32Array; out: Float32Array },
): Promise<RgbF> {
  const { width: w, height: h } = img;
  const rmax = Math.ceil((radius * (alpha + 1)) / alpha);
  const pw = w + 2 * rmax;
  const ph = h + 2 * rmax;
  // Edge-replicated padding so the inner loop needs no bounds checks; planar channels.
  // Interleaved r, g, b, r²+g²+b²: one cache line per sample.
  const P = into ? into.padded.subarray(0, pw * ph * 4) : f32(pw * ph * 4);
  for (let y = 0; y < ph; y++) {
    const sy = Math.min(h - 1, Math.max(0, y - rmax));
    for (let x = 0; x < pw; x++) {
      const sx = Math.min(w - 1, Math.max(0, x - rmax));
      const d = (y * pw + x) * 4;
      const s = (sy * w + sx) * 3;
      const r = img.data[s];
      const g = img.data[s + 1];
      const b = img.data[s + 2];
      P[d] = r;
      P[d + 1] = g;
      P[d + 2] = b;
      P[d + 3] = r * r + g * g + b * b;
    }
  }
  const { offsets, weights, spill, start, norms } = buildTable(radius, alpha, pw);
  const out = into ? into.out.subarray(0, w * h * 3) : f32(w * h * 3);
  await akfRows(
    {
      P,
      tx: flow.tx,
      ty: flow.ty,
      an: flow.anisotropy,
      offsets,
      weights,
      spill,
      start,
      norms,
      out,
      w,
      pw,
      rmax,
      halfQ: q / 2,
    },
    h,
  );
  return { width: w, height: h, data: out };
}

/** Rows of the enlarged image painted at a time: the padded strip stays a few dozen megabytes. */
const STRIP_ROWS = 256;

/**
 * The image enlarged to `width` × `height` (bilinear) and painted again there by the anisotropic
 * Kuwahara filter with a small brush, along the same flow: each edge the enlargement spread over
 * several pixels is laid down again as a crisp one at the new size. Painted in strips of rows
 * (each with the brush's reach above and below), handed to `strip` in order (rows y0 ≤ y < y1,
 * interleaved RGB, valid until it returns), so nothing of the new size need be held whole. The
 * flow is taken from its nearest sample: a tangent's sign is arbitrary, and blending neighbours
 * could cancel them out.
 */
export async function enlargedKuwahara(
  img: RgbF,
  flow: FlowField,
  size: { width: number; height: number; radius: number; q?: number; alpha?: number },
  strip: (rows: Float32Array, y0: number, y1: number) => void | Promise<void>,
): Promise<void> {
  const { width, height, radius, q = 8, alpha = 1 } = size;
  const { width: w, height: h, data } = img;
  const reach = Math.ceil((radius * (alpha + 1)) / alpha);
  const cols = axisMap(width, w);
  const rows = axisMap(height, h);
  const flowX = nearest(width, flow.width);
  const flowY = nearest(height, flow.height);
  const dx = w > 1 ? 3 : 0;
  const dy = h > 1 ? w * 3 : 0;
  const most = Math.min(height, STRIP_ROWS + 2 * reach);
  const colour = f32(width * most * 3);
  const tx = f32(width * most);
  const ty = f32(width * most);
  const an = f32(width * most);
  // One set of the filter's buffers for every strip: a new set a strip left a gigabyte of
  // shared memory for the collector on the poster.
  const into = { padded: f32((width + 2 * reach) * (most + 2 * reach) * 4), out: f32(width * most * 3) };
  for (let y0 = 0; y0 < height; y0 += STRIP_ROWS) {
    const y1 = Math.min(height, y0 + STRIP_ROWS);
    const top = Math.max(0, y0 - reach);
    const rowsInStrip = Math.min(height, y1 + reach) - top;
    for (let y = 0; y < rowsInStrip; y++) {
      const sy = rows.i0[top + y];
      const fy = rows.f[top + y];
      const flowRow = flowY[top + y] * flow.width;
      for (let x = 0; x < width; x++) {
        const q0 = (sy * w + cols.i0[x]) * 3;
        const fx = cols.f[x];
        const o = (y * width + x) * 3;
        for (let c = 0; c < 3; c++) {
          const above = data[q0 + c] + (data[q0 + dx + c] - data[q0 + c]) * fx;
          const below = data[q0 + dy + c] + (data[q0 + dy + dx + c] - data[q0 + dy + c]) * fx;
          colour[o + c] = above + (below - above) * fy;
        }
        const n = flowRow + flowX[x];
        const k = y * width + x;
        tx[k] = flow.tx[n];
        ty[k] = flow.ty[n];
        an[k] = flow.anisotropy[n];
      }
    }
    const n = width * rowsInStrip;
    const painted = await anisotropicKuwahara(
      { width, height: rowsInStrip, data: colour.subarray(0, n * 3) },
      {
        width,
        height: rowsInStrip,
        tx: tx.subarray(0, n),
        ty: ty.subarray(0, n),
        anisotropy: an.subarray(0, n),
        strength: an.subarray(0, n),
      },
      radius,
      q,
      alpha,
      into,
    );
    await strip(painted.data.subarray((y0 - top) * width * 3, (y1 - top) * width * 3), y0, y1);
  }
}

/** For each of `outN` samples, the nearest of `inN` (pixel centres aligned). */
function nearest(outN: number, inN: number): Int32Array {
  const k = inN / outN;
  return Int32Array.from({ length: outN }, (_, o) => Math.min(inN - 1, Math.max(0, Math.round((o + 0.5) * k - 0.5))));
}
