/** The subject's own colour: what keeps it apart from the background through a style. */
import { clamp01, f32, srgbToOklab } from '../raster.js';

/**
 * Mean OKLab colour inside and outside the subject; inside weighted by saliency⁴ so the subject's
 * own colour counts, not the margin of background the (blurred) mask takes with it.
 */
export function meanColours(
  small: { data: Float32Array },
  mask: Uint8Array,
  sal: Float32Array,
): { inside: [number, number, number]; outside: [number, number, number] } {
  const s = [0, 0, 0, 0, 0, 0];
  let ni = 0;
  let no = 0;
  const lab = [0, 0, 0];
  for (let i = 0; i < mask.length; i++) {
    srgbToOklab(clamp01(small.data[i * 3]), clamp01(small.data[i * 3 + 1]), clamp01(small.data[i * 3 + 2]), lab);
    const wgt = mask[i] ? sal[i] ** 4 : 1;
    const o = mask[i] ? 0 : 3;
    for (let c = 0; c < 3; c++) s[o + c] += lab[c] * wgt;
    if (mask[i]) ni += wgt;
    else no++;
  }
  const k = 1 / Math.max(1e-6, ni);
  const q = 1 / Math.max(1, no);
  return { inside: [s[0] * k, s[1] * k, s[2] * k], outside: [s[3] * q, s[4] * q, s[5] * q] };
}

/**
 * Mean of an interleaved 3-channel image over the subject, weighted by subject⁴ so the
 * subject's own colour counts rather than the margin around it.
 */
export function subjectMean(data: Float32Array, subject: Float32Array): [number, number, number] {
  let a = 0;
  let b = 0;
  let c = 0;
  let n = 0;
  for (let i = 0; i < subject.length; i++) {
    const s = subject[i];
    if (s < 0.3) continue;
    const wgt = s * s * s * s;
    a += data[i * 3] * wgt;
    b += data[i * 3 + 1] * wgt;
    c += data[i * 3 + 2] * wgt;
    n += wgt;
  }
  return n > 0 ? [a / n, b / n, c / n] : [Number.NaN, Number.NaN, Number.NaN];
}

/**
 * k-means centres plus, if none of them is within `distance` of the subject's own colour, one
 * more centre at that colour: a small subject keeps a colour of its own instead of taking the
 * background's. Returns the centres, their count and which one is the subject's.
 */
export function withSubjectCentre(
  centres: Float32Array,
  k: number,
  data: Float32Array,
  subject: Float32Array,
  distance: number,
): { centres: Float32Array; k: number; subjectIndex: number } {
  const m = subjectMean(data, subject);
  if (Number.isNaN(m[0])) return { centres, k, subjectIndex: -1 };
  let nearest = Infinity;
  let index = -1;
  for (let c = 0; c < k; c++) {
    const d = Math.hypot(centres[c * 3] - m[0], centres[c * 3 + 1] - m[1], centres[c * 3 + 2] - m[2]);
    if (d < nearest) [nearest, index] = [d, c];
  }
  if (nearest <= distance) return { centres, k, subjectIndex: index };
  const out = f32((k + 1) * 3);
  out.set(centres);
  out.set(m, k * 3);
  return { centres: out, k: k + 1, subjectIndex: k };
}
