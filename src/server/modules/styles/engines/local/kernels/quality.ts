/**
 * The check an artwork must pass before anyone sees it, measured against the exposure-normalised
 * photo on small copies of both (same size, same subject map):
 * - structure: the artwork's luminance spread is at least half the photo's (never a flat field);
 * - no single colour covers more than 60 % of the area, unless the photo itself is like that;
 * - the subject still stands apart: its mean colour differs from its surroundings by at least
 *   half as much as in the photo (monochrome styles: its lightness difference).
 * The style benchmark prints the same figures, so what the pipeline enforces is what is measured.
 */
import { clamp01, srgbToOklab } from '../raster.js';
import { exposureLut } from './tone.js';
import { lumaPercentiles } from './statistics.js';
import { RECOVERED_MAX_LIFT, planExposure, toneMap } from './exposure.js';

export interface SmallImage {
  width: number;
  height: number;
  /** Interleaved RGB, 0..1. */
  data: Float32Array;
}

export interface QualityFigures {
  /** Luminance standard deviation of the artwork ÷ that of the normalised photo. */
  spreadRatio: number;
  /** Largest share of the area one colour (an OKLab bin) covers, in the artwork and in the photo. */
  dominantShare: number;
  photoDominantShare: number;
  /** Subject-to-surroundings colour difference (OKLab ΔE, or ΔL when monochrome) in the artwork ÷ in the photo; NaN when the photo's own difference is too small to measure. */
  subjectRatio: number;
  subjectDelta: number;
  photoSubjectDelta: number;
}

export type QualityFailure = 'flat' | 'one-colour' | 'subject-lost';

export const LIMITS = { spreadRatio: 0.5, dominantShare: 0.6, subjectRatio: 0.5, minPhotoSubjectDelta: 0.03 } as const;

/**
 * What the render pipeline accepts without a re-render: the limits with a margin. The same
 * artwork measured from another decode of the photo (another working size, so another subject
 * mask at the check's size, and the artwork's JPEG) moves by a few hundredths: on the quality
 * bench's tune half, a watercolour the pipeline passed at a subject ratio of 0.54 measured 0.50,
 * and a dozen artworks passed at 0.50–0.53. A pass by a hair is re-rendered; what the shop
 * reports as failed is still measured against `LIMITS`.
 */
export const ACCEPT = { spreadRatio: 0.55, dominantShare: 0.57, subjectRatio: 0.56 } as const;

type Limits = { spreadRatio: number; dominantShare: number; subjectRatio: number };

/**
 * The reference photo: the shop's standard exposure normalisation (a bounded levels stretch and
 * a gamma towards mid-grey, `exposureLut` with its defaults), the same before and after any
 * change to the styles. An underexposed photo is first recovered by the exposure step every
 * style starts from (exposure.ts), so an artwork is held to what the photo holds, not to its
 * near-black file: a flat, near-black render of it fails as flat or one colour.
 */
export async function exposureNormalise(img: SmallImage, recover = true): Promise<SmallImage> {
  const d = img.data;
  let bytes: Uint8Array = new Uint8Array(d.length);
  for (let i = 0; i < d.length; i++) bytes[i] = Math.round(clamp01(d[i]) * 255);
  const plan = recover ? planExposure(lumaPercentiles({ width: img.width, height: img.height, data: bytes })) : null;
  if (plan) bytes = (await toneMap({ width: img.width, height: img.height, data: bytes }, plan)).data;
  const lut = exposureLut(
    { width: img.width, height: img.height, data: bytes },
    plan ? { maxLift: RECOVERED_MAX_LIFT } : {},
  );
  const out = new Float32Array(d.length);
  for (let i = 0; i < d.length; i++) out[i] = lut[bytes[i]] / 255;
  return { width: img.width, height: img.height, data: out };
}

export function lumaStd(img: SmallImage): number {
  const d = img.data;
  const n = d.length / 3;
  let s = 0;
  let s2 = 0;
  for (let i = 0; i < n; i++) {
    const l = 0.2126 * d[i * 3] + 0.7152 * d[i * 3 + 1] + 0.0722 * d[i * 3 + 2];
    s += l;
    s2 += l * l;
  }
  const m = s / n;
  return Math.sqrt(Math.max(0, s2 / n - m * m));
}

/** Share of the largest bin of OKLab (L in steps of 0.1, a and b in steps of 0.05 centred on grey). */
export function dominantShare(img: SmallImage): number {
  const d = img.data;
  const n = d.length / 3;
  const bins = new Map<number, number>();
  const lab = [0, 0, 0];
  let best = 0;
  for (let i = 0; i < n; i++) {
    srgbToOklab(clamp01(d[i * 3]), clamp01(d[i * 3 + 1]), clamp01(d[i * 3 + 2]), lab);
    const key =
      Math.floor(lab[0] * 10) * 10_000 + (Math.round(lab[1] / 0.05) + 50) * 100 + (Math.round(lab[2] / 0.05) + 50);
    const c = (bins.get(key) ?? 0) + 1;
    bins.set(key, c);
    if (c > best) best = c;
  }
  return best / n;
}

/**
 * Mean colour difference between the subject and a ring of surroundings around it (the subject
 * mask grown by ~8 % of the long side, minus the subject).
 */
export function subjectDelta(img: SmallImage, subject: Uint8Array, monochrome: boolean): number {
  const [dl, da, db] = subjectDifference(img, subject);
  return monochrome ? Math.abs(dl) : Math.hypot(dl, da, db);
}

/**
 * The subject's mean colour minus that of a ring of surroundings around it (the subject mask
 * grown by ~8 % of the long side, minus the subject), in OKLab (L, a, b) or in RGB (0..1);
 * zero when either is empty.
 */
export function subjectDifference(
  img: SmallImage,
  subject: Uint8Array,
  space: 'oklab' | 'rgb' = 'oklab',
): [number, number, number] {
  const { width: w, height: h, data: d } = img;
  const ring = grow(subject, w, h, Math.max(2, Math.round(Math.max(w, h) * 0.08)));
  const s = [0, 0, 0, 0, 0, 0];
  let ni = 0;
  let no = 0;
  const colour = [0, 0, 0];
  for (let i = 0; i < w * h; i++) {
    if (!subject[i] && !ring[i]) continue;
    if (space === 'oklab') srgbToOklab(clamp01(d[i * 3]), clamp01(d[i * 3 + 1]), clamp01(d[i * 3 + 2]), colour);
    else for (let c = 0; c < 3; c++) colour[c] = d[i * 3 + c];
    const o = subject[i] ? 0 : 3;
    for (let c = 0; c < 3; c++) s[o + c] += colour[c];
    if (subject[i]) ni++;
    else no++;
  }
  if (ni === 0 || no === 0) return [0, 0, 0];
  return [s[0] / ni - s[3] / no, s[1] / ni - s[4] / no, s[2] / ni - s[5] / no];
}

/**
 * Figures of an artwork against its photo's `reference` (the photo through
 * `exposureNormalise`, made once for all of its artworks); both at the same small size,
 * `subject` at that size too.
 */
export function measureArtwork(
  art: SmallImage,
  reference: SmallImage,
  subject: Uint8Array,
  monochrome: boolean,
): QualityFigures {
  const photoStd = lumaStd(reference);
  const photoSubjectDelta = subjectDelta(reference, subject, monochrome);
  const artDelta = subjectDelta(art, subject, monochrome);
  return {
    spreadRatio: photoStd > 1e-3 ? lumaStd(art) / photoStd : 1,
    dominantShare: dominantShare(art),
    photoDominantShare: dominantShare(reference),
    subjectDelta: artDelta,
    photoSubjectDelta,
    subjectRatio: photoSubjectDelta >= LIMITS.minPhotoSubjectDelta ? artDelta / photoSubjectDelta : Number.NaN,
  };
}

/** The checks an artwork fails: against `LIMITS`, or against `ACCEPT` when deciding on a re-render. */
export function failures(f: QualityFigures, limits: Limits = LIMITS): QualityFailure[] {
  const out: QualityFailure[] = [];
  if (f.spreadRatio < limits.spreadRatio) out.push('flat');
  // Whether the photo itself is mostly one colour is always judged against the plain limit.
  if (f.dominantShare > limits.dominantShare && f.photoDominantShare <= LIMITS.dominantShare) out.push('one-colour');
  if (!Number.isNaN(f.subjectRatio) && f.subjectRatio < limits.subjectRatio) out.push('subject-lost');
  return out;
}

/** How far an artwork is from passing (0 when it passes): picks the best of several attempts. */
export function shortfall(f: QualityFigures, limits: Limits = LIMITS): number {
  let s = Math.max(0, limits.spreadRatio - f.spreadRatio);
  if (f.photoDominantShare <= LIMITS.dominantShare) s += Math.max(0, f.dominantShare - limits.dominantShare);
  if (!Number.isNaN(f.subjectRatio)) s += Math.max(0, limits.subjectRatio - f.subjectRatio);
  return s;
}

/** The mask grown by r pixels (a square structuring element, done separably). */
function grow(mask: Uint8Array, w: number, h: number, r: number): Uint8Array {
  const tmp = new Uint8Array(w * h);
  for (let y = 0; y < h; y++) {
    // Two sweeps: distance to the nearest set pixel on the left and on the right.
    let prev = -Infinity;
    for (let x = 0; x < w; x++) {
      if (mask[y * w + x]) prev = x;
      if (x - prev <= r) tmp[y * w + x] = 1;
    }
    let next = Infinity;
    for (let x = w - 1; x >= 0; x--) {
      if (mask[y * w + x]) next = x;
      if (next - x <= r) tmp[y * w + x] = 1;
    }
  }
  const out = new Uint8Array(w * h);
  for (let x = 0; x < w; x++) {
    let prev = -Infinity;
    for (let y = 0; y < h; y++) {
      if (tmp[y * w + x]) prev = y;
      if (y - prev <= r) out[y * w + x] = 1;
    }
    let next = Infinity;
    for (let y = h - 1; y >= 0; y--) {
      if (tmp[y * w + x]) next = y;
      if (next - y <= r) out[y * w + x] = 1;
    }
  }
  return out;
}
