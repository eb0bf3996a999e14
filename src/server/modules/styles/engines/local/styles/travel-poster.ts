import { f32, oklabToSrgb, rgb8Of, smoothstep, srgbToOklab } from '../raster.js';
import { domainTransform } from '../kernels/domain-transform.js';
import { CHROMA_WEIGHT, toOklabRows, unweighted } from '../kernels/colour.js';
import { kMeans } from '../kernels/quantise.js';
import { withSubjectCentre } from '../kernels/subject-colour.js';
import { RegionUpsampler, cleanLabels, paintLabels } from '../kernels/regions.js';
import { gaussianBlurRgbRows } from '../kernels/blur.js';
import { grainTile } from '../kernels/noise.js';
import { rowKernel, shared } from '../parallel.js';
import { type LocalStyleEngine, unit } from './style.js';

/**
 * A sun-faded screen-print palette (sRGB 0..255), ordered dark to light. Each photo's colour
 * clusters are matched to these inks by lightness and hue.
 */
const PALETTE: ReadonlyArray<readonly [number, number, number]> = [
  [28, 42, 64], // midnight navy
  [52, 78, 96], // deep slate teal
  [96, 62, 50], // umber
  [142, 62, 48], // brick red
  [86, 116, 84], // olive green
  [100, 114, 130], // slate blue-grey
  [180, 100, 70], // terracotta
  [63, 132, 148], // lake teal
  [208, 110, 60], // burnt orange
  [120, 156, 110], // sage
  [108, 160, 190], // faded sky blue
  [226, 164, 76], // mustard
  [232, 192, 152], // peach sand
  [172, 206, 210], // pale aqua
  [242, 228, 196], // cream
];

const PAPER = [244, 234, 210];

interface ComposeArgs {
  labels: Uint8Array;
  painted: Float32Array;
  centres: Float32Array;
  inks: Array<readonly number[]>;
  w: number;
  h: number;
  W: number;
  H: number;
  out: Uint8ClampedArray;
}

const compose = rowKernel<ComposeArgs>('travel-poster/compose', (args, y0, y1) => {
  const { labels, painted, centres, inks, w, h, W, H, out } = args;
  const s = Math.max(W, H) / 2048;
  const grainA = grainTile(256, 1, 43).data;
  const grainB = grainTile(256, 2, 47).data;
  const mottle = grainTile(128, 6, 53).data;
  const regions = new RegionUpsampler(labels, painted, centres, w, h, W, H);
  const first = new Uint8Array(W);
  const second = new Uint8Array(W);
  const weight = f32(W);
  const margin = Math.round(Math.min(W, H) * 0.035);
  const keyline = Math.max(1.2, 2.2 * s);
  for (let y = y0; y < y1; y++) {
    regions.row(y, W, first, second, weight);
    for (let x = 0; x < W; x++) {
      const i = y * W + x;
      const o = i * 3;
      const g = (grainA[(y & 255) * 256 + (x & 255)] + grainB[((x + 101) & 255) * 256 + ((y + 37) & 255)]) * 2.8;
      // Cream border with a thin dark keyline, as printed posters have.
      const inset = Math.min(x, y, W - 1 - x, H - 1 - y) - margin;
      if (inset < 0) {
        const line = smoothstep(keyline * 0.5 + 0.6, keyline * 0.5 - 0.6, Math.abs(inset + keyline * 2.5));
        for (let ch = 0; ch < 3; ch++) out[o + ch] = PAPER[ch] + (PALETTE[0][ch] - PAPER[ch]) * line * 0.85 + g;
        continue;
      }
      const a = inks[first[x]];
      const b = inks[second[x]];
      const t = weight[x];
      const m = 1 + mottle[(y & 127) * 128 + (x & 127)] * 0.016;
      for (let ch = 0; ch < 3; ch++) out[o + ch] = (a[ch] + (b[ch] - a[ch]) * t) * m + g;
    }
  }
});

/**
 * Vintage Travel Poster: the photo is flattened (edge-preserving smoothing) and reduced to
 * seven colour clusters (k-means in OKLab); each cluster takes the closest unused ink of a
 * vintage screen-print palette, matched mostly on lightness so the picture still reads. Printed
 * with soft anti-aliased shape edges, a little ink mottling and paper grain, inside a cream border.
 */
export const travelPoster: LocalStyleEngine = {
  workingLongSide: (out) => Math.min(900, out),
  exposure: { targetMean: 0.5 },
  async render({ output, work, subject, attempt, report }) {
    const u = unit(work);
    const flat = await gaussianBlurRgbRows(await domainTransform(work, 36 * u, 0.26, 3), 1.2 * u);
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
    const { centres, k, subjectIndex } = withSubjectCentre(
      kMeans(lab.data, 8 + attempt, 9),
      8 + attempt,
      lab.data,
      subject,
      0.09,
    );
    const inks = assignInks(unweighted(centres), k, attempt, subjectIndex);
    const { width: w, height: h } = work;
    // Finer shapes on the subject, broader in the background.
    const labels = await cleanLabels(lab.data, w, h, centres, k, Math.round(60 * u * u), subject);
    const painted = (await gaussianBlurRgbRows({ width: w, height: h, data: paintLabels(labels, centres) }, 0.9 * u))
      .data;
    report(0.5);

    const { width: W, height: H } = output;
    const out = shared.u8c(W * H * 3);
    await compose({ labels, painted, centres, inks, w, h, W, H, out }, H);
    report(1);
    return rgb8Of(out, W, H);
  },
};

/**
 * Gives each cluster an ink: clusters, most colourful first, pick greedily the free ink with
 * the lowest cost (lightness, rescaled to the palette's range, plus chroma and hue family);
 * near-identical clusters share an ink, and a used ink is taken again only if it fits far
 * better than any free one.
 */
function assignInks(centres: Float32Array, k: number, attempt = 0, subjectCluster = -1): Array<readonly number[]> {
  const inkLab = PALETTE.map(([r, g, b]) => {
    const o = [0, 0, 0];
    srgbToOklab(r / 255, g / 255, b / 255, o);
    return o;
  });
  // Spread the clusters' lightness over the palette's range so the poster uses darks and lights.
  const Ls = Array.from({ length: k }, (_, c) => centres[c * 3]);
  const lo = Math.min(...Ls);
  const hi = Math.max(...Ls);
  const inkLo = inkLab[0][0];
  const inkHi = inkLab[inkLab.length - 1][0];
  const order = Array.from({ length: k }, (_, c) => c).sort((p, q) =>
    centres[p * 3 + 1] ** 2 + centres[p * 3 + 2] ** 2 > centres[q * 3 + 1] ** 2 + centres[q * 3 + 2] ** 2 ? -1 : 1,
  );
  const used = new Set<number>();
  const result: Array<readonly number[]> = new Array(k);
  const done: number[] = [];
  for (const c of order) {
    // Near-identical clusters share an ink: otherwise noise between them prints as speckle.
    // (Less so on a re-render: a flat-looking first print needs every distinction it can get.)
    const twinDistance = 0.045 / (1 + attempt);
    const twin = done.find(
      (q) =>
        (centres[q * 3] - centres[c * 3]) ** 2 +
          (centres[q * 3 + 1] - centres[c * 3 + 1]) ** 2 +
          (centres[q * 3 + 2] - centres[c * 3 + 2]) ** 2 <
        twinDistance ** 2,
    );
    done.push(c);
    if (twin !== undefined) {
      result[c] = result[twin];
      continue;
    }
    const L = inkLo + ((centres[c * 3] - lo) / Math.max(0.05, hi - lo)) * (inkHi - inkLo);
    // Near-greys print in the palette's neutral inks (slate, navy, cream), not a random tint.
    const neutral = Math.hypot(centres[c * 3 + 1], centres[c * 3 + 2]) < 0.035;
    // The subject's own cluster leans to the more saturated inks, so it stays vivid.
    const vivid = c === subjectCluster ? 1.5 : 1;
    const a = neutral ? 0 : centres[c * 3 + 1] * vivid;
    const b = neutral ? 0 : centres[c * 3 + 2] * vivid;
    let best = 0;
    let bestCost = Infinity;
    let reuse = -1;
    let reuseCost = Infinity;
    inkLab.forEach((ink, j) => {
      let cost = (ink[0] - L) ** 2 + 5 * ((ink[1] - a * 1.1) ** 2 + (ink[2] - b * 1.1) ** 2);
      // A coloured cluster keeps its hue family: brick stays warm, foliage stays green.
      const ci = Math.hypot(ink[1], ink[2]);
      const cc = Math.hypot(a, b);
      if (cc > 0.02 && ci > 0.02) cost += 0.05 * (1 - (ink[1] * a + ink[2] * b) / (ci * cc)) * Math.min(1, cc / 0.05);
      if (used.has(j)) {
        if (cost < reuseCost) {
          reuseCost = cost;
          reuse = j;
        }
      } else if (cost < bestCost) {
        bestCost = cost;
        best = j;
      }
    });
    // A free ink is preferred, unless an ink already in use fits far better.
    if (reuse >= 0 && reuseCost < bestCost * 0.35) best = reuse;
    used.add(best);
    result[c] = PALETTE[best];
    if (c === subjectCluster) {
      // The subject keeps its own colour: its ink is mixed most of the way towards it.
      const own = [0, 0, 0];
      oklabToSrgb(centres[c * 3], centres[c * 3 + 1], centres[c * 3 + 2], own);
      result[c] = PALETTE[best].map((v, ch) => v + (own[ch] * 255 - v) * 0.65);
    }
  }
  return result;
}
