import type { Rgb8, RgbF } from '../raster.js';
import type { ExposureOptions } from '../kernels/tone.js';
import type { PhotoAnalysis } from '../kernels/analysis.js';
import type { QualityFailure } from '../kernels/quality.js';

/**
 * What the pipeline hands a style: the size of the artwork to paint and the photo at the style's
 * working size. Every style draws its final pixels itself at the output size, from what it
 * computed at the working size; none needs the photo's own full-size pixels, so the pipeline
 * never decodes them (JPEG shrink-on-load makes that decode several times faster).
 */
export interface StyleInput {
  output: { width: number; height: number };
  /** Exposure-normalised photo at the working size, as floats. */
  work: RgbF;
  /** What the analysis found: exposure, contrast, colourfulness, noise, subject. */
  analysis: PhotoAnalysis;
  /** Subject map at the working size, 0..1 (1 = the subject). */
  subject: Float32Array;
  /**
   * The subject as the quality check judges it (the analysis's subject mask) at the working
   * size, with how much lighter (> 0) or darker (< 0) it is than its surroundings in the
   * exposure-normalised photo, in OKLab lightness; `rgb` is that difference in RGB (0..1).
   */
  judged: JudgedSubject;
  /** 0 for the first render; 1, 2 for re-renders after a failed quality check (push harder). */
  attempt: number;
  /** What the quality check found wrong with the earlier attempts (empty on the first). */
  failed: ReadonlySet<QualityFailure>;
  /** Reports progress through the style, 0..1. */
  report: (fraction: number) => void;
}

export interface JudgedSubject {
  area: Float32Array;
  lightness: number;
  rgb: [number, number, number];
}

export interface LocalStyleEngine {
  /** Long side at which the style's heavy filtering runs, given the output's long side. */
  workingLongSide(outputLongSide: number): number;
  exposure?: ExposureOptions;
  /** Draws in one colour: the quality check then compares the subject by lightness only. */
  monochrome?: boolean;
  render(input: StyleInput): Promise<Rgb8>;
}

/**
 * Scale of one "reference pixel": parameters are tuned for a 1024 px working image, and every
 * spatial parameter is multiplied by this so a 6000 px print looks like the 2048 px preview.
 */
export function unit(img: { width: number; height: number }, reference = 1024): number {
  return Math.max(img.width, img.height) / reference;
}
