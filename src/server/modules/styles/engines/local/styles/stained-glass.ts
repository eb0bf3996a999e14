import { axisMap, f32, luminance, oklabToSrgb, rgb8Of, rng, smoothstep } from '../raster.js';
import { domainTransform } from '../kernels/domain-transform.js';
import { toOklabRows } from '../kernels/colour.js';
import { type Superpixels, slic } from '../kernels/slic.js';
import { distanceTransform } from '../kernels/distance.js';
import { dissolveFragments } from '../kernels/regions.js';
import { type NoiseGrid, fractalNoiseGrid, grainTile, sampleNoise } from '../kernels/noise.js';
import { rowKernel, shared } from '../parallel.js';
import { type LocalStyleEngine, unit } from './style.js';

const COMPACTNESS = 20;
/** OKLab hues of antique glass tints: amber, straw, sea green, pale blue, rose. */
const ANTIQUE_HUES = [1.2, 1.5, 2.6, -1.9, 0.2];

interface ComposeArgs {
  pieces: Int32Array;
  dist: Float32Array;
  lum: Float32Array;
  glassL: Float32Array;
  /** Each piece's glass colour in sRGB, interleaved. */
  glassRGB: Float32Array;
  meanL: Float32Array;
  texture: NoiseGrid;
  w: number;
  h: number;
  cw: number;
  ch: number;
  W: number;
  H: number;
  out: Uint8ClampedArray;
}

const compose = rowKernel<ComposeArgs>('stained-glass/compose', (args, y0, y1) => {
  const { pieces, dist, lum, glassL, glassRGB, meanL, texture, w, h, cw, ch, W, H, out } = args;
  const s = Math.max(W, H) / 2048;
  const seedy = grainTile(256, 2, 37).data;
  const f = Math.fround;
  const fx = cw / W;
  const cut = axisMap(W, cw);
  const cutRows = axisMap(H, ch);
  const photo = axisMap(W, w);
  const photoRows = axisMap(H, h);
  const nearest = new Int32Array(W);
  for (let x = 0; x < W; x++) nearest[x] = Math.min(cw - 1, ((x + 0.5) * fx) | 0);
  // Lead half-width in cut pixels: about 2.7 output pixels on a 2048 px artwork.
  const lead = 2.7 * s * fx;
  const feather = 0.6 * fx;
  for (let y = y0; y < y1; y++) {
    const yy = cutRows.i0[y];
    const wy = cutRows.f[y];
    const ny = Math.min(ch - 1, ((y + 0.5) * (ch / H)) | 0);
    const ty0 = photoRows.i0[y];
    const twy = photoRows.f[y];
    for (let x = 0; x < W; x++) {
      const x0 = cut.i0[x];
      const wx = cut.f[x];
      const i00 = yy * cw + x0;
      const top = dist[i00] + (dist[i00 + 1] - dist[i00]) * wx;
      const bot = dist[i00 + cw] + (dist[i00 + cw + 1] - dist[i00 + cw]) * wx;
      const d = top + (bot - top) * wy;
      const twx = photo.f[x];
      const j = ty0 * w + photo.i0[x];
      const ltop = lum[j] + (lum[j + 1] - lum[j]) * twx;
      const lbot = lum[j + w] + (lum[j + w + 1] - lum[j + w]) * twx;
      const local = ltop + (lbot - ltop) * twy;
      const c = pieces[ny * cw + nearest[x]];
      const i = y * W + x;
      const o = i * 3;
      const tex = sampleNoise(texture, x, y);
      // Glass lit from behind: a glow towards the middle of the piece, a trace of the
      // photo's own shading, and the uneven thickness of rolled glass.
      const glow = 0.84 + 0.22 * smoothstep(lead, lead + 10 * fx, d);
      const L = (glassL[c] + 0.3 * (local - meanL[c])) * glow + tex * 0.045 + seedy[(y & 255) * 256 + (x & 255)] * 0.01;
      // OKLab lightness ratio → sRGB scale (≈ ratio^1.25), and ±15 % chroma with the texture.
      const ratio = L / glassL[c];
      const k = ratio * (1 + 0.25 * (ratio - 1));
      const tint = 1 + tex * 0.15;
      const p = c * 3;
      const grey = (glassRGB[p] + glassRGB[p + 1] + glassRGB[p + 2]) / 3;
      // Rounded to float32, as the glass colour always was.
      const r = f((grey + (glassRGB[p] - grey) * tint) * k);
      const g = f((grey + (glassRGB[p + 1] - grey) * tint) * k);
      const b = f((grey + (glassRGB[p + 2] - grey) * tint) * k);
      // Lead came: dark, with a soft highlight along its ridge.
      const t = smoothstep(lead + feather, lead - feather, d);
      const ridge = 0.12 + 0.1 * Math.max(0, 1 - d / lead);
      out[o] = (r + (ridge - r) * t) * 255 + 0.5;
      out[o + 1] = (g + (ridge - g) * t) * 255 + 0.5;
      out[o + 2] = (b + (ridge * 1.05 - b) * t) * 255 + 0.5;
    }
  }
});

/**
 * Stained Glass: SLIC superpixels (Achanta 2012) cut the photo into glass pieces and similar
 * neighbours are joined into larger pieces, as a glazier cuts a calm sky in big pieces and a
 * face in small ones. The cut is redrawn at a finer resolution from the cluster centres (so the
 * pieces have clean, straight-ish edges instead of pixel steps); each piece is its mean colour
 * made jewel-like, lit from behind with a glow towards its middle, a little of the photo's
 * shading and rolled-glass texture, and the pieces are joined by dark, softly bevelled lead.
 */
export const stainedGlass: LocalStyleEngine = {
  workingLongSide: (out) => Math.min(640, out),
  exposure: { targetMean: 0.5 },
  async render({ output, work, subject, attempt, report }) {
    const u = unit(work, 640);
    const { width: w, height: h } = work;
    const smooth = await domainTransform(work, 16 * u, 0.15, 2);
    const n = w * h;
    // OKLab scaled to 0..100 lightness, the range SLIC's compactness is tuned for.
    const lab = (await toOklabRows(smooth)).data;
    for (let i = 0; i < lab.length; i++) lab[i] *= 100;
    report(0.15);
    const cells = Math.round(520 * Math.min(1, n / (640 * 480)) + 80);
    const sp = await slic(lab, w, h, cells, COMPACTNESS, 6, 0.42, 7);
    report(0.4);
    const group = mergeSimilar(sp, lab, subject, w, h, 7.5 / (1 + 0.4 * attempt), (n / cells) * 7);
    const count = group.count;

    // The cut, redrawn at up to 1024 px (2048 for print files) from the centres.
    const { width: W, height: H } = output;
    const cutLong = Math.min(Math.max(W, H), Math.max(W, H) > 2048 ? 2048 : 1024);
    const cw = Math.round((W / Math.max(W, H)) * cutLong);
    const ch = Math.round((H / Math.max(W, H)) * cutLong);
    const pieces = await assignPieces(sp, group.of, lab, w, h, cw, ch);
    dissolveFragments(pieces, cw, ch, Math.round((cw * ch) / cells / 8));
    report(0.6);

    // Glass colour per piece: mean colour, more chroma, never pure black or white.
    const sums = new Float64Array(count * 4);
    for (let i = 0; i < n; i++) {
      const c = group.of[sp.labels[i]] * 4;
      sums[c] += lab[i * 3];
      sums[c + 1] += lab[i * 3 + 1];
      sums[c + 2] += lab[i * 3 + 2];
      sums[c + 3] += 1;
    }
    const tintRng = rng(17);
    const glassL = f32(count);
    const glassA = f32(count);
    const glassB = f32(count);
    const meanL = f32(count);
    for (let c = 0; c < count; c++) {
      const m = sums[c * 4 + 3] || 1;
      const L = sums[c * 4] / m / 100;
      const a = sums[c * 4 + 1] / m / 100;
      const b = sums[c * 4 + 2] / m / 100;
      meanL[c] = L;
      glassL[c] = 0.26 + 0.66 * L;
      const chroma = Math.hypot(a, b);
      const boost = chroma < 0.02 ? 1 : Math.min(2.2, 1.5 + 0.02 / chroma);
      // Grey areas become antique glass: each piece a faint tint of its own, as no two sheets
      // of hand-made clear glass are alike.
      const antique = (1 - smoothstep(0.01, 0.04, chroma)) * (0.006 + 0.01 * tintRng());
      const hue = ANTIQUE_HUES[Math.floor(tintRng() * ANTIQUE_HUES.length)];
      glassA[c] = a * boost + Math.cos(hue) * antique;
      glassB[c] = b * boost + Math.sin(hue) * antique;
    }
    const glassRGB = f32(count * 3);
    for (let c = 0; c < count; c++) oklabToSrgb(glassL[c], glassA[c], glassB[c], glassRGB, c * 3);
    const border = new Uint8Array(cw * ch);
    for (let y = 0; y < ch; y++) {
      for (let x = 0; x < cw; x++) {
        const i = y * cw + x;
        const l = pieces[i];
        if ((x + 1 < cw && pieces[i + 1] !== l) || (y + 1 < ch && pieces[i + cw] !== l)) {
          border[i] = 1;
          if (x + 1 < cw && pieces[i + 1] !== l) border[i + 1] = 1;
          if (y + 1 < ch && pieces[i + cw] !== l) border[i + cw] = 1;
        }
      }
    }
    const dist = await distanceTransform(border, cw, ch);
    const lum = luminance(smooth).data;
    report(0.72);

    const s = Math.max(W, H) / 2048;
    const out = shared.u8c(W * H * 3);
    await compose(
      {
        pieces,
        dist,
        lum,
        glassL,
        glassRGB,
        meanL,
        texture: await fractalNoiseGrid(W, H, 60 * s, 3, 31),
        w,
        h,
        cw,
        ch,
        W,
        H,
        out,
      },
      H,
    );
    report(1);
    return rgb8Of(out, W, H);
  },
};

/**
 * Greedy region merging over the superpixel adjacency graph: edges in order of colour distance,
 * merged while the current means are within `threshold` and the union stays under `maxSize`.
 * Returns the piece index of every SLIC cluster.
 */
function mergeSimilar(
  sp: Superpixels,
  lab: Float32Array,
  subject: Float32Array,
  w: number,
  h: number,
  threshold: number,
  maxSize: number,
): { of: Int32Array; count: number } {
  const { labels, count } = sp;
  // Per cluster: colour sums, pixel count, x, y, x², y² sums for the shape test, subject sum.
  const F = 9;
  const sum = new Float64Array(count * F);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const i = y * w + x;
      const c = labels[i] * F;
      sum[c] += lab[i * 3];
      sum[c + 1] += lab[i * 3 + 1];
      sum[c + 2] += lab[i * 3 + 2];
      sum[c + 3] += 1;
      sum[c + 4] += x;
      sum[c + 5] += y;
      sum[c + 6] += x * x;
      sum[c + 7] += y * y;
      sum[c + 8] += subject[i];
    }
  }
  const pairs = new Set<number>();
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const i = y * w + x;
      const a = labels[i];
      if (x + 1 < w && labels[i + 1] !== a) pairs.add(Math.min(a, labels[i + 1]) * count + Math.max(a, labels[i + 1]));
      if (y + 1 < h && labels[i + w] !== a) pairs.add(Math.min(a, labels[i + w]) * count + Math.max(a, labels[i + w]));
    }
  }
  const parent = Int32Array.from({ length: count }, (_, i) => i);
  const find = (a: number): number => {
    while (parent[a] !== a) {
      parent[a] = parent[parent[a]];
      a = parent[a];
    }
    return a;
  };
  const dist = (a: number, b: number) => {
    const na = sum[a * F + 3] || 1;
    const nb = sum[b * F + 3] || 1;
    let d = 0;
    for (let c = 0; c < 3; c++) d += (sum[a * F + c] / na - sum[b * F + c] / nb) ** 2;
    return Math.sqrt(d);
  };
  // A glazier cuts compact pieces: the union's spread (σx² + σy²) may be at most twice a
  // disc's of the same area, so merging cannot grow long bands along a gradient.
  const compactEnough = (a: number, b: number) => {
    const n = sum[a * F + 3] + sum[b * F + 3];
    const mx = (sum[a * F + 4] + sum[b * F + 4]) / n;
    const my = (sum[a * F + 5] + sum[b * F + 5]) / n;
    const spread = (sum[a * F + 6] + sum[b * F + 6]) / n - mx * mx + (sum[a * F + 7] + sum[b * F + 7]) / n - my * my;
    return spread <= (2 * n) / (2 * Math.PI);
  };
  const edges = [...pairs].map((p) => {
    const a = Math.floor(p / count);
    const b = p % count;
    return { a, b, d: dist(a, b) };
  });
  edges.sort((p, q) => p.d - q.d);
  // The subject is cut finer and kept apart from its background; the background is cut coarser.
  const subjectOf = (a: number) => sum[a * F + 8] / (sum[a * F + 3] || 1);
  const background = threshold * 1.25;
  for (const e of edges) {
    if (e.d > background) break;
    const ra = find(e.a);
    const rb = find(e.b);
    if (ra === rb) continue;
    const sa = subjectOf(ra);
    const sb = subjectOf(rb);
    if (Math.abs(sa - sb) > 0.3) continue;
    const s = Math.max(sa, sb);
    const limit = s < 0.2 ? background : threshold * (1 - 0.45 * s);
    if (sum[ra * F + 3] + sum[rb * F + 3] > maxSize * (1 - 0.6 * s)) continue;
    if (dist(ra, rb) > limit || !compactEnough(ra, rb)) continue;
    parent[rb] = ra;
    for (let c = 0; c < F; c++) sum[ra * F + c] += sum[rb * F + c];
  }
  const remap = new Int32Array(count).fill(-1);
  const of = shared.i32(count);
  let next = 0;
  for (let c = 0; c < count; c++) {
    const r = find(c);
    if (remap[r] < 0) remap[r] = next++;
    of[c] = remap[r];
  }
  return { of, count: next };
}

interface AssignArgs {
  cx: Float32Array;
  cy: Float32Array;
  colour: Float32Array;
  pieceOf: Int32Array;
  bucketStart: Int32Array;
  bucketItems: Int32Array;
  bins: number;
  binRows: number;
  S: number;
  lab: Float32Array;
  w: number;
  h: number;
  cw: number;
  ch: number;
  out: Int32Array;
}

const assignRows = rowKernel<AssignArgs>('stained-glass/assign', (a, y0, y1) => {
  const { cx, cy, colour, pieceOf, bucketStart, bucketItems, bins, binRows, S, lab, w, h, cw, ch, out } = a;
  const spatial = (COMPACTNESS / S) ** 2;
  const sx = w / cw;
  const sy = h / ch;
  for (let y = y0; y < y1; y++) {
    const py = (y + 0.5) * sy - 0.5;
    const by = Math.floor(py / S);
    const ry = Math.min(h - 1, Math.max(0, Math.round(py)));
    for (let x = 0; x < cw; x++) {
      const px = (x + 0.5) * sx - 0.5;
      const bx = Math.floor(px / S);
      const p = (ry * w + Math.min(w - 1, Math.max(0, Math.round(px)))) * 3;
      const L = lab[p];
      const A = lab[p + 1];
      const B = lab[p + 2];
      let best = 0;
      let bd = Infinity;
      for (let j = by - 1; j <= by + 1; j++) {
        if (j < 0 || j >= binRows) continue;
        for (let i = bx - 1; i <= bx + 1; i++) {
          if (i < 0 || i >= bins) continue;
          const bucket = j * bins + i;
          for (let q = bucketStart[bucket]; q < bucketStart[bucket + 1]; q++) {
            const c = bucketItems[q];
            const dl = L - colour[c * 3];
            const da = A - colour[c * 3 + 1];
            const db = B - colour[c * 3 + 2];
            const dx = px - cx[c];
            const dy = py - cy[c];
            const d = (dl * dl + da * da + db * db) * 0.35 + (dx * dx + dy * dy) * spatial;
            if (d < bd) {
              bd = d;
              best = c;
            }
          }
        }
      }
      out[y * cw + x] = pieceOf[best];
    }
  }
});

/**
 * Final SLIC assignment at the cut resolution: every pixel goes to the nearest centre in the
 * 3×3 grid cells around it under SLIC's combined colour + distance metric (colour weighed
 * less than in the clustering, for calmer cuts). Between two centres of similar colour the
 * border is their bisector, a straight line, which reads as cut glass.
 */
async function assignPieces(
  sp: Superpixels,
  pieceOf: Int32Array,
  lab: Float32Array,
  w: number,
  h: number,
  cw: number,
  ch: number,
): Promise<Int32Array> {
  const { cx, cy, colour, count, S } = sp;
  const bins = Math.ceil(w / S) + 1;
  const binRows = Math.ceil(h / S) + 1;
  const bucketOf = new Int32Array(count);
  const bucketStart = shared.i32(bins * binRows + 1);
  for (let c = 0; c < count; c++) {
    bucketOf[c] = Math.floor(cy[c] / S) * bins + Math.floor(cx[c] / S);
    bucketStart[bucketOf[c] + 1]++;
  }
  for (let b = 0; b < bins * binRows; b++) bucketStart[b + 1] += bucketStart[b];
  const fill = bucketStart.slice(0, -1);
  const bucketItems = shared.i32(count);
  for (let c = 0; c < count; c++) bucketItems[fill[bucketOf[c]]++] = c;
  const out = shared.i32(cw * ch);
  await assignRows({ cx, cy, colour, pieceOf, bucketStart, bucketItems, bins, binRows, S, lab, w, h, cw, ch, out }, ch);
  return out;
}
