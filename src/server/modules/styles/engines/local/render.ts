import sharp from 'sharp';
import { DISPLAY_JPEG_QUALITY } from '../../../../../domain/images.js';
import { type EncodedRendition, renderRenditions } from '../../../../infra/renditions.js';
import type { Rgb8, RgbF } from './raster.js';
import { boxBlur3 } from './kernels/blur.js';
import { applyLutToFloat, exposureLut, normaliseLocalContrast } from './kernels/tone.js';
import { type PhotoAnalysis, analysePhoto } from './kernels/analysis.js';
import { downscaleTo, resamplePlane, resamplePlaneRows } from './kernels/resample.js';
import { noiseSigma } from './kernels/statistics.js';
import { RECOVERED_MAX_LIFT, denoiseLifted, planExposure, toneMap } from './kernels/exposure.js';
import {
  ACCEPT,
  type QualityFigures,
  type QualityFailure,
  type SmallImage,
  exposureNormalise,
  failures,
  measureArtwork,
  shortfall,
  subjectDifference,
} from './kernels/quality.js';
import type { LocalStyleId } from './catalogue.js';
import type { JudgedSubject, LocalStyleEngine } from './styles/style.js';
import { engines } from './styles/index.js';
import { collectNow } from './idle-gc.js';
import { collectHelperNow, inSharedMemory } from './parallel.js';
import { withScratch } from './scratch.js';

export interface LocalRenderJob {
  styleId: LocalStyleId;
  input: Uint8Array;
  longSide: number;
  quality?: number;
  /** Makes the renditions too, from the artwork's pixels while the check runs. */
  renditions?: boolean;
  /**
   * False renders as the shop did before the exposure step (no recovery of an underexposed
   * photo, the check against the plain normalisation): only for the before/after sheet.
   */
  exposureStep?: boolean;
}

export interface LocalRenderOutput {
  image: Uint8Array;
  width: number;
  height: number;
  /** How the artwork fared in the quality check, and how many renders it took. */
  quality?: { figures: QualityFigures; failures: QualityFailure[]; attempts: number };
  /** Its renditions (domain/images.ts), when the job asked for them. */
  renditions?: EncodedRendition[];
}

/**
 * Renders up to this long side are previews, which reuse the last render's buffers
 * (scratch.ts); larger ones are print files, which keep none and collect their garbage.
 */
export const PREVIEW_LONG_SIDE = 2048;

/** Renders after the first, with stronger settings, when the quality check fails. */
const MAX_RETRIES = 2;

/** Share of the progress bar each stage takes: decoding, the style itself, encoding. */
const DECODED = 0.12;
const STYLED = 0.93;

/**
 * One artwork, in the calling thread: decode (EXIF-rotated, shrunk on load, never upscaled),
 * analyse it (exposure, contrast, colour, noise, subject), normalise exposure and local
 * contrast, run the style's kernels, check the artwork and re-render if it failed, encode JPEG. The worker pool calls this; the
 * scripts call it directly. Its pixel buffers are the last render's in this thread (scratch.ts).
 */
export async function renderLocal(
  job: LocalRenderJob,
  onProgress: (fraction: number) => void = () => {},
): Promise<LocalRenderOutput> {
  const engine = engines[job.styleId];
  if (!engine) throw new Error(`Unknown local style: ${job.styleId}`);
  // Every encode has finished reading its artwork before the buffers go to the next render.
  const encodes: Array<Promise<unknown>> = [];
  const render = async () => {
    try {
      return await paint(job, engine, onProgress, encodes);
    } finally {
      await Promise.allSettled(encodes);
    }
  };
  // A print file's buffers are several times a preview's: kept, a thread would hold them, or
  // a preview's beside them, through the busiest minute (six 12 MP photos transformed at once
  // peaked at 972 MB, 788 MB without).
  return withScratch(render, { keep: job.longSide <= PREVIEW_LONG_SIDE });
}

async function paint(
  job: LocalRenderJob,
  engine: LocalStyleEngine,
  onProgress: (fraction: number) => void,
  encodes: Array<Promise<unknown>>,
): Promise<LocalRenderOutput> {
  const longSide = Math.max(16, Math.round(job.longSide));
  const source = sharp(job.input, { failOn: 'none', limitInputPixels: 268_402_689 });
  const meta = await source.metadata();
  if (!meta.width || !meta.height) throw new Error('Unreadable image');
  // EXIF orientations 5–8 turn the picture a quarter, swapping width and height.
  const turned = (meta.orientation ?? 1) >= 5;
  const srcW = turned ? meta.height : meta.width;
  const srcH = turned ? meta.width : meta.height;
  const output = fitInside(srcW, srcH, longSide);
  const outLong = Math.max(output.width, output.height);
  const workLong = Math.min(outLong, Math.round(engine.workingLongSide(outLong)));
  const work = fitInside(srcW, srcH, workLong);
  const decoded = await source
    .rotate()
    .resize({ width: work.width, height: work.height, fit: 'fill', fastShrinkOnLoad: true })
    .flatten({ background: '#ffffff' })
    .toColourspace('srgb')
    .raw()
    .toBuffer({ resolveWithObject: true });
  const work8: Rgb8 = {
    width: decoded.info.width,
    height: decoded.info.height,
    // In shared memory once, for the kernels on both threads that read it.
    data: inSharedMemory(new Uint8Array(decoded.data.buffer, decoded.data.byteOffset, decoded.data.length)),
  };
  const analysis = await analysePhoto(work8);
  const subject = await resamplePlaneRows(analysis.saliency, work8.width, work8.height);
  const recover = job.exposureStep !== false;
  // The photo at the check's size (the analysis's own copy), normalised: the check compares
  // every attempt with it.
  const reference = await exposureNormalise(analysis.small, recover);
  const judged = judgedSubject(work8, reference, analysis);
  onProgress(DECODED);

  // Render, check, and re-render with stronger settings while the check fails or passes only
  // by a hair; the best attempt is kept. Progress runs over the first render; retries are rare and quick to report.
  let best:
    | {
        art: Rgb8;
        image: Promise<Buffer>;
        renditions?: Promise<EncodedRendition[]>;
        figures: QualityFigures;
        failures: QualityFailure[];
        score: number;
      }
    | undefined;
  let attempts = 0;
  const seen = new Set<QualityFailure>();
  for (let attempt = 0; attempt <= MAX_RETRIES; attempt++) {
    attempts++;
    const art = await engine.render({
      output,
      work: await prepareWork(work8, engine, analysis, subject, judged, attempt, seen, recover),
      analysis,
      subject,
      judged,
      attempt,
      failed: seen,
      report: attempt === 0 ? (f) => onProgress(DECODED + (STYLED - DECODED) * Math.min(1, Math.max(0, f))) : () => {},
    });
    // A print file's style steps leave several hundred megabytes of planes behind, and V8
    // would collect them only later: the shop's peak was the encode of a print file beside them.
    // The helper thread was handed most of them, and they are freed once it lets go too.
    if (job.longSide > PREVIEW_LONG_SIDE) {
      collectNow();
      collectHelperNow();
    }
    // Encoding starts at once, on a libvips thread, while this thread checks the artwork; an
    // attempt the check turns down (and a later one beats) has its JPEG dropped.
    const image = encodeJpeg(art, job.quality ?? 90);
    image.catch(() => {});
    encodes.push(image);
    // The renditions too, from the same pixels: the shop made them afterwards, from the JPEG
    // decoded again, while the visitor waited.
    const renditions = job.renditions ? encodeRenditions(art) : undefined;
    if (renditions) {
      renditions.catch(() => {});
      encodes.push(renditions);
    }
    const figures = await checkArtwork(art, reference, analysis, engine.monochrome === true);
    const failed = failures(figures);
    // A pass by a hair is re-rendered too (`ACCEPT`); the best attempt is the one furthest
    // within the limits, and among those that pass, the one furthest within the margin.
    const short = failures(figures, ACCEPT);
    const score = shortfall(figures) * 1000 + shortfall(figures, ACCEPT);
    if (!best || score < best.score) best = { art, image, renditions, figures, failures: failed, score };
    if (short.length === 0) break;
    for (const f of short) seen.add(f);
  }
  const out8 = best!.art;
  onProgress(STYLED);
  const [image, renditions] = await Promise.all([best!.image, best!.renditions]);
  onProgress(1);
  return {
    image: new Uint8Array(image.buffer, image.byteOffset, image.length),
    width: out8.width,
    height: out8.height,
    quality: { figures: best!.figures, failures: best!.failures, attempts },
    ...(renditions ? { renditions } : {}),
  };
}

/**
 * The photo as the style sees it: an underexposed photo tone-mapped first (exposure.ts: levels
 * in linear light, shadows lifted to a legible key, CLAHE on lightness, then the amplified
 * noise smoothed), then exposure levels and gamma (the style's own targets), then local
 * contrast normalised so a dark or misty photo shows its structure. A re-render after a flat
 * or one-colour artwork recovers a darkish photo the first render left alone, lifts the
 * shadows and pushes local contrast further; after a lost subject, the subject's own local
 * contrast is pushed.
 */
async function prepareWork(
  work8: Rgb8,
  engine: LocalStyleEngine,
  analysis: PhotoAnalysis,
  subject: Float32Array,
  judged: JudgedSubject,
  attempt: number,
  failed: ReadonlySet<QualityFailure>,
  recover: boolean,
): Promise<RgbF> {
  const base = engine.exposure ?? {};
  // One colour over most of the artwork is a flatness too: more tonal range breaks it up.
  const flat = failed.has('flat') || failed.has('one-colour') ? attempt : 0;
  const plan = recover ? planExposure(analysis.exposure, flat) : null;
  const photo = plan ? await toneMap(work8, plan) : work8;
  const lut = exposureLut(photo, {
    ...base,
    targetMean: (base.targetMean ?? 0.45) + 0.04 * flat,
    maxLift: Math.max(
      0.4,
      (plan ? Math.max(base.maxLift ?? 0, RECOVERED_MAX_LIFT) : (base.maxLift ?? 0.62)) - 0.1 * flat,
    ),
  });
  let work = await applyLutToFloat(photo, lut);
  let noise = analysis.noise;
  if (plan) {
    // The noise the lift brought up, measured after it, is smoothed before the style's kernels.
    noise = await noiseSigma(photo);
    work = await denoiseLifted(work, noise, Math.max(work.width, work.height) / 1024);
    noise *= 0.35;
  }
  normaliseLocalContrast(work, {
    target: 0.06 + 0.025 * flat,
    maxGain: 1.8 + 0.8 * flat,
    noise,
    subject,
    emphasis: failed.has('subject-lost') ? attempt : 0,
  });
  if (failed.has('subject-lost')) setSubjectApart(work, judged, 0.5 * attempt);
  return work;
}

/** The subject the check judges, at the working size, and its lightness against its surroundings. */
function judgedSubject(work8: Rgb8, reference: SmallImage, analysis: PhotoAnalysis): JudgedSubject {
  const { width, height } = analysis.saliency;
  let area: Float32Array | undefined;
  return {
    // Resampled to the working size only for the re-renders that push the subject.
    get area() {
      area ??= resamplePlane({ width, height, data: Float32Array.from(analysis.subject) }, work8.width, work8.height);
      return area;
    },
    lightness: subjectDifference(reference, analysis.subject)[0],
    rgb: subjectDifference(reference, analysis.subject, 'rgb'),
  };
}

/**
 * After a lost subject, the photo's own difference between the subject and its surroundings
 * is added again on the subject (and half of it taken from a ring around it) for each retry,
 * so the style starts from a subject that stands further apart.
 */
function setSubjectApart(work: RgbF, judged: JudgedSubject, strength: number): void {
  const { width: w, height: h, data } = work;
  const ring = boxBlur3({ width: w, height: h, data: judged.area }, Math.max(2, 0.06 * Math.max(w, h))).data;
  const [dr, dg, db] = judged.rgb;
  for (let i = 0; i < w * h; i++) {
    const around = Math.min(1, Math.max(0, ring[i] - judged.area[i]) * 2);
    const k = strength * (judged.area[i] - 0.5 * around);
    if (k === 0) continue;
    const o = i * 3;
    data[o] = Math.min(1, Math.max(0, data[o] + k * dr));
    data[o + 1] = Math.min(1, Math.max(0, data[o + 1] + k * dg));
    data[o + 2] = Math.min(1, Math.max(0, data[o + 2] + k * db));
  }
}

/** The quality figures of an artwork at the analysis size, against the photo's reference and its subject. */
async function checkArtwork(
  art: Rgb8,
  reference: SmallImage,
  analysis: PhotoAnalysis,
  monochrome: boolean,
): Promise<QualityFigures> {
  const { width, height } = analysis.saliency;
  return measureArtwork(await downscaleTo(art, width, height), reference, analysis.subject, monochrome);
}

function encodeJpeg(art: Rgb8, quality: number): Promise<Buffer> {
  // sharp reads the pixels where they are (it takes a typed array over a SharedArrayBuffer):
  // a copy into a fresh Buffer cost 30 ms of page faults at 2048 px. Nothing writes them while
  // it encodes, and renderLocal waits for every encode before the next render reuses them.
  return (
    sharp(art.data, { raw: { width: art.width, height: art.height, channels: 3 } })
      // Huffman tables left standard: optimising them took 37 ms of a 2048 px render for 1 % of size.
      .jpeg({ quality, optimiseCoding: false })
      .toBuffer()
  );
}

/** The renditions of an artwork, encoded as the shop encodes every rendition. */
function encodeRenditions(art: Rgb8): Promise<EncodedRendition[]> {
  return renderRenditions(
    sharp(art.data, { raw: { width: art.width, height: art.height, channels: 3 } }),
    art,
    (pipeline) => pipeline.jpeg({ quality: DISPLAY_JPEG_QUALITY }),
  );
}

/** Size of an image fitted inside a square of `long`, never enlarged. */
function fitInside(width: number, height: number, long: number): { width: number; height: number } {
  const scale = Math.min(1, long / Math.max(width, height));
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}
