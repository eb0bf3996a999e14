import { rowKernel } from '../parallel.js';
import { type RgbF, f32 } from '../raster.js';
import type { FlowField } from './structure-tensor.js';

const SECTORS = 8;
const ORIENTATIONS = 24;
const ANISOTROPIES = 5;

interface KernelTable {
  /** Per (orientation, anisotropy, sector): a run of sample offsets and weights. */
  offsets: Int32Array;
  weights: Float32Array;
  start: Int32Array;
}

/**
 * Precomputes, for every quantised orientation × anisotropy, the ellipse's sample offsets and
 * their weights in each of the eight sectors. Sector weights are a cos² partition of unity over
 * the angle (smooth like Kyprianidis' Gaussian-smoothed sectors, each sample in two sectors),
 * the radial falloff a Gaussian. Samples lie on a checkerboard: half the reads, the same look.
 * Runs are grouped by sector so the inner loop accumulates into registers.
 */
function buildTable(radius: number, alpha: number, stride: number): KernelTable {
  const offsets: number[] = [];
  const weights: number[] = [];
  const start = new Int32Array(ORIENTATIONS * ANISOTROPIES * SECTORS + 1);
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
      const runs: Array<Array<[number, number]>> = Array.from({ length: SECTORS }, () => []);
      for (let dy = -rmax; dy <= rmax; dy++) {
        for (let dx = -rmax; dx <= rmax; dx++) {
          if ((dx + dy) & 1) continue;
          const u = (dx * c + dy * s) / major;
          const v = (-dx * s + dy * c) / minor;
          const rho2 = u * u + v * v;
          if (rho2 > 1) continue;
          const g = Math.exp(-2 * rho2);
          const off = (dy * stride + dx) * 4;
          if (dx === 0 && dy === 0) {
            for (const run of runs) run.push([off, g]);
            continue;
          }
          let theta = Math.atan2(v, u);
          if (theta < 0) theta += Math.PI * 2;
          const pos = theta / ((Math.PI * 2) / SECTORS);
          const i0 = Math.floor(pos) % SECTORS;
          const w0 = Math.cos(((pos - Math.floor(pos)) * Math.PI) / 2) ** 2;
          if (w0 > 0.01) runs[i0].push([off, g * w0]);
          if (w0 < 0.99) runs[(i0 + 1) % SECTORS].push([off, g * (1 - w0)]);
        }
      }
      for (const run of runs) {
        start[k++] = offsets.length;
        for (const [off, wt] of run) {
          offsets.push(off);
          weights.push(wt);
        }
      }
    }
  }
  start[k] = offsets.length;
  return { offsets: Int32Array.from(offsets), weights: Float32Array.from(weights), start };
}

interface AkfArgs {
  P: Float32Array;
  tx: Float32Array;
  ty: Float32Array;
  an: Float32Array;
  offsets: Int32Array;
  weights: Float32Array;
  start: Int32Array;
  out: Float32Array;
  w: number;
  pw: number;
  rmax: number;
  halfQ: number;
}

const akfRows = rowKernel<AkfArgs>('kuwahara/anisotropic', (a, y0, y1) => {
  const { P, tx, ty, an, offsets, weights, start, out, w, pw, rmax, halfQ } = a;
  for (let y = y0; y < y1; y++) {
    for (let x = 0; x < w; x++) {
      const i = y * w + x;
      let phi = Math.atan2(ty[i], tx[i]);
      if (phi < 0) phi += Math.PI;
      const ob = Math.min(ORIENTATIONS - 1, (phi / Math.PI) * ORIENTATIONS) | 0;
      const ab = Math.min(ANISOTROPIES - 1, Math.round(an[i] * (ANISOTROPIES - 1)));
      const k = (ob * ANISOTROPIES + ab) * SECTORS;
      const base = ((y + rmax) * pw + x + rmax) * 4;
      let sr = 0;
      let sg = 0;
      let sb = 0;
      let sw = 0;
      for (let j = 0; j < SECTORS; j++) {
        let n = 0;
        let ar = 0;
        let ag = 0;
        let ab2 = 0;
        let as = 0;
        for (let e = start[k + j], end = start[k + j + 1]; e < end; e++) {
          const p = base + offsets[e];
          const wt = weights[e];
          n += wt;
          ar += wt * P[p];
          ag += wt * P[p + 1];
          ab2 += wt * P[p + 2];
          as += wt * P[p + 3];
        }
        const inv = 1 / n;
        const mr = ar * inv;
        const mg = ag * inv;
        const mb = ab2 * inv;
        let variance = as * inv - mr * mr - mg * mg - mb * mb;
        if (variance < 0) variance = 0;
        const v = 255 * variance;
        const v2 = v * v;
        const wgt = 1 / (1 + (halfQ === 4 ? v2 * v2 : Math.pow(v, halfQ)));
        sr += wgt * mr;
        sg += wgt * mg;
        sb += wgt * mb;
        sw += wgt;
      }
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
export async function anisotropicKuwahara(img: RgbF, flow: FlowField, radius: number, q = 8, alpha = 1): Promise<RgbF> {
  const { width: w, height: h } = img;
  const rmax = Math.ceil((radius * (alpha + 1)) / alpha);
  const pw = w + 2 * rmax;
  const ph = h + 2 * rmax;
  // Edge-replicated padding so the inner loop needs no bounds checks; planar channels.
  // Interleaved r, g, b, r²+g²+b²: one cache line per sample.
  const P = f32(pw * ph * 4);
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
  const { offsets, weights, start } = buildTable(radius, alpha, pw);
  const out = f32(w * h * 3);
  await akfRows(
    { P, tx: flow.tx, ty: flow.ty, an: flow.anisotropy, offsets, weights, start, out, w, pw, rmax, halfQ: q / 2 },
    h,
  );
  return { width: w, height: h, data: out };
}
