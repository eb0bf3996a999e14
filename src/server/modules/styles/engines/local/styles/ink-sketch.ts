import {
  type Plane,
  type RgbF,
  RowPair,
  axisMap,
  dither,
  f32,
  luminance,
  rgb8Of,
  smoothstep,
  srgbToOklab,
} from '../raster.js';
import { boxBlur3Rows, wideBlur } from '../kernels/blur.js';
import { domainTransform } from '../kernels/domain-transform.js';
import { structureTensor } from '../kernels/structure-tensor.js';
import { dogAcrossFlow, smoothAlongFlow } from '../kernels/flow-dog.js';
import { grainTile } from '../kernels/noise.js';
import { sampleTile, strokeTile, texelFixed, texelStepFixed } from '../kernels/hatching.js';
import { rowKernel, shared } from '../parallel.js';
import { type LocalStyleEngine, unit } from './style.js';

const PAPER = [0.965, 0.945, 0.905];
const INK = [0.13, 0.12, 0.14];

interface ComposeArgs {
  ink: Float32Array;
  tone: Float32Array;
  w: number;
  h: number;
  W: number;
  H: number;
  out: Uint8ClampedArray;
}

/** Pencil layers by darkness (1 − tone), tabulated: first hatch, cross-hatch, smudge. */
const TONE_STEPS = 1024;
const HATCH1 = new Float32Array(TONE_STEPS + 1);
const HATCH2 = new Float32Array(TONE_STEPS + 1);
const SMUDGE = new Float32Array(TONE_STEPS + 1);
for (let i = 0; i <= TONE_STEPS; i++) {
  const dark = i / TONE_STEPS;
  // Paper stays white in the lights, one hatch layer in the mid-tones, a cross-hatch in the
  // shadows, graphite smudge under it and solid ink in the deepest.
  // The layers come in gradually over the whole range, so mid-tones a step apart (a blue sky
  // against white cloud, a night sky against a lit rocket) still read as different tones.
  HATCH1[i] = smoothstep(0.12, 0.5, dark) * 0.66;
  HATCH2[i] = smoothstep(0.42, 0.8, dark) * 0.6;
  SMUDGE[i] = smoothstep(0.25, 1, dark) * 0.32 + smoothstep(0.82, 0.97, dark) * 0.6;
}

const compose = rowKernel<ComposeArgs>('ink-sketch/compose', ({ ink, tone, w, h, W, H, out }, y0, y1) => {
  const s = Math.max(W, H) / 2048;
  // 256 × 256 tiles (sampleTile's size).
  const strokesA = strokeTile(11, 256, 4).data;
  const strokesB = strokeTile(23, 256, 5).data;
  const grainA = grainTile(256, 2, 5).data;
  const grainB = grainTile(256, 3, 9).data;
  const cols = axisMap(W, w);
  const rows = axisMap(H, h);
  // The two working rows an output row blends, each blended across once (ink, tone a column).
  const pair = new RowPair(W * 2, (sy, dst) => acrossRow(ink, tone, cols.i0, cols.f, w, W, sy, dst));
  const grain = new Float64Array(256);
  for (let y = y0; y < y1; y++) {
    pair.moveTo(rows.i0[y]);
    grainRow(grainA, grainB, y, grain);
    composeRow(pair.above, pair.below, strokesA, strokesB, grain, rows.f[y], s, W, out, y);
  }
});

/**
 * Output row `y`'s paper grain, one value per column modulo 256 (both grain tiles are 256
 * wide): the same sum as per pixel, made once per row instead (a 2048 px row reads each
 * value eight times).
 */
function grainRow(grainA: Float32Array, grainB: Float32Array, y: number, dst: Float64Array): void {
  const a = (y & 255) * 256;
  const b = (y + 37) & 255;
  for (let x = 0; x < 256; x++) dst[x] = (grainA[a + x] + grainB[((x + 101) & 255) * 256 + b]) * 0.007;
}

/**
 * Working row `sy`'s ink and tone, each interpolated across to the output's columns, into
 * `dst` (two numbers a column). These are functions per row, not loops over the chunk: called
 * once per chunk, a loop only ever ran as on-stack-replaced code (see licRow in flow-dog.ts).
 */
function acrossRow(
  ink: Float32Array,
  tone: Float32Array,
  colI0: Int32Array,
  colF: Float32Array,
  w: number,
  W: number,
  sy: number,
  dst: Float64Array,
): void {
  for (let x = 0; x < W; x++) {
    const q = sy * w + colI0[x];
    const fx = colF[x];
    dst[2 * x] = ink[q] + (ink[q + 1] - ink[q]) * fx;
    dst[2 * x + 1] = tone[q] + (tone[q + 1] - tone[q]) * fx;
  }
}

/** Output row `y`: ink lines over pencil hatching by tone, on paper grain. */
function composeRow(
  above: Float64Array,
  below: Float64Array,
  strokesA: Float32Array,
  strokesB: Float32Array,
  grain: Float64Array,
  fy: number,
  s: number,
  W: number,
  out: Uint8ClampedArray,
  y: number,
): void {
  const c1 = Math.cos(Math.PI / 4);
  const s1 = Math.sin(Math.PI / 4);
  const c2 = Math.cos(-Math.PI / 3.2);
  const s2 = Math.sin(-Math.PI / 3.2);
  // The two stroke tiles run at their own angles: pixel (x, y) samples tile A at texel
  // ((x·c1 + y·s1) / s, (−x·s1 + y·c1) / s), B likewise. Those start at the row's first pixel
  // and step by a fixed amount per pixel, in fixed point (hatching.ts): the samples took more
  // than half of this loop's time when every pixel rotated its own position.
  let uA = texelFixed((y * s1) / s);
  let vA = texelFixed((y * c1) / s);
  let uB = texelFixed((y * s2) / s);
  let vB = texelFixed((y * c2) / s);
  const duA = texelStepFixed(c1 / s);
  const dvA = texelStepFixed(-s1 / s);
  const duB = texelStepFixed(c2 / s);
  const dvB = texelStepFixed(-s2 / s);
  for (let x = 0; x < W; x++) {
    const la = above[2 * x];
    const line = la + (below[2 * x] - la) * fy;
    const ta = above[2 * x + 1];
    let t = 1 - (ta + (below[2 * x + 1] - ta) * fy);
    t = t < 0 ? 0 : t > 1 ? 1 : t;
    const ti = (t * TONE_STEPS + 0.5) | 0;
    const h1 = HATCH1[ti];
    const h2 = HATCH2[ti];
    let hatch = 0;
    if (h1 > 0) hatch += h1 * sampleTile(strokesA, uA, vA);
    if (h2 > 0) hatch += h2 * sampleTile(strokesB, uB, vB);
    uA = (uA + duA) | 0;
    vA = (vA + dvA) | 0;
    uB = (uB + duB) | 0;
    vB = (vB + dvB) | 0;
    const a = 1 - (1 - line * 0.95) * (1 - (hatch < 1 ? hatch : 1)) * (1 - SMUDGE[ti]);
    const g = grain[x & 255];
    const i = y * W + x;
    const d = dither(i);
    const o = i * 3;
    out[o] = ((PAPER[0] + g) * (1 - a) + INK[0] * a) * 255 + d;
    out[o + 1] = ((PAPER[1] + g) * (1 - a) + INK[1] * a) * 255 + d;
    out[o + 2] = ((PAPER[2] + g) * (1 - a) + INK[2] * a) * 255 + d;
  }
}

/** The soft XDoG threshold, in place: edge signal → ink darkness 0..1. */
const thresholdRows = rowKernel<{
  ink: Float32Array;
  subject: Float32Array;
  w: number;
  threshold: number;
  gain: number;
  lineEmphasis: number;
}>('ink-sketch/threshold', ({ ink, subject, w, threshold, gain, lineEmphasis }, y0, y1) => {
  for (let i = y0 * w, end = y1 * w; i < end; i++) {
    const e = -ink[i];
    const s = subject[i] * lineEmphasis;
    const t = threshold * (1.3 - 0.6 * s);
    ink[i] = e <= t ? 0 : Math.tanh((e - t) * gain * (0.75 + 0.5 * s));
  }
});

/**
 * Ink Sketch: XDoG lines (Winnemöller 2012) computed along the image's flow (Kyprianidis &
 * Döllner 2008) so strokes are long and coherent, over pencil hatching whose density follows
 * the photo's tones, on warm paper.
 */
export const inkSketch: LocalStyleEngine = {
  // Print files draw their lines at a finer working size, so strokes stay crisp when large.
  workingLongSide: (out) =>
    out <= 2048 ? Math.min(1024, out) : Math.min(2200, Math.max(1024, Math.round(out * 0.37))),
  // Dark photos are lifted less than for colour styles: a night scene should stay a dark,
  // densely hatched drawing.
  exposure: { targetMean: 0.42, maxLift: 0.75 },
  monochrome: true,
  async render({ output, work, analysis, subject, judged, attempt, failed, report }) {
    const u = unit(work);
    // Abstraction first: texture (grass, noise) must not turn into scribble.
    const smooth = await domainTransform(work, 10 * u, 0.18, 2);
    report(0.15);
    const flow = await structureTensor(smooth, 2.2 * u);
    report(0.3);
    const lum = luminance(smooth);
    const dog = await dogAcrossFlow(lum, flow, 1.0 * u, 1, 1.6);
    // dog = 2·G_σ − G_kσ; its excess over the smoothed tone is the (sharpened) edge signal.
    const lines = dog.data;
    const l = lum.data;
    for (let i = 0; i < lines.length; i++) lines[i] -= l[i];
    const coherent: Plane = await smoothAlongFlow(dog, flow, 2.5 * u, 1.5);
    report(0.6);
    // Ink darkness from the edge signal: a soft XDoG threshold (tanh ramp) on the dark side,
    // scaled to this photo's own edge strength so a misty scene still gets drawn.
    const ink = coherent.data;
    const strong = percentile(ink, 0.97);
    const threshold = Math.min(0.008, Math.max(0.003, strong * 0.22));
    const gain = Math.min(160, Math.max(50, 1.6 / Math.max(1e-4, strong)));
    // The subject is drawn with more and darker lines, the background with fewer; except, on a
    // re-render, a subject lighter than its surroundings, which its lines were greying.
    const lost = failed.has('subject-lost') ? attempt : 0;
    const lineEmphasis = judged.lightness > 0.02 ? 1 / (1 + lost) : 1;
    await thresholdRows({ ink, subject, w: work.width, threshold, gain, lineEmphasis }, work.height);
    const tone = await hatchTone(
      lum,
      subject,
      failed.has('flat') || failed.has('one-colour') ? attempt : 0,
      lost,
      failed.has('one-colour') ? attempt : 0,
      work,
      analysis.backgroundColour,
      judged,
    );
    report(0.7);
    const { width: W, height: H } = output;
    const out = shared.u8c(W * H * 3);
    await compose({ ink, tone, w: work.width, h: work.height, W, H, out }, H);
    report(1);
    return rgb8Of(out, W, H);
  },
};

/** The q-quantile of the dark-side edge response −v (v < 0), from a subsample. */
function percentile(values: Float32Array, q: number): number {
  const step = Math.max(1, Math.floor(values.length / 40_000));
  // A typed array sorts numerically without a comparator call per comparison.
  const all = new Float32Array(Math.ceil(values.length / step));
  let n = 0;
  for (let i = 0; i < values.length; i += step) if (values[i] < 0) all[n++] = -values[i];
  if (n === 0) return 0.01;
  const sample = all.subarray(0, n).sort();
  return sample[Math.min(n - 1, Math.floor(q * n))];
}

/**
 * The tone the hatching follows: the photo's own tones spread over the hatching's range (2nd to
 * 98th percentile; fully on a re-render, halfway at first, so a pale beach still gets its
 * shading), and the subject's tonal contrast against its surroundings raised so it stands out.
 */
async function hatchTone(
  lum: Plane,
  subject: Float32Array,
  spread: number,
  emphasis: number,
  evenOut: number,
  work: RgbF,
  background: readonly number[],
  judged: { area: Float32Array; lightness: number },
): Promise<Float32Array> {
  // Shading follows the photo: a subject lighter than its surroundings (a lit rocket on a night
  // sky) is kept lighter, a darker one (a bird on snow) darker.
  const lighter = judged.lightness > 0.02;
  // On a re-render the subject's tone is pushed away from its surroundings, and a ring around
  // it (its area blurred wide, minus itself) the other way, as an artist darkens the sky
  // around a lit figure. Both fade in softly: a hard-edged push reads as a stencil.
  const long = Math.max(lum.width, lum.height);
  const plane = (data: Float32Array) => ({ width: lum.width, height: lum.height, data });
  const area = emphasis > 0 ? (await boxBlur3Rows(plane(judged.area), Math.max(2, 0.02 * long))).data : undefined;
  const ring = area ? (await boxBlur3Rows(plane(judged.area), Math.max(2, 0.06 * long))).data : undefined;
  const d = lum.data;
  const step = Math.max(1, Math.floor(d.length / 40_000));
  const sample = new Float32Array(Math.ceil(d.length / step));
  for (let i = 0, k = 0; i < d.length; i += step, k++) sample[k] = d[i];
  sample.sort();
  const lo = sample[Math.floor(sample.length * 0.02)];
  const hi = Math.max(lo + 0.1, sample[Math.floor(sample.length * 0.98)]);
  const base = (await wideBlur(lum, Math.max(2, 0.05 * long))).data;
  const out = f32(d.length);
  await toneRows(
    {
      d,
      base,
      subject,
      work: work.data,
      area,
      ring,
      out,
      w: lum.width,
      lo,
      hi,
      stretch: spread > 0 ? 1 : 0.5,
      emphasis,
      evenOut,
      lighter,
      background: [background[0], background[1], background[2]],
    },
    lum.height,
  );
  return out;
}

interface ToneArgs {
  d: Float32Array;
  base: Float32Array;
  subject: Float32Array;
  work: Float32Array;
  area?: Float32Array;
  ring?: Float32Array;
  out: Float32Array;
  w: number;
  lo: number;
  hi: number;
  stretch: number;
  emphasis: number;
  evenOut: number;
  lighter: boolean;
  background: [number, number, number];
}

const toneRows = rowKernel<ToneArgs>('ink-sketch/tone', (a, y0, y1) => {
  const { d, base, subject, work: w, area, ring, out, lo, hi, stretch, emphasis, evenOut, lighter } = a;
  const [bgL, bgA, bgB] = a.background;
  const lab = new Float64Array(3);
  for (let i = y0 * a.w, end = y1 * a.w; i < end; i++) {
    const t = d[i] + (((d[i] - lo) / (hi - lo)) * 0.95 + 0.03 - d[i]) * stretch;
    // Local contrast on the subject; everywhere on a re-render after one tone covered too much.
    const local = (d[i] - base[i]) * ((0.8 + 0.8 * emphasis) * subject[i] + 1.2 * evenOut);
    // A subject that differs from its background by hue rather than lightness (a red bird in
    // green leaves) is shaded by how distinct its colour is, as an artist would in pencil: darker,
    // or lighter where it is clearly lighter than the background (a lit rocket on a blue sky).
    let distinct = 0;
    let lift = false;
    if (subject[i] > 0.2) {
      srgbToOklab(w[i * 3], w[i * 3 + 1], w[i * 3 + 2], lab);
      const da = lab[1] - bgA;
      const db = lab[2] - bgB;
      distinct = Math.min(1, Math.sqrt(da * da + db * db) / 0.2) * subject[i];
      lift = lab[0] > bgL + 0.1;
    }
    // A re-render after the subject was lost pushes its whole tone away from its surroundings.
    const push =
      area && ring
        ? 0.16 * emphasis * (area[i] - 0.6 * Math.min(1, Math.max(0, ring[i] - area[i]) * 2)) * (lighter ? 1 : -1)
        : 0;
    // A lit subject (a lamp in a dark room) is already bare paper, and so are the lights
    // around it: the hatching leaves the top third of the tones white. A re-render then dims
    // every tone outside the subject in proportion, as an artist hatches the whole room and
    // leaves only the lamp white; the glow keeps its fall-off, just a step lower.
    const dim = area && lighter ? 1 - 0.2 * emphasis * (1 - Math.min(1, area[i] * 2)) : 1;
    out[i] = (t + local) * dim + (lift ? 0.15 : -(0.35 + 0.15 * emphasis)) * distinct + push;
  }
});
