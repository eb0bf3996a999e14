/**
 * The transformation's progress and messages (storefront §4 Transformation flow, §8, §9),
 * shared by the server (which reports real progress) and the web (which shows it).
 */
import { z } from 'zod';
import { emailAddress, INVALID_EMAIL_MESSAGE } from './email-address.js';
import type { Rendition } from './images.js';

export const POLL_INTERVAL_MS = 3_000;
export const POLL_TIMEOUT_MS = 300_000;

/** The simulated curve for engines that report no progress: start 10, +3..10 every 4 s, cap 90. */
export const SIMULATED_PROGRESS = { start: 10, minStep: 3, maxStep: 10, everyMs: 4_000, cap: 90 } as const;

export const TRANSFORMATION_MESSAGES = {
  selectStyle: 'Please select a style first',
  // Ours: only the visitor who started an artwork may change the e-mail kept with it.
  notYours: 'This artwork was started in another browser session, so its e-mail cannot be changed here.',
  originalNotFound: 'Original image not found',
  tooLarge: 'Your image is too large to process. Please try uploading a smaller image or take a new photo.',
  callFailed: 'Failed to call transformation function',
  failedDefault: 'Transformation failed',
  tooLargeAdvice: ' Try taking a new photo or using a smaller image.',
  aiAdvice: ' This might be due to the image content or temporary service issues.',
  exception: 'Failed to transform image',
  notStarted: 'Transformation not started yet. Please try again in a moment.',
  emailFailed: 'Failed to save email. Please try again.',
  failedRetry: 'Transformation failed. Please try again.',
  timedOut: 'Transformation is taking longer than expected. Please try again.',
  notFound: 'This artwork could not be found. Please choose a style and transform your photo again.',
  styleUnavailable: 'This style is not available right now. Please choose another style.',
} as const;

/** `POST /api/transformations`: the route parses with it, the web client sends its input. */
export const startTransformationSchema = z.object({
  imageId: z.uuid({ message: TRANSFORMATION_MESSAGES.originalNotFound }),
  styleId: z.uuid({ message: TRANSFORMATION_MESSAGES.selectStyle }),
  email: z
    .email({ message: INVALID_EMAIL_MESSAGE })
    .optional()
    .or(z.literal('').transform(() => undefined)),
  /** The visitor's answer to the gallery question; left out, the shop's default (Settings). */
  galleryConsent: z.boolean().optional(),
});

export type StartTransformationRequest = z.input<typeof startTransformationSchema>;
export type ParsedStartTransformationRequest = z.output<typeof startTransformationSchema>;

/** `PATCH /api/transformations/:id/email`. */
export const updateEmailSchema = z.object({
  email: emailAddress(INVALID_EMAIL_MESSAGE),
});

export const STAGE_COMPLETE = 'Transformation complete!';

/** The stage text for a progress value (storefront §4). */
export function stageFor(progress: number): string {
  if (progress >= 100) return STAGE_COMPLETE;
  if (progress > 80) return 'Finalizing artwork...';
  if (progress > 60) return 'Refining details...';
  if (progress > 40) return 'Applying artistic style...';
  if (progress > 20) return 'Analyzing your image...';
  return 'Preparing your photo...';
}

/** One step of the simulated curve. */
export function nextSimulatedProgress(current: number, random: () => number = Math.random): number {
  const { minStep, maxStep, cap } = SIMULATED_PROGRESS;
  const step = minStep + Math.floor(random() * (maxStep - minStep + 1));
  return Math.min(cap, current + step);
}

/**
 * The error a start request answered with, as the visitor sees it (storefront §8): 413 is
 * 'too large', no message is 'Failed to call transformation function', and any other message
 * is built like a failed transformation's, keeping the advice the spec appends to it.
 */
export function startErrorMessage(error: string | undefined): string {
  if (!error?.trim()) return TRANSFORMATION_MESSAGES.callFailed;
  return failureMessage(error);
}

/** A failed transformation's message, with the advice the spec adds (storefront §8). */
export function failureMessage(error: string | null | undefined): string {
  let message: string = error?.trim() || TRANSFORMATION_MESSAGES.failedDefault;
  if (/payload too large|413/i.test(message)) message = TRANSFORMATION_MESSAGES.tooLarge;
  else if (/too large/i.test(message)) message += TRANSFORMATION_MESSAGES.tooLargeAdvice;
  if (message.includes('AI transformation failed')) message += TRANSFORMATION_MESSAGES.aiAdvice;
  return message;
}

export type TransformationStatus = 'processing' | 'completed' | 'failed';

export interface TransformationState {
  success: true;
  transformationId: string;
  /** The photo and style it was made from, so a link to the artwork restores all three. */
  imageId: string;
  styleId: string | null;
  status: TransformationStatus;
  publicUrl: string | null;
  /** 0..100, from the job; null while the engine reports none. */
  progress: number | null;
  stage: string;
  error: string | null;
  /** The original photo, for the before/after comparison. */
  originalUrl: string | null;
  width: number | null;
  height: number | null;
  /** Smaller copies of the artwork for `srcset`; empty until completed and on older artworks. */
  renditions: Rendition[];
  /** Whether its maker agreed to show it in the shop's gallery (issue 34). */
  galleryConsent: boolean;
  /** While it waits for a free render engine: its place in line; null once it renders. */
  queue?: QueuePlace | null;
}

export interface QueuePlace {
  /** 1: the next to start. */
  place: number;
  /** Seconds until the artwork should be ready, from the shop's recent render times; null before any. */
  estimateSeconds: number | null;
}

/** What the visitor reads while the artwork waits its turn. */
export function queueMessage({ place, estimateSeconds }: QueuePlace): string {
  const where = place === 1 ? 'Your artwork is next in line' : `Your artwork is number ${place} in line`;
  if (estimateSeconds == null) return `${where}.`;
  const about =
    estimateSeconds < 60
      ? `${Math.max(5, Math.ceil(estimateSeconds / 5) * 5)} seconds`
      : `${Math.ceil(estimateSeconds / 60)} minute${Math.ceil(estimateSeconds / 60) === 1 ? '' : 's'}`;
  return `${where}: ready in about ${about}.`;
}
