/**
 * What a style needs to know about a photo before it paints: how it is exposed, how much
 * contrast and colour it has, how noisy it is, and where its subject is. Everything is measured
 * on small copies (the histogram on a subsample, the subject map at 128 px, the spectral residual
 * at 64 × 64), so the whole analysis takes a few milliseconds on a working-size photo.
 */
import type { Plane, Rgb8 } from '../raster.js';
import { downscale } from './resample.js';
import { saliencyMap, subjectMask } from './saliency.js';
import { type LumaPercentiles, haslerColourfulness, lumaPercentiles, noiseSigma } from './statistics.js';
import { meanColours } from './subject-colour.js';

export interface PhotoAnalysis {
  /** Luminance (Rec. 709 of the sRGB values, 0..1) percentiles and mean. */
  exposure: LumaPercentiles;
  /** p95 − p5 of luminance: how much of the tonal range the photo uses. */
  contrast: number;
  /** Hasler & Süsstrunk's colourfulness M on 0..1 values (≈ 0.1 dull, 0.3 vivid, 0.5+ garish). */
  colourfulness: number;
  /** Standard deviation of sensor/JPEG noise on luminance, 0..1 (Immerkær 1996). */
  noise: number;
  /** The photo at the subject map's size (area-averaged, 0..1): what the quality check compares with. */
  small: { width: number; height: number; data: Float32Array };
  /** Subject map at a small size, 0..1 (1 = most salient). */
  saliency: Plane;
  /** The subject: saliency above a threshold (1) or not (0), same size as `saliency`. */
  subject: Uint8Array;
  /** Share of the frame the subject covers. */
  subjectArea: number;
  /** Mean OKLab colour of the subject and of the rest of the photo. */
  subjectColour: [number, number, number];
  backgroundColour: [number, number, number];
}

/** Long side of the small copy the subject map is computed on. */
export const ANALYSIS_SIZE = 128;

export async function analysePhoto(img: Rgb8): Promise<PhotoAnalysis> {
  const exposure = lumaPercentiles(img);
  const small = await downscale(img, ANALYSIS_SIZE);
  const colourfulness = haslerColourfulness(small);
  const noise = await noiseSigma(img);
  const saliency = saliencyMap(small);
  const { subject, area } = subjectMask(saliency);
  const { inside, outside } = meanColours(small, subject, saliency.data);
  return {
    exposure,
    contrast: exposure.p95 - exposure.p5,
    colourfulness,
    noise,
    small,
    saliency,
    subject,
    subjectArea: area,
    subjectColour: inside,
    backgroundColour: outside,
  };
}
