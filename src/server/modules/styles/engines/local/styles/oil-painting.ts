import {
  type RgbF,
  RowPair,
  axisMap,
  dither,
  enlargePlane,
  f32,
  halfPlane,
  oklabToSrgbRange,
  rgb8Of,
  rngAt,
  srgbToOklabRange,
} from '../raster.js';
import { type FlowField, halfFlow, structureTensor } from '../kernels/structure-tensor.js';
import { anisotropicKuwahara, enlargedKuwahara } from '../kernels/kuwahara.js';
import { smoothAlongFlow } from '../kernels/flow-dog.js';
import { gaussianBlurRows } from '../kernels/blur.js';
import { domainTransform } from '../kernels/domain-transform.js';
import { grainTile } from '../kernels/noise.js';
import { rowKernel, shared } from '../parallel.js';
import { type LocalStyleEngine, unit } from './style.js';

interface ComposeArgs {
  colour: Float32Array;
  relief: Float32Array;
  w: number;
  h: number;
  W: number;
  H: number;
  out: Uint8ClampedArray;
}

/**
 * What composing into a W × H output from a w × h painting needs, whatever rows it makes: the
 * grain, the canvas weave (a soft over-under, a few output pixels per thread: `f` across rows,
 * `weaveX` across columns), and each output column's and row's source position.
 */
function canvasOf(w: number, h: number, W: number, H: number) {
  const f = (Math.PI * 2) / (5 * Math.max(1, Math.max(W, H) / 2048));
  const weaveX = new Float32Array(W);
  for (let x = 0; x < W; x++) weaveX[x] = Math.sin(x * f) * 0.6;
  return { grain: grainTile(256, 1, 41).data, f, weaveX, cols: axisMap(W, w), rows: axisMap(H, h) };
}

const compose = rowKernel<ComposeArgs>('oil-painting/compose', ({ colour, relief, w, h, W, H, out }, y0, y1) => {
  const { grain, f, weaveX, cols, rows } = canvasOf(w, h, W, H);
  // The two paint rows an output row blends, each blended across once (r, g, b, relief a column).
  const pair = new RowPair(W * 4, (sy, dst) => acrossRow(colour, relief, cols.i0, cols.f, w, W, sy, dst));
  for (let y = y0; y < y1; y++) {
    pair.moveTo(rows.i0[y]);
    composeRow(pair.above, pair.below, grain, weaveX, rows.f[y], Math.sin(y * f), W, out, y);
  }
});

/**
 * Paint row `sy` (r, g, b) and its relief, each interpolated across to the output's columns,
 * into `dst` (four numbers a column). These kernels are functions per row, not loops over the
 * chunk: called once per chunk, a loop only ever runs as on-stack-replaced code (see licRow
 * in flow-dog.ts).
 */
function acrossRow(
  colour: Float32Array,
  relief: Float32Array,
  colI0: Int32Array,
  colF: Float32Array,
  w: number,
  W: number,
  sy: number,
  dst: Float64Array,
): void {
  for (let x = 0; x < W; x++) {
    const wx = colF[x];
    const q = sy * w + colI0[x];
    const p = q * 3;
    const o = x * 4;
    dst[o] = colour[p] + (colour[p + 3] - colour[p]) * wx;
    dst[o + 1] = colour[p + 1] + (colour[p + 4] - colour[p + 1]) * wx;
    dst[o + 2] = colour[p + 2] + (colour[p + 5] - colour[p + 2]) * wx;
    dst[o + 3] = relief[q] + (relief[q + 1] - relief[q]) * wx;
  }
}

/** Output row `y`: the paint rows above and below blended down by `wy`, lit, the canvas showing through. */
function composeRow(
  above: Float64Array,
  below: Float64Array,
  grain: Float32Array,
  weaveX: Float32Array,
  wy: number,
  weaveY: number,
  W: number,
  out: Uint8ClampedArray,
  y: number,
): void {
  const grainRow = (y & 255) * 256;
  for (let x = 0; x < W; x++) {
    const a = x * 4;
    const r0 = above[a + 3];
    const canvas = weaveX[x] * weaveY + grain[grainRow + (x & 255)] * 0.5;
    // Light from the upper left on the stroke relief, the weave showing through thin paint.
    const shade = 1 + (r0 + (below[a + 3] - r0) * wy) + canvas * 0.03;
    const i = y * W + x;
    const d = dither(i);
    const o = i * 3;
    const r = above[a];
    const g = above[a + 1];
    const b = above[a + 2];
    out[o] = (r + (below[a] - r) * wy) * shade * 255 + d;
    out[o + 1] = (g + (below[a + 1] - g) * wy) * shade * 255 + d;
    out[o + 2] = (b + (below[a + 2] - b) * wy) * shade * 255 + d;
  }
}

/**
 * Oil Painting: anisotropic Kuwahara filtering (Kyprianidis 2009) lays the paint down in flat,
 * directional patches that follow the image's flow; brush strokes come from noise smeared along
 * the same flow (line integral convolution), lit as a height field for impasto; a canvas weave
 * shows through thin paint.
 */
export const oilPainting: LocalStyleEngine = {
  // Print files paint at twice the working size: finer strokes, crisper edges when large.
  workingLongSide: (out) => (out <= 2048 ? Math.min(800, out) : Math.min(1600, Math.max(800, Math.round(out * 0.27)))),
  exposure: { targetMean: 0.47 },
  async render({ output, work, subject, report }) {
    const u = unit(work, 800);
    const flow = await structureTensor(work, 2.5 * u);
    report(0.12);
    const paint = await anisotropicKuwahara(work, flow, Math.max(2.5, 6 * u), 8, 1);
    // The subject is painted with a finer brush: more of its own detail stays in the paint.
    const detail = await domainTransform(work, 6 * u, 0.1, 1);
    await enrichRows({ d: paint.data, detail: detail.data, subject, w: paint.width, chroma: 1.25 }, paint.height);
    report(0.55);
    // Brush strokes: bristle-sized noise smeared along the flow, and broad strokes of a loaded
    // brush (coarser noise, smeared twice as far) that read as paint even at thumbnail size;
    // together a height field for impasto. The background gets the broad strokes at full strength.
    const { width: w, height: h } = work;
    const noise = f32(w * h);
    await noiseRows({ noise, w }, h);
    const bristles = await gaussianBlurRows({ width: w, height: h, data: noise }, 0.6 * u);
    const strokes = normalised((await smoothAlongFlow(bristles, flow, 7 * u, 2)).data);
    const loaded = await gaussianBlurRows({ width: w, height: h, data: noise }, 2.2 * u);
    // The broad strokes are smeared at half size: they carry no detail finer than their
    // loaded brush, and the long smear costs a quarter there.
    const smeared = await smoothAlongFlow(halfPlane(loaded), halfFlow(flow), 7.5 * u, 2);
    const broad = normalised((await enlargePlane(smeared, w, h)).data);
    const height = f32(w * h);
    for (let i = 0; i < height.length; i++) height[i] = strokes[i] + broad[i] * (1.1 - 0.6 * subject[i]);
    // Relief: the height field's slope towards the light, normalised so every image size and
    // stroke length gets the same depth.
    const relief = f32(w * h);
    let sum = 0;
    for (let y = 1; y < h; y++) {
      for (let x = 1; x < w; x++) {
        const v = height[y * w + x] - height[(y - 1) * w + x - 1];
        relief[y * w + x] = v;
        sum += v * v;
      }
    }
    const k = 0.12 / Math.max(1e-6, Math.sqrt(sum / (w * h)));
    // Each broad stroke also carries a slightly different load of paint: lighter and darker
    // streaks along the flow, visible from across the room.
    for (let i = 0; i < relief.length; i++) relief[i] = relief[i] * k + broad[i] * 0.07;
    report(0.75);
    const { width: W, height: H } = output;
    const out = shared.u8c(W * H * 3);
    // Up to 2048 px the artwork is a preview (render.ts): composed from the working size.
    if (Math.max(W, H) <= 2048) await compose({ colour: paint.data, relief, w, h, W, H, out }, H);
    else await paintAtPrintSize(paint, relief, flow, W, H, out);
    report(1);
    return rgb8Of(out, W, H);
  },
};

/**
 * A print file: its edges are made at the print's scale instead of spread by the enlargement
 * to it (a 640 px photo on an 18×24″ poster is painted at 1600 px and printed at 7200 px). The
 * paint is enlarged and laid down again with a small brush along the same flow, twice: at
 * twice the working size, then at the print's own size a strip of rows at a time, each strip
 * composed at once, so no colour plane of the print's size is ever held. The brushes: a
 * 5 px one round the flow at the print's size narrows the 10–90 % rise of the poster's edges
 * from 7.3 px to about 4 (the photo enlarged: 9.6); the first pass alone left 5.3, the second
 * alone 5.6 to 6.2, as a 2.25× enlargement spreads less than one of 4.5×.
 */
async function paintAtPrintSize(
  paint: RgbF,
  relief: Float32Array,
  flow: FlowField,
  W: number,
  H: number,
  out: Uint8ClampedArray,
): Promise<void> {
  const { width: w, height: h } = paint;
  let colour = paint;
  const twice = Math.min(2, Math.max(W, H) / Math.max(w, h));
  if (twice >= 1.25) {
    const fw = Math.round(w * twice);
    const fh = Math.round(h * twice);
    const data = f32(fw * fh * 3);
    await enlargedKuwahara(paint, flow, { width: fw, height: fh, radius: 6, alpha: 1 }, (rows, y0) =>
      data.set(rows, y0 * fw * 3),
    );
    colour = { width: fw, height: fh, data };
  }
  await enlargedKuwahara(colour, flow, { width: W, height: H, radius: 5, alpha: 2 }, (rows, top, bottom) =>
    composeStrip({ colour: rows, relief, w, h, W, H, top, out }, bottom - top),
  );
}

/** As ComposeArgs, but `colour` is the strip's paint at the print's size (its rows only). */
interface StripArgs extends ComposeArgs {
  /** The strip's first row in the print. */
  top: number;
}

const composeStrip = rowKernel<StripArgs>(
  'oil-painting/compose-strip',
  ({ colour, relief, w, h, W, H, top, out }, r0, r1) => {
    const { grain, f, weaveX, cols, rows } = canvasOf(w, h, W, H);
    const row = new Float64Array(W * 4);
    for (let r = r0; r < r1; r++) {
      const y = top + r;
      stripRow(colour, relief, cols.i0, cols.f, w, h, W, r, rows.i0[y], rows.f[y], row);
      composeRow(row, row, grain, weaveX, 0, Math.sin(y * f), W, out, y);
    }
  },
);

/** Row `r` of a strip's paint with the relief interpolated to it, four numbers a column, into `dst`. */
function stripRow(
  colour: Float32Array,
  relief: Float32Array,
  colI0: Int32Array,
  colF: Float32Array,
  w: number,
  h: number,
  W: number,
  r: number,
  sy: number,
  wy: number,
  dst: Float64Array,
): void {
  const down = h > 1 ? w : 0;
  for (let x = 0; x < W; x++) {
    const wx = colF[x];
    const q = sy * w + colI0[x];
    const p = (r * W + x) * 3;
    const o = x * 4;
    dst[o] = colour[p];
    dst[o + 1] = colour[p + 1];
    dst[o + 2] = colour[p + 2];
    const above = relief[q] + (relief[q + 1] - relief[q]) * wx;
    const below = relief[q + down] + (relief[q + down + 1] - relief[q + down]) * wx;
    dst[o + 3] = above + (below - above) * wy;
  }
}

interface EnrichArgs {
  d: Float32Array;
  detail: Float32Array;
  subject: Float32Array;
  w: number;
  chroma: number;
}

/**
 * The subject's finer paint mixed in, then richer, slightly more saturated colour as oil
 * pigments give, computed in OKLab (in place).
 */
const enrichRows = rowKernel<EnrichArgs>('oil-painting/enrich', ({ d, detail, subject, w, chroma }, y0, y1) => {
  for (let i = y0 * w; i < y1 * w; i++) {
    const s = Math.min(1, subject[i] * 1.3) * 0.45;
    if (s <= 0.01) continue;
    for (let c = 0; c < 3; c++) d[i * 3 + c] += (detail[i * 3 + c] - d[i * 3 + c]) * s;
  }
  const from = y0 * w * 3;
  const to = y1 * w * 3;
  srgbToOklabRange(d, d, from, to);
  for (let i = from; i < to; i += 3) {
    const L = d[i];
    // Gentle S-curve on lightness.
    d[i] = L + 0.18 * (L - 0.5) * (1 - Math.abs(2 * L - 1));
    d[i + 1] *= chroma;
    d[i + 2] *= chroma;
  }
  oklabToSrgbRange(d, d, from, to);
});

/** Stroke noise, uniform in 0..1: the sequence `rng(3)` gives, filled by rows on both threads. */
const noiseRows = rowKernel<{ noise: Float32Array; w: number }>('oil-painting/noise', ({ noise, w }, y0, y1) => {
  for (let i = y0 * w; i < y1 * w; i++) noise[i] = rngAt(3, i);
});

/** Zero mean, unit standard deviation (in place), so stroke layers mix by their given weights. */
function normalised(a: Float32Array): Float32Array {
  let s = 0;
  let s2 = 0;
  // By index: run twice a render, a for…of stayed unoptimised and allocated an iterator
  // result and a boxed number per pixel (80 MB of garbage a render).
  for (let i = 0; i < a.length; i++) {
    const v = a[i];
    s += v;
    s2 += v * v;
  }
  const m = s / a.length;
  const sd = Math.sqrt(Math.max(1e-12, s2 / a.length - m * m));
  for (let i = 0; i < a.length; i++) a[i] = (a[i] - m) / sd;
  return a;
}
