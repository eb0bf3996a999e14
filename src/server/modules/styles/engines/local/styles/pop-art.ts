import { axisMap, f32, luminance, rgb8Of } from '../raster.js';
import { rowKernel, shared } from '../parallel.js';
import { domainTransform } from '../kernels/domain-transform.js';
import { CHROMA_WEIGHT, toOklabRows, unweighted } from '../kernels/colour.js';
import { gaussianBlurRgbRows, gaussianBlurRows } from '../kernels/blur.js';
import { RegionUpsampler, cleanLabels, paintLabels } from '../kernels/regions.js';
import { kMeans } from '../kernels/quantise.js';
import { withSubjectCentre } from '../kernels/subject-colour.js';
import { type LocalStyleEngine, unit } from './style.js';

/** Printing inks of a comic-book press (sRGB 0..255). */
const INK = {
  black: [22, 20, 24],
  paper: [255, 248, 231],
  yellow: [255, 214, 0],
  orange: [255, 128, 24],
  red: [228, 32, 43],
  pink: [255, 112, 166],
  purple: [122, 58, 168],
  blue: [24, 88, 196],
  sky: [64, 178, 242],
  green: [30, 170, 80],
} as const;

/** OKLab hue angle (radians) of each chromatic ink, for matching a cluster's hue. */
const HUES: Array<{ hue: number; ink: readonly number[]; light: readonly number[] }> = [
  { hue: 0.5, ink: INK.red, light: INK.pink },
  { hue: 1.0, ink: INK.orange, light: INK.yellow },
  { hue: 1.7, ink: INK.yellow, light: INK.yellow },
  { hue: 2.5, ink: INK.green, light: INK.green },
  { hue: -2.0, ink: INK.blue, light: INK.sky },
  { hue: -1.6, ink: INK.blue, light: INK.sky },
  { hue: -0.6, ink: INK.purple, light: INK.pink },
  { hue: 0.0, ink: INK.pink, light: INK.pink },
];

interface Treatment {
  base: readonly number[];
  dot: readonly number[];
  /** Ben-Day dots of `dot` over `base`; otherwise flat `base`. */
  dots: boolean;
}

/**
 * How a colour cluster is printed: near-black as black ink, greys as paper, sky-blue dots or
 * solid blue, colours as the nearest ink by hue, flat when dark, as dots on paper when light.
 */
function treat(L: number, a: number, b: number, blackAllowed = true): Treatment {
  const chroma = Math.hypot(a, b);
  if (L < 0.36 && blackAllowed) return { base: INK.black, dot: INK.black, dots: false };
  if (chroma < 0.025) {
    if (L > 0.84) return { base: INK.paper, dot: INK.paper, dots: false };
    if (L > 0.6) return { base: INK.paper, dot: INK.sky, dots: true };
    // A dark grey that may not be black prints as dense black dots on blue: dark, with texture.
    if (L < 0.45) return { base: INK.blue, dot: INK.black, dots: true };
    return { base: INK.blue, dot: INK.blue, dots: false };
  }
  const hue = Math.atan2(b, a);
  let best = HUES[0];
  let bd = Infinity;
  for (const h of HUES) {
    let d = Math.abs(hue - h.hue);
    if (d > Math.PI) d = 2 * Math.PI - d;
    if (d < bd) {
      bd = d;
      best = h;
    }
  }
  if (L > 0.78) return { base: INK.paper, dot: best.light, dots: true };
  if (L > 0.62 && best.ink !== INK.yellow) return { base: INK.paper, dot: best.ink, dots: true };
  // Dark colours print as their ink under dense black dots, so a dark photo stays dark-toned
  // (a dark olive notebook must not become a bright yellow block).
  if (L < 0.45) return { base: best.ink, dot: INK.black, dots: true };
  return { base: best.ink, dot: best.ink, dots: false };
}

interface ComposeArgs {
  labels: Uint8Array;
  painted: Float32Array;
  centres: Float32Array;
  /** Per cluster, interleaved RGB: its base ink, and its dot ink less the base (0 without dots). */
  base: Float32Array;
  dotLift: Float32Array;
  /** Per cluster: 1 where it prints Ben-Day dots. */
  dotted: Uint8Array;
  tone: Float32Array;
  ol: Float32Array;
  w: number;
  h: number;
  W: number;
  H: number;
  out: Uint8ClampedArray;
}

const compose = rowKernel<ComposeArgs>('pop-art/compose', (args, y0, y1) => {
  const { labels, painted, centres, base, dotLift, dotted, tone, ol, w, h, W, H, out } = args;
  const [blackR, blackG, blackB] = INK.black;
  const cols = axisMap(W, w);
  const rows = axisMap(H, h);
  const period = 7.5 * Math.max(1, Math.max(W, H) / 2048);
  const cos = Math.SQRT1_2;
  const sin = Math.SQRT1_2;
  const aa = 0.75;
  const regions = new RegionUpsampler(labels, painted, centres, w, h, W, H);
  const first = new Uint8Array(W);
  const second = new Uint8Array(W);
  const weight = f32(W);
  for (let y = y0; y < y1; y++) {
    regions.row(y, W, first, second, weight);
    const yy = rows.i0[y];
    const wy = rows.f[y];
    for (let x = 0; x < W; x++) {
      const x0 = cols.i0[x];
      const wx = cols.f[x];
      const i00 = yy * w + x0;
      const w00 = (1 - wx) * (1 - wy);
      const w10 = wx * (1 - wy);
      const w01 = (1 - wx) * wy;
      const w11 = wx * wy;
      const c1 = first[x];
      const c2 = second[x];
      const t2 = weight[x];
      let inDot = 0;
      if (dotted[c1] | dotted[c2]) {
        // Ben-Day dot coverage follows the local tone inside a dotted region.
        const pl = tone[i00] * w00 + tone[i00 + 1] * w10 + tone[i00 + w] * w01 + tone[i00 + w + 1] * w11;
        const coverage = Math.min(0.62, Math.max(0.12, (1 - pl) * 1.5 - 0.05));
        const u2 = (x * cos + y * sin) / period;
        const v2 = (-x * sin + y * cos) / period;
        const du = u2 - Math.floor(u2) - 0.5;
        const dv = v2 - Math.floor(v2) - 0.5;
        const dist = Math.sqrt(du * du + dv * dv) * period;
        const radius = Math.sqrt(coverage / Math.PI) * period;
        inDot = dist <= radius - aa ? 1 : dist >= radius + aa ? 0 : (radius + aa - dist) / (2 * aa);
      }
      const ink = ol[i00] * w00 + ol[i00 + 1] * w10 + ol[i00 + w] * w01 + ol[i00 + w + 1] * w11;
      const o = (y * W + x) * 3;
      // Without dots the lift is 0 and base + 0 × inDot is the base exactly, as is v1 + 0 × t2
      // inside a cluster (t2 = 0): the same numbers as choosing per case.
      const p1 = c1 * 3;
      const r1 = base[p1] + dotLift[p1] * inDot;
      const g1 = base[p1 + 1] + dotLift[p1 + 1] * inDot;
      const b1 = base[p1 + 2] + dotLift[p1 + 2] * inDot;
      let r = r1;
      let g = g1;
      let b = b1;
      if (t2 !== 0) {
        const p2 = c2 * 3;
        r = r1 + (base[p2] + dotLift[p2] * inDot - r1) * t2;
        g = g1 + (base[p2 + 1] + dotLift[p2 + 1] * inDot - g1) * t2;
        b = b1 + (base[p2 + 2] + dotLift[p2 + 2] * inDot - b1) * t2;
      }
      out[o] = r + (blackR - r) * ink;
      out[o + 1] = g + (blackG - g) * ink;
      out[o + 2] = b + (blackB - b) * ink;
    }
  }
});

/**
 * Pop Art: the photo is flattened (edge-preserving smoothing), reduced to a handful of colour
 * clusters (k-means in OKLab), and each cluster printed as one flat ink or as Ben-Day dots of an
 * ink on paper; heavy black outlines come from a thresholded difference of Gaussians.
 */
export const popArt: LocalStyleEngine = {
  workingLongSide: (out) => Math.min(900, out),
  exposure: { targetMean: 0.5 },
  async render({ output, work, subject, attempt, report }) {
    const u = unit(work);
    const flat = await domainTransform(work, 30 * u, 0.22, 3);
    report(0.3);
    const lab = await toOklabRows(flat);
    // Cluster with chroma weighted double: small but colourful subjects (boats, a red coat)
    // keep a colour of their own instead of melting into the greys around them.
    const ld = lab.data;
    for (let i = 0; i < ld.length; i += 3) {
      ld[i + 1] *= CHROMA_WEIGHT;
      ld[i + 2] *= CHROMA_WEIGHT;
    }
    // The subject keeps a colour of its own: a cluster at its colour if none is close.
    const clustered = withSubjectCentre(kMeans(lab.data, 6 + attempt, 5), 6 + attempt, lab.data, subject, 0.09);
    const { centres, k } = clustered;
    const { width: w, height: h } = work;
    // Finer regions on the subject, coarser in the background.
    const labels = await cleanLabels(lab.data, w, h, centres, k, Math.round(40 * u * u), subject);
    const treatments = printTreatments(unweighted(centres), k, labels, attempt);
    const painted = (await gaussianBlurRgbRows({ width: w, height: h, data: paintLabels(labels, centres) }, 0.9 * u))
      .data;
    report(0.45);
    // Outlines: difference of Gaussians on the flattened luminance, dark side only.
    const lum = luminance(flat);
    const g1 = (await gaussianBlurRows(lum, 1.1 * u)).data;
    const g2 = (await gaussianBlurRows(lum, 1.1 * 1.6 * u)).data;
    // Stronger, more sensitive lines on the subject, fewer in the background.
    const line = f32(g1.length);
    for (let i = 0; i < line.length; i++) {
      const e = g2[i] - g1[i];
      const s = subject[i];
      const t = 0.012 * (1.25 - 0.6 * s);
      line[i] = e <= t ? 0 : Math.min(1, (e - t) * 40 * (0.8 + 0.6 * s));
    }
    const ol = (await gaussianBlurRows({ width: w, height: h, data: line }, 0.6 * u)).data;
    const tone = lum.data;
    report(0.6);

    const { width: W, height: H } = output;
    const out = shared.u8c(W * H * 3);
    const base = shared.f32(treatments.length * 3);
    const dotLift = shared.f32(treatments.length * 3);
    const dotted = shared.u8(treatments.length);
    treatments.forEach((treatment, c) => {
      dotted[c] = treatment.dots ? 1 : 0;
      for (let ch = 0; ch < 3; ch++) {
        base[c * 3 + ch] = treatment.base[ch];
        if (treatment.dots) dotLift[c * 3 + ch] = treatment.dot[ch] - treatment.base[ch];
      }
    });
    await compose({ labels, painted, centres, base, dotLift, dotted, tone, ol, w, h, W, H, out }, H);
    report(1);
    return rgb8Of(out, W, H);
  },
};

/** The prints of one ink from dark to light (black, ink under black dots, flat ink, … paper). */
function ladder(ink: readonly number[]): Treatment[] {
  return [
    { base: INK.black, dot: INK.black, dots: false },
    { base: ink, dot: INK.black, dots: true },
    { base: ink, dot: ink, dots: false },
    { base: ink, dot: INK.paper, dots: true },
    { base: INK.paper, dot: ink, dots: true },
    { base: INK.paper, dot: INK.paper, dots: false },
  ];
}

/** The rung of `ladder` a cluster of OKLab lightness `L` prints at by itself. */
function rungFor(L: number): number {
  return L < 0.36 ? 0 : L < 0.45 ? 1 : L < 0.6 ? 2 : L < 0.72 ? 3 : L < 0.84 ? 4 : 5;
}

function sameTreatment(p: Treatment, q: Treatment): boolean {
  return p.base === q.base && p.dot === q.dot && p.dots === q.dots;
}

/**
 * Inks for the clusters. Black is kept for the darkest clusters only while they cover at most
 * 40 % of the picture (a dark photo would otherwise print as a black rectangle); the rest of the
 * darks print in their hue's ink. Clusters that would print alike and together cover much of the
 * picture are told apart by steps of one ink's ladder, in their own lightness order: a lighter
 * cluster never prints darker than a darker one, nor much lighter than itself.
 */
export function printTreatments(plain: Float32Array, k: number, labels: Uint8Array, attempt: number): Treatment[] {
  const share = new Float64Array(k);
  for (let i = 0; i < labels.length; i++) share[labels[i]]++;
  for (let c = 0; c < k; c++) share[c] /= labels.length;
  const byLightness = Array.from({ length: k }, (_, c) => c).sort((p, q) => plain[p * 3] - plain[q * 3]);
  const maxBlack = attempt > 0 ? 0.3 : 0.4;
  const treatments: Treatment[] = new Array(k);
  let black = 0;
  for (const c of byLightness) {
    const blackAllowed = black + share[c] <= maxBlack;
    const t = treat(plain[c * 3], plain[c * 3 + 1], plain[c * 3 + 2], blackAllowed);
    if (t.base === INK.black) black += share[c];
    treatments[c] = t;
  }
  const groups = new Map<string, number[]>();
  for (const c of byLightness) {
    const key = `${treatments[c].base}|${treatments[c].dot}|${treatments[c].dots}`;
    groups.set(key, [...(groups.get(key) ?? []), c]);
  }
  for (const members of groups.values()) {
    const total = members.reduce((a, c) => a + share[c], 0);
    if (members.length < 2 || total <= 0.4) continue;
    // Darkest keeps its print; the lighter ones climb the ink's ladder, each a rung above the
    // one before but never far above its own lightness: a dark cluster told apart from a darker
    // one stays dark (a night's houses must not print lighter than the lamps' glow).
    const first = treatments[members[0]];
    const ink = first.base === INK.paper ? INK.sky : first.base === INK.black ? INK.blue : first.base;
    const prints = ladder(ink);
    let rung = Math.max(
      0,
      prints.findIndex((t) => sameTreatment(t, first)),
    );
    if (!sameTreatment(prints[rung], first)) rung = rungFor(plain[members[0] * 3]);
    if (rung === prints.length - 1) {
      // All paper, with no rung above: the darker ones step down instead, as far as their own
      // lightness allows, and the lightest keeps the paper.
      for (const c of members.slice(0, -1).reverse()) {
        rung = Math.min(rung, Math.max(rung - 1, rungFor(plain[c * 3]) - 1));
        treatments[c] = prints[rung];
      }
      continue;
    }
    for (const c of members.slice(1)) {
      rung = Math.max(rung, Math.min(rung + 1, rungFor(plain[c * 3]) + 1));
      treatments[c] = prints[rung];
    }
  }
  return treatments;
}
