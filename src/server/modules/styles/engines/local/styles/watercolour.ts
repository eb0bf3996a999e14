import {
  type Plane,
  dither,
  f32,
  luminance,
  oklabToSrgbRange,
  rgb8Of,
  smoothstep,
  srgbToOklabRange,
} from '../raster.js';
import { domainTransform } from '../kernels/domain-transform.js';
import { gaussianBlurRgbRows, gaussianBlurRows } from '../kernels/blur.js';
import { type NoiseGrid, fractalNoiseGrid, grainTile, sampleNoise } from '../kernels/noise.js';
import { rowKernel, shared } from '../parallel.js';
import { type LocalStyleEngine, unit } from './style.js';

const PAPER = [0.985, 0.975, 0.95];

interface ComposeArgs {
  colour: Float32Array;
  edges: Float32Array;
  w: number;
  h: number;
  W: number;
  H: number;
  /** Four noise fields on one coarse grid, interleaved: turbulence, wobble x, wobble y, bloom. */
  noise: Float32Array;
  gw: number;
  step: number;
  /** Luminance above which a wash fades to bare paper (raised on a re-render of a pale artwork). */
  veilFrom: number;
  out: Uint8ClampedArray;
}

/**
 * Called a row at a time: over a chunk of rows, the loop ran as on-stack-replaced code that
 * boxed each pixel's values on the heap (100 MB of garbage a render at 2048 px).
 */
const compose = rowKernel<ComposeArgs>('watercolour/compose', (a, y0, y1) => {
  for (let y = y0; y < y1; y++) composeRows(a, y, y + 1);
});

function composeRows(a: ComposeArgs, y0: number, y1: number): void {
  const { colour, edges, w, h, W, H, noise, gw, step, veilFrom, out } = a;
  const s = Math.max(W, H) / 2048;
  const paperA = grainTile(256, 1, 3).data;
  const paperB = grainTile(256, 3, 19).data;
  const disp = grainTile(128, 2, 29).data;
  const fx = w / W;
  const fy = h / H;
  const inv = 1 / step;
  const amp = 3.2 * s;
  const margin = 0.035 * Math.min(W, H);
  const wm = w - 1.001;
  const hm = h - 1.001;
  for (let y = y0; y < y1; y++) {
    const gy = y * inv;
    const gy0 = gy | 0;
    const gfy = gy - gy0;
    const nearEdgeY = y < margin * 2.6 || H - 1 - y < margin * 2.6;
    for (let x = 0; x < W; x++) {
      const i = y * W + x;
      // The four noise fields at this pixel: one set of bilinear weights for all.
      const gx = x * inv;
      const gx0 = gx | 0;
      const gfx = gx - gx0;
      const n = (gy0 * gw + gx0) * 4;
      const m = n + gw * 4;
      const w00 = (1 - gfx) * (1 - gfy);
      const w10 = gfx * (1 - gfy);
      const w01 = (1 - gfx) * gfy;
      const w11 = gfx * gfy;
      const t = noise[n] * w00 + noise[n + 4] * w10 + noise[m] * w01 + noise[m + 4] * w11;
      const wobX = noise[n + 1] * w00 + noise[n + 5] * w10 + noise[m + 1] * w01 + noise[m + 5] * w11;
      const wobY = noise[n + 2] * w00 + noise[n + 6] * w10 + noise[m + 2] * w01 + noise[m + 6] * w11;
      const bl = noise[n + 3] * w00 + noise[n + 7] * w10 + noise[m + 3] * w01 + noise[m + 7] * w11;
      // Wobbling: washes shift with a smooth noise, so their edges are hand-drawn, not traced.
      let sx = (x + 0.5 + wobX * amp) * fx - 0.5;
      let sy = (y + 0.5 + wobY * amp) * fy - 0.5;
      sx = sx < 0 ? 0 : sx > wm ? wm : sx;
      sy = sy < 0 ? 0 : sy > hm ? hm : sy;
      const x0 = sx | 0;
      const yy = sy | 0;
      const wx = sx - x0;
      const wy = sy - yy;
      const q = yy * w + x0;
      const p00 = q * 3;
      const p10 = p00 + 3;
      const p01 = p00 + w * 3;
      const p11 = p01 + 3;
      const e = edges[q] + (edges[q + 1] - edges[q]) * wx + (edges[q + w] - edges[q]) * wy;
      const paper = (paperA[(y & 255) * 256 + (x & 255)] + paperB[((x + 101) & 255) * 256 + ((y + 37) & 255)]) * 0.7071;
      const dispersion = disp[(y & 127) * 128 + (x & 127)];
      const lumC = 0.2126 * colour[p00] + 0.7152 * colour[p00 + 1] + 0.0722 * colour[p00 + 2];
      // Lights stay bare paper; everything else is a transparent glaze over it.
      let veil = smoothstep(veilFrom, 0.97 + (veilFrom - 0.8) * 0.5, lumC + t * 0.06);
      // Unpainted, irregular border.
      if (nearEdgeY || x < margin * 2.6 || W - 1 - x < margin * 2.6) {
        const dEdge = Math.min(x, y, W - 1 - x, H - 1 - y);
        const border = 1 - smoothstep(margin * 0.25, margin * 1.6, dEdge + bl * margin * 0.9);
        if (border > veil) veil = border;
      }
      // Pigment density: turbulent flow, dispersion, granulation in the paper's pits, edge
      // darkening, blooms.
      const d1 = t * 0.3 + dispersion * 0.015 + (paper < 0 ? -paper * 0.03 : 0) + e * 0.55 + bl * 0.1;
      const light = 1 + paper * 0.022;
      const dd = dither(i);
      const o = i * 3;
      for (let c = 0; c < 3; c++) {
        const top = colour[p00 + c] + (colour[p10 + c] - colour[p00 + c]) * wx;
        const bot = colour[p01 + c] + (colour[p11 + c] - colour[p01 + c]) * wx;
        // Watercolour is lighter and more transparent than the photo.
        let v = 0.14 + (top + (bot - top) * wy) * 0.86;
        // Bousseau's density model: C' = C − (C − C²)(d − 1).
        v = v - (v - v * v) * d1;
        v = v + (PAPER[c] - v) * veil;
        out[o + c] = v * light * 255 + dd;
      }
    }
  }
}

/** Several fractal noise fields sampled on one grid, interleaved, its rows split over both threads. */
async function noiseStack(
  W: number,
  H: number,
  step: number,
  fields: NoiseGrid[],
): Promise<{ data: Float32Array; gw: number }> {
  const gw = Math.ceil(W / step) + 2;
  const gh = Math.ceil(H / step) + 2;
  const data = f32(gw * gh * fields.length);
  await stackRows({ data, gw, W, H, step, fields }, gh);
  return { data, gw };
}

interface StackArgs {
  data: Float32Array;
  gw: number;
  W: number;
  H: number;
  step: number;
  fields: NoiseGrid[];
}

const stackRows = rowKernel<StackArgs>('watercolour/noise-stack', ({ data, gw, W, H, step, fields }, y0, y1) => {
  for (let y = y0; y < y1; y++) stackRow(data, fields, gw, W, H, step, y);
});

/** One grid row of every field: a function per row, for the reason given at `compose`. */
function stackRow(data: Float32Array, fields: NoiseGrid[], gw: number, W: number, H: number, step: number, y: number) {
  const k = fields.length;
  const sy = Math.min(y * step, H + step);
  for (let x = 0; x < gw; x++) {
    const sx = Math.min(x * step, W + step);
    for (let f = 0; f < k; f++) data[(y * gw + x) * k + f] = sampleNoise(fields[f], sx, sy);
  }
}

/**
 * Watercolour after Bousseau et al., "Interactive watercolor rendering with temporal coherence
 * and abstraction" (2006): an abstracted photo is re-painted through a pigment-density model,
 * C' = C − (C − C²)(d − 1), where the density d gathers turbulent flow (low-frequency noise),
 * pigment dispersion (fine noise), paper granulation and edge darkening; wobbling distorts the
 * washes along the paper, and the lights are left as bare paper.
 */
export const watercolour: LocalStyleEngine = {
  // Print files wash at a finer working size so the edges of washes stay defined when large.
  workingLongSide: (out) => (out <= 2048 ? Math.min(800, out) : Math.min(1400, Math.max(800, Math.round(out * 0.24)))),
  exposure: { targetMean: 0.52 },
  async render({ output, work, subject, attempt, report }) {
    const u = unit(work, 800);
    // Abstraction: edge-preserving flattening into washes, then a wet blur.
    let abs = await domainTransform(work, 50 * u, 0.4, 3);
    abs = await domainTransform(abs, 14 * u, 0.12, 2);
    // The subject is painted with smaller washes: the lightly abstracted photo shows through there.
    const fine = await domainTransform(work, 14 * u, 0.12, 2);
    const ad = abs.data;
    const fd = fine.data;
    for (let i = 0; i < subject.length; i++) {
      const s = Math.min(1, subject[i] * 1.4) * 0.75;
      if (s <= 0.01) continue;
      for (let c = 0; c < 3; c++) ad[i * 3 + c] += (fd[i * 3 + c] - ad[i * 3 + c]) * s;
    }
    report(0.3);
    // Glazes: lightness settles into a few layered washes with soft steps between them.
    await washRows({ d: abs.data, w: abs.width, levels: 8 }, abs.height);
    const wet = await gaussianBlurRgbRows(abs, 1.1 * u);
    // Edge darkening: pigment migrates to the borders of a wash as it dries.
    const edge = gradientMagnitude(await gaussianBlurRows(luminance(wet), 1.2 * u));
    const e = edge.data;
    // Stronger edges on the subject, softer in the background.
    for (let i = 0; i < e.length; i++) e[i] = smoothstep(0.003, 0.035, e[i]) * (0.75 + 0.6 * subject[i]);
    const edges = (await gaussianBlurRows(edge, 0.7 * u)).data;
    report(0.45);

    const { width: W, height: H } = output;
    const s = Math.max(W, H) / 2048;
    // Turbulent flow (low-frequency density variation across the washes), the wobble of the
    // washes' edges, and blooms, all on one grid of 5 px (at 2048) cells.
    const step = 5 * s;
    const stack = await noiseStack(W, H, step, [
      await fractalNoiseGrid(W, H, 260 * s, 4, 7, false, 0.55),
      await fractalNoiseGrid(W, H, 90 * s, 2, 13),
      await fractalNoiseGrid(W, H, 90 * s, 2, 17),
      await fractalNoiseGrid(W, H, 60 * s, 3, 23),
    ]);
    const args: ComposeArgs = {
      colour: wet.data,
      edges,
      w: work.width,
      h: work.height,
      W,
      H,
      noise: stack.data,
      gw: stack.gw,
      step,
      veilFrom: 0.8 + 0.06 * attempt,
      out: shared.u8c(W * H * 3),
    };
    report(0.55);
    await compose(args, H);
    report(1);
    return rgb8Of(args.out, W, H);
  },
};

/** Soft posterisation of OKLab lightness into `levels` washes (in place). */
const washRows = rowKernel<{ d: Float32Array; w: number; levels: number }>(
  'watercolour/washes',
  ({ d, w, levels }, y0, y1) => {
    const from = y0 * w * 3;
    const to = y1 * w * 3;
    srgbToOklabRange(d, d, from, to);
    for (let i = from; i < to; i += 3) {
      const x = d[i] * levels;
      const f = Math.floor(x);
      d[i] = (f + smoothstep(0.25, 0.75, x - f)) / levels;
    }
    oklabToSrgbRange(d, d, from, to);
  },
);

function gradientMagnitude(p: Plane): Plane {
  const { width: w, height: h, data: d } = p;
  const out = f32(w * h);
  for (let y = 0; y < h; y++) {
    const ym = (y > 0 ? y - 1 : 0) * w;
    const yp = (y < h - 1 ? y + 1 : h - 1) * w;
    for (let x = 0; x < w; x++) {
      const xm = x > 0 ? x - 1 : 0;
      const xp = x < w - 1 ? x + 1 : w - 1;
      const gx = d[y * w + xp] - d[y * w + xm];
      const gy = d[yp + x] - d[ym + x];
      out[y * w + x] = Math.sqrt(gx * gx + gy * gy) * 0.5;
    }
  }
  return { width: w, height: h, data: out };
}
