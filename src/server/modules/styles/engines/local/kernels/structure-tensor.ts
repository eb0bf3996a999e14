import { rowKernel } from '../parallel.js';
import { type RgbF, f32 } from '../raster.js';
import { gaussianBlurPlanesRows } from './blur.js';

/** Local orientation of an image: unit tangent (along edges) and anisotropy in 0..1. */
export interface FlowField {
  width: number;
  height: number;
  tx: Float32Array;
  ty: Float32Array;
  anisotropy: Float32Array;
  /** Largest eigenvalue: squared gradient strength, useful as an edge measure. */
  strength: Float32Array;
}

interface SobelArgs {
  d: Float32Array;
  e: Float32Array;
  f: Float32Array;
  g: Float32Array;
  w: number;
  h: number;
}

const sobelRows = rowKernel<SobelArgs>('structure-tensor/sobel', ({ d, e, f, g, w, h }, y0, y1) => {
  const row = w * 3;
  for (let y = y0; y < y1; y++) {
    const ym = (y > 0 ? y - 1 : 0) * row;
    const yc = y * row;
    const yp = (y < h - 1 ? y + 1 : h - 1) * row;
    for (let x = 0; x < w; x++) {
      const xm = (x > 0 ? x - 1 : 0) * 3;
      const xc = x * 3;
      const xp = (x < w - 1 ? x + 1 : w - 1) * 3;
      let ee = 0;
      let ff = 0;
      let gg = 0;
      for (let c = 0; c < 3; c++) {
        const a = d[ym + xm + c];
        const cc = d[ym + xp + c];
        const gg2 = d[yp + xm + c];
        const ii = d[yp + xp + c];
        const gx = (cc + 2 * d[yc + xp + c] + ii - a - 2 * d[yc + xm + c] - gg2) * 0.125;
        const gy = (gg2 + 2 * d[yp + xc + c] + ii - a - 2 * d[ym + xc + c] - cc) * 0.125;
        ee += gx * gx;
        ff += gx * gy;
        gg += gy * gy;
      }
      const i = y * w + x;
      e[i] = ee;
      f[i] = ff;
      g[i] = gg;
    }
  }
});

/**
 * Smoothed structure tensor (Brox et al. / Kyprianidis 2009): per-channel Sobel gradients
 * summed over RGB, each tensor component blurred with `sigma`, then the eigen-decomposition
 * gives the direction of least change (the flow along edges) and how anisotropic it is.
 */
export async function structureTensor(img: RgbF, sigma: number): Promise<FlowField> {
  const { width: w, height: h, data: d } = img;
  const n = w * h;
  const e = f32(n);
  const f = f32(n);
  const g = f32(n);
  await sobelRows({ d, e, f, g, w, h }, h);
  const planes = [e, f, g].map((data) => ({ width: w, height: h, data }));
  const [E, F, G] = (await gaussianBlurPlanesRows(planes, sigma)).map((p) => p.data);
  const tx = f32(n);
  const ty = f32(n);
  const an = f32(n);
  const st = f32(n);
  await eigenRows({ E, F, G, tx, ty, an, st, w }, h);
  return { width: w, height: h, tx, ty, anisotropy: an, strength: st };
}

interface EigenArgs {
  E: Float32Array;
  F: Float32Array;
  G: Float32Array;
  tx: Float32Array;
  ty: Float32Array;
  an: Float32Array;
  st: Float32Array;
  w: number;
}

const eigenRows = rowKernel<EigenArgs>('structure-tensor/eigen', ({ E, F, G, tx, ty, an, st, w }, y0, y1) => {
  for (let i = y0 * w, end = y1 * w; i < end; i++) {
    const a = E[i];
    const b = F[i];
    const c = G[i];
    const root = Math.sqrt((a - c) * (a - c) + 4 * b * b);
    const l1 = (a + c + root) * 0.5;
    const l2 = (a + c - root) * 0.5;
    let vx = l1 - a;
    let vy = -b;
    const len = Math.sqrt(vx * vx + vy * vy);
    if (len > 1e-12) {
      vx /= len;
      vy /= len;
    } else {
      vx = 0;
      vy = 1;
    }
    tx[i] = vx;
    ty[i] = vy;
    an[i] = l1 + l2 > 1e-9 ? (l1 - l2) / (l1 + l2) : 0;
    st[i] = l1;
  }
});

/**
 * The flow field at half the size, (w + 1) / 2 × (h + 1) / 2, taking every other sample: the
 * field is already smoothed over a few pixels, and a tangent's sign is arbitrary, so averaging
 * neighbours could cancel them out.
 */
export function halfFlow(flow: FlowField): FlowField {
  const { width: w, height: h } = flow;
  const hw = (w + 1) >> 1;
  const hh = (h + 1) >> 1;
  const tx = f32(hw * hh);
  const ty = f32(hw * hh);
  const an = f32(hw * hh);
  const st = f32(hw * hh);
  for (let y = 0; y < hh; y++) {
    for (let x = 0; x < hw; x++) {
      const i = 2 * y * w + 2 * x;
      const o = y * hw + x;
      tx[o] = flow.tx[i];
      ty[o] = flow.ty[i];
      an[o] = flow.anisotropy[i];
      st[o] = flow.strength[i];
    }
  }
  return { width: hw, height: hh, tx, ty, anisotropy: an, strength: st };
}
