/** Mockup and variant messages of the storefront (§4 Mockup validation status, §8, §9). */
import { z } from 'zod';
import type { Rendition } from './images.js';
import { ART_FITS, type ArtFit, type PrintCheck } from './placement.js';

export const BULK_CONCURRENT = 4;
export const BULK_PAUSE_MS = 500;
export const RETRY_AFTER_REFRESH_MS = 1_000;
export const UNAVAILABLE_TOAST_MS = 8_000;

export type ValidationStatus = 'pending' | 'validating' | 'valid' | 'invalid';

/** One view of a product carrying the artwork (storefront §3 Mockup). */
export interface MockupView {
  variant_id: number;
  placement: string;
  label: string;
  mockup_url: string;
  /** Renditions for `srcset`; empty for Printful's views and older mockups. */
  renditions: Rendition[];
  extra_mockups: string[];
  source: 'local' | 'printful';
  /** How the artwork sits in the print area on this view. */
  fit: ArtFit;
}

export interface MockupAnswer {
  success: boolean;
  mockups: MockupView[];
  /** Printful's mockups are still being made; asking again later may return them. */
  pending: boolean;
  error?: string;
  /** Per variant of the built-in catalog: its fit and whether this artwork prints sharp on it. */
  prints?: PrintCheck[];
}

export const MOCKUP_TEXT = {
  noArtwork: 'No artwork available for mockup generation',
  noneGenerated: 'No mockups were generated',
  validationFailed: (message: string) => `Validation failed: ${message}`,
  generationFailed: (message: string) => `Mockup generation failed: ${message}`,
  artworkInaccessible: 'Your artwork could not be accessed. Please try again.',
  timedOut: 'Mockup generation timed out. Please try again.',
  // The spec's sentence names the variant. A shopper knows it by the product's name (which
  // carries its size and colour), not by the provider's numeric id: the name is shown, the id
  // goes to the server's log.
  failedForVariant: (variantName: string) => `Failed to generate previews for variant ${variantName}`,
  someUnavailable: 'Some variants are unavailable, but generating previews for available options.',
  productUpdated: 'Product data updated, retrying preview generation...',
  retrying: (product: string) => `Retrying mockup generation for ${product}`,
  unableToRetry: 'Unable to retry mockup generation',
  previewUnavailableTitle: 'Preview with your artwork unavailable',
  previewUnavailableText:
    'The product is valid but mockup generation failed. Your artwork will be applied during production.',
  failedToLoadProducts: 'Failed to load products',
  requestTimedOut: 'Request timed out. Try generating manually.',
  variantUnavailable: (reason: string) => `Variant unavailable: ${reason}`,
  noDetails: 'Variant no longer available - no details provided',
  generationTimedOut: 'Generation timed out. Try again manually.',
  generationFailedShort: (message: string) => `Generation failed: ${message}`,
  mockupGenerationFailed: 'Mockup generation failed',
  /** Ours: a call that failed without words for the shopper (a proxy's page, no connection). */
  somethingWentWrong: 'Something went wrong. Please try again.',
  mayTakeAMinute: 'Mockup generation may take up to 60 seconds.',
} as const;

/** The message a failed mockup generation shows (storefront §8); `variantName` is the product's name. */
export function mockupErrorMessage(error: string, variantName: string): string {
  if (error.includes('artwork is not accessible')) return MOCKUP_TEXT.artworkInaccessible;
  if (error.includes('timed out')) return MOCKUP_TEXT.timedOut;
  return MOCKUP_TEXT.failedForVariant(variantName);
}

export const MOCKUP_MESSAGES = {
  noArtwork: 'No artwork available for mockup generation',
  noneGenerated: 'No mockups were generated',
} as const;

/** `POST /api/mockups`: the route parses with it, the web client sends its input. */
export const generateMockupsSchema = z.object({
  transformationId: z.uuid({ message: MOCKUP_MESSAGES.noArtwork }),
  variant_ids: z.array(z.coerce.number().int().positive()).min(1).max(50),
  /** The visitor's choice in the preview; left out, each product's own default. */
  fit: z.enum(ART_FITS as [ArtFit, ...ArtFit[]]).optional(),
});

export type GenerateMockupsRequest = z.input<typeof generateMockupsSchema>;
export type ParsedGenerateMockupsRequest = z.output<typeof generateMockupsSchema>;
