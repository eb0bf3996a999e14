import { rowKernel, shared } from '../parallel.js';
import { type Plane, f32 } from '../raster.js';
import type { FlowField } from './structure-tensor.js';

function gaussWeights(sigma: number, radius: number): Float32Array {
  const w = new Float32Array(radius * 2 + 1);
  for (let i = -radius; i <= radius; i++) w[i + radius] = Math.exp((-i * i) / (2 * sigma * sigma));
  return w;
}

/**
 * First half of the separable flow-based difference of Gaussians (Kyprianidis & Döllner 2008):
 * a 1-D DoG taken across the edge, i.e. along the gradient direction given by the flow field.
 * Returns the sharpened signal of XDoG (Winnemöller 2012): (1 + p)·G_σ − p·G_kσ.
 */
interface DogArgs {
  s: Float32Array;
  tx: Float32Array;
  ty: Float32Array;
  out: Float32Array;
  kern: Float32Array;
  radius: number;
  w: number;
  h: number;
}

const dogRows = rowKernel<DogArgs>('flow-dog/across', ({ s, tx, ty, out, kern, radius, w, h }, y0, y1) => {
  for (let y = y0; y < y1; y++) dogRow(s, tx, ty, out, kern, radius, w, h, y);
});

/** One row of the DoG across the flow, a function per row for the reason given at licRow. */
function dogRow(
  s: Float32Array,
  tx: Float32Array,
  ty: Float32Array,
  out: Float32Array,
  kern: Float32Array,
  radius: number,
  w: number,
  h: number,
  y: number,
): void {
  const wm = w - 1.001;
  const hm = h - 1.001;
  for (let x = 0; x < w; x++) {
    const i = y * w + x;
    // Gradient direction = tangent rotated by 90°.
    const nx = ty[i];
    const ny = -tx[i];
    let acc = kern[radius] * s[i];
    for (let t = 1; t <= radius; t++) {
      const kt = kern[radius + t];
      let px = x + nx * t;
      let py = y + ny * t;
      px = px < 0 ? 0 : px > wm ? wm : px;
      py = py < 0 ? 0 : py > hm ? hm : py;
      let x0 = px | 0;
      let y0b = py | 0;
      let fx = px - x0;
      let fy = py - y0b;
      let o = y0b * w + x0;
      let a = s[o] + (s[o + 1] - s[o]) * fx;
      let b = s[o + w] + (s[o + w + 1] - s[o + w]) * fx;
      acc += kt * (a + (b - a) * fy);
      px = x - nx * t;
      py = y - ny * t;
      px = px < 0 ? 0 : px > wm ? wm : px;
      py = py < 0 ? 0 : py > hm ? hm : py;
      x0 = px | 0;
      y0b = py | 0;
      fx = px - x0;
      fy = py - y0b;
      o = y0b * w + x0;
      a = s[o] + (s[o + 1] - s[o]) * fx;
      b = s[o + w] + (s[o + w + 1] - s[o + w]) * fx;
      acc += kt * (a + (b - a) * fy);
    }
    out[i] = acc;
  }
}

export async function dogAcrossFlow(src: Plane, flow: FlowField, sigma: number, p: number, k = 1.6): Promise<Plane> {
  const { width: w, height: h } = src;
  const radius = Math.ceil(2.5 * k * sigma);
  const g1 = gaussWeights(sigma, radius);
  const g2 = gaussWeights(k * sigma, radius);
  let sum1 = 0;
  let sum2 = 0;
  for (let i = 0; i < g1.length; i++) {
    sum1 += g1[i];
    sum2 += g2[i];
  }
  const kern = shared.f32(g1.length);
  for (let i = 0; i < g1.length; i++) kern[i] = ((1 + p) * g1[i]) / sum1 - (p * g2[i]) / sum2;
  const out = f32(w * h);
  await dogRows({ s: src.data, tx: flow.tx, ty: flow.ty, out, kern, radius, w, h }, h);
  return { width: w, height: h, data: out };
}

/**
 * Second half: Gaussian smoothing along the flow's streamlines (a line integral convolution),
 * which turns broken, noisy edge responses into long coherent strokes.
 */
interface LicArgs {
  s: Float32Array;
  tx: Float32Array;
  ty: Float32Array;
  out: Float32Array;
  wts: Float32Array;
  steps: number;
  stepLength: number;
  w: number;
  h: number;
}

const licRows = rowKernel<LicArgs>('flow-dog/along', ({ s, tx, ty, out, wts, steps, stepLength, w, h }, y0, y1) => {
  for (let y = y0; y < y1; y++) licRow(s, tx, ty, out, wts, steps, stepLength, w, h, y);
});

/**
 * One row of the line integral convolution. A function per row, not a loop over the chunk:
 * called once per chunk of rows, the kernel only ever ran as on-stack-replaced code, never
 * optimised as a whole, and that code boxed every pixel's sums on the heap (about 100 MB of
 * garbage per render at 2048 px in each thread). Called per row, V8 optimises it after a few
 * rows.
 */
function licRow(
  s: Float32Array,
  tx: Float32Array,
  ty: Float32Array,
  out: Float32Array,
  wts: Float32Array,
  steps: number,
  stepLength: number,
  w: number,
  h: number,
  y: number,
): void {
  const wm = w - 1.001;
  const hm = h - 1.001;
  for (let x = 0; x < w; x++) {
    const i = y * w + x;
    let acc = s[i] * wts[0];
    let wsum = wts[0];
    for (let dir = -1; dir <= 1; dir += 2) {
      let px = x + 0.5;
      let py = y + 0.5;
      let vx = tx[i] * dir;
      let vy = ty[i] * dir;
      for (let k = 1; k <= steps; k++) {
        px += vx * stepLength;
        py += vy * stepLength;
        if (px < 0 || py < 0 || px >= w || py >= h) break;
        const j = (py | 0) * w + (px | 0);
        // Keep walking the same way along the (sign-less) tangent field.
        let nx = tx[j];
        let ny = ty[j];
        if (nx * vx + ny * vy < 0) {
          nx = -nx;
          ny = -ny;
        }
        vx = nx;
        vy = ny;
        let sx = px - 0.5;
        let sy = py - 0.5;
        sx = sx < 0 ? 0 : sx > wm ? wm : sx;
        sy = sy < 0 ? 0 : sy > hm ? hm : sy;
        const x0 = sx | 0;
        const y0b = sy | 0;
        const fx = sx - x0;
        const fy = sy - y0b;
        const o = y0b * w + x0;
        const a = s[o] + (s[o + 1] - s[o]) * fx;
        const b = s[o + w] + (s[o + w + 1] - s[o + w]) * fx;
        const wk = wts[k];
        acc += wk * (a + (b - a) * fy);
        wsum += wk;
      }
    }
    out[i] = acc / wsum;
  }
}

export async function smoothAlongFlow(src: Plane, flow: FlowField, sigma: number, stepLength = 1): Promise<Plane> {
  const { width: w, height: h } = src;
  const steps = Math.max(1, Math.ceil((2 * sigma) / stepLength));
  const wts = shared.f32(steps + 1);
  for (let i = 0; i <= steps; i++) {
    const d = i * stepLength;
    wts[i] = Math.exp((-d * d) / (2 * sigma * sigma));
  }
  const out = f32(w * h);
  await licRows({ s: src.data, tx: flow.tx, ty: flow.ty, out, wts, steps, stepLength, w, h }, h);
  return { width: w, height: h, data: out };
}
