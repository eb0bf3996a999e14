/**
 * The Transformations screen and the data tools (admin §2 Transformations and Settings' EXIF
 * card, §3, §4, §5, §8, §9): the feed's filters, views and messages, shared by server and web.
 */
import { z } from 'zod';
import { emailAddress } from './email-address.js';

export const TRANSFORMATIONS_PAGE_SIZE = 20;
export const PAGE_LINKS = 5;
export const FEED_SKELETON_CARDS = 6;
export const SEARCH_DEBOUNCE_MS = 300;
/** EXIF backfill: images re-read per batch, the pause between batches, errors shown. */
export const EXIF_BATCH_SIZE = 10;
export const EXIF_BATCH_PAUSE_MS = 1000;
export const EXIF_ERRORS_SHOWN = 5;
/** Backfill analysis: missing records listed on screen. */
export const MISSING_SAMPLE_SIZE = 10;
/** Bulk actions take at most one screen's worth of pages at once. */
export const BULK_MAX_IDS = 200;
/** An artwork file made this many minutes after a photo was uploaded can be that photo's. */
export const BACKFILL_TIME_WINDOW_MINUTES = 60;
/** Records inserted per statement when backfilling. */
export const BACKFILL_INSERT_BATCH = 100;

export const UNKNOWN_STYLE = 'Unknown Style';
/** The style filter's value for artworks whose style is gone or was never set. */
export const UNKNOWN_STYLE_FILTER = 'unknown';

export const TRANSFORMATION_MESSAGES = {
  homepageUpdateFailed: 'Failed to update homepage example status',
  deleteFailed: 'Failed to delete transformation',
  deleted: 'Transformation deleted successfully',
  removedFromHomepage: 'Removed from homepage examples',
  setAsHomepage: 'Set as homepage example',
  originalLoadFailed: 'Failed to load original image',
  transformedLoadFailed: 'Failed to load transformed image',
  bulkDeleted: (n: number) => `Successfully deleted ${n} transformation(s)`,
  bulkDeleteFailedCount: (n: number) => `Failed to delete ${n} transformation(s)`,
  bulkSet: (n: number) => `Successfully set ${n} homepage example(s)`,
  bulkRemoved: (n: number) => `Successfully removed ${n} homepage example(s)`,
  bulkUpdateFailedCount: (n: number) => `Failed to update ${n} transformation(s)`,
  bulkDeleteFailed: 'Failed to delete transformations',
  bulkHomepageFailed: 'Failed to update homepage examples',
  noChanges: 'No changes needed - items already in desired state',
  hidden: 'Hidden from the public gallery',
  shown: 'Shown in the public gallery',
  bulkHidden: (n: number) => `Hidden ${n} transformation(s) from the gallery`,
  bulkShown: (n: number) => `Showing ${n} transformation(s) in the gallery`,
  visibilityFailed: 'Failed to update gallery visibility',
  empty: 'No transformations found',
  emptyHint: 'Try adjusting your filters or search terms.',
  loadError: (message: string) => `Error loading transformations: ${message}`,
  deleteConfirmation: 'Are you sure you want to delete this transformation? This action cannot be undone.',
  bulkDeleteConfirmation: (n: number) =>
    `Are you sure you want to delete ${n} transformation(s)? This action cannot be undone.`,
  notFound: 'Transformation not found',
  neededByOrder: (orderId: string) =>
    `This artwork is part of order ${orderId.slice(0, 8)} and cannot be deleted: the order needs its files.`,
  cannotDeleteHomepage: "Cannot delete an example that's currently on the homepage",
  noArtwork: 'This artwork is not finished, so it cannot be a homepage example',
  noConsent: 'Its maker did not agree to show this artwork in the gallery, so it cannot be a homepage example',
  notShared: 'Private (its maker said no)',
  hideExampleTitle: 'Hide this homepage example?',
  hideExampleConfirmation:
    'This artwork is one of the examples on the home page. Hiding it from the gallery also removes it from the homepage examples; Home then shows the other examples, or recent artworks.',
  hideExampleAction: 'Hide and remove example',
  hiddenAndRemoved: 'Hidden from the public gallery and removed from the homepage examples',
  examplesRemovedByHiding: (n: number) =>
    `${n} of them ${n === 1 ? 'was a homepage example and was' : 'were homepage examples and were'} removed from Home`,
  dateRangeInvalid: 'From Date cannot be after To Date',
} as const;

export const BACKFILL_MESSAGES = {
  analysisFailed: 'Analysis failed',
  backfillFailed: 'Backfill failed',
  exifFailed: (message: string) => `Backfill failed: ${message}`,
  exifNoData: 'No data returned from backfill function',
  exifResumeFailed: (message: string) => `Resume failed: ${message}`,
  exifCompleted: (successful: number, noExif: number, failed: number) =>
    `EXIF backfill completed! ${successful} image(s) updated, ${noExif} without EXIF, ${failed} failed.`,
  exifPaused: 'Backfill paused. You can resume from where it left off.',
  moreErrors: (n: number) => `... and ${n} more errors`,
  fileMissing: 'the original file is missing from storage',
  customerEmailRequired: 'Enter the customer’s e-mail address',
  erasureTitle: 'Erase a customer’s data',
  erasureDescription:
    'Finds every photo and artwork tied to an e-mail address. Preview first: nothing changes until you erase. Artworks an order still needs are kept (the order must stay printable), with the e-mail taken off them.',
  erasureNothing: (email: string) => `Nothing is kept for ${email}.`,
  erasureConfirmTitle: (email: string) => `Erase ${email}?`,
  erasureConfirmation: (n: number) =>
    `${n} artwork(s) and their photos, print files and mockups will be deleted for good. This action cannot be undone.`,
  erased: (n: number) => `Erased ${n} artwork(s)`,
  erasureFailed: 'Erasure failed',
} as const;

const isoDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Dates are YYYY-MM-DD')
  .refine((value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)), 'Dates are YYYY-MM-DD');

const emptyToUndefined = (value: unknown) => (value === '' || value === null ? undefined : value);

/** GET /api/admin/transformations: the spec's filters (§3) and the page. */
export const transformationFiltersSchema = z
  .object({
    search: z.preprocess(emptyToUndefined, z.string().trim().max(200).optional()),
    style_id: z.preprocess(emptyToUndefined, z.union([z.literal(UNKNOWN_STYLE_FILTER), z.uuid()]).optional()),
    homepage: z.preprocess(emptyToUndefined, z.enum(['true', 'false']).optional()),
    from: z.preprocess(emptyToUndefined, isoDate.optional()),
    to: z.preprocess(emptyToUndefined, isoDate.optional()),
    page: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).max(100_000).default(1)),
  })
  .refine((filters) => !filters.from || !filters.to || filters.from <= filters.to, {
    message: TRANSFORMATION_MESSAGES.dateRangeInvalid,
  });
export type TransformationFilters = z.infer<typeof transformationFiltersSchema>;

export const transformationPatchSchema = z
  .object({
    is_homepage_example: z.boolean().optional(),
    hidden_from_gallery: z.boolean().optional(),
    /** Confirmed by the owner: turn the oldest homepage example off to make room. */
    replace_oldest: z.boolean().default(false),
  })
  .refine((patch) => patch.is_homepage_example !== undefined || patch.hidden_from_gallery !== undefined, {
    message: 'Nothing to change',
  });

export const BULK_ACTIONS = ['set_examples', 'remove_examples', 'delete', 'hide', 'show'] as const;
export type BulkAction = (typeof BULK_ACTIONS)[number];

export const bulkSchema = z.object({
  ids: z.array(z.uuid()).min(1, 'Select at least one transformation').max(BULK_MAX_IDS),
  action: z.enum(BULK_ACTIONS),
  replace_oldest: z.boolean().default(false),
});

export interface BulkResult {
  succeeded: number;
  failed: number;
  unchanged: number;
  /** Why items failed, one line each (an order needs it, not found, …). */
  errors: string[];
  /** The spec's 'No changes needed …' when every item was already as asked. */
  message?: string;
}

/** Admin §3 EXIF data, grouped as the card shows it. */
export interface ExifData {
  camera: { make: string | null; model: string | null; serial: string | null };
  lens: { make: string | null; model: string | null };
  settings: {
    iso: number | null;
    aperture: number | null;
    shutterSpeed: string | null;
    focalLength: number | null;
    flashUsed: boolean | null;
  };
  location: { latitude: number | null; longitude: number | null; locationName: string | null };
  dateTaken: string | null;
  technical: { software: string | null; orientation: number | null };
}

/** Admin §3 Transformation (admin view), plus what our design adds: status and gallery visibility. */
export interface AdminTransformation {
  id: string;
  originalFileName: string;
  createdAt: string;
  styleId: string | null;
  styleName: string;
  originalImageUrl: string;
  /** Null while the artwork is being made, or when making it failed. */
  transformedImageUrl: string | null;
  status: 'processing' | 'completed' | 'failed';
  isHomepageExample: boolean;
  hiddenFromGallery: boolean;
  /** Its maker agreed to the gallery; without it the artwork is never shown on Home. */
  galleryConsent: boolean;
  exifData: ExifData | null;
}

export interface TransformationPage {
  items: AdminTransformation[];
  total: number;
  page: number;
  page_size: number;
}

/** Up to PAGE_LINKS page numbers around the current page (§2 Pagination). */
export function pageNumbers(current: number, totalPages: number, links = PAGE_LINKS): number[] {
  if (totalPages <= 0) return [];
  const count = Math.min(links, totalPages);
  const start = Math.min(Math.max(1, current - Math.floor(count / 2)), totalPages - count + 1);
  return Array.from({ length: count }, (_, index) => start + index);
}

export const totalPages = (total: number, pageSize = TRANSFORMATIONS_PAGE_SIZE) =>
  Math.max(1, Math.ceil(total / pageSize));

// ---- Data Backfill (§3 Backfill analysis summary and result) ----

export type MatchType = 'perfect' | 'time' | 'filename' | 'none';

export interface MissingTransformation {
  fileName: string;
  createdAt: string;
  analysis: {
    matchedStyle: string | null;
    matchedImage: string | null;
    timeDifferenceMinutes: number | null;
    matchType: MatchType;
  };
}

export interface BackfillAnalysis {
  summary: {
    totalTransformedFiles: number;
    existingRecords: number;
    missingRecords: number;
    originalImages: number;
    availableStyles: number;
  };
  missingTransformations: MissingTransformation[];
}

export interface BackfillResult {
  dryRun: boolean;
  matchStats: { perfectMatches: number; timeMatches: number; filenameMatches: number; noMatches: number };
  recordsToCreate: number;
  insertResults: Array<{ batch: number; records: number; inserted: number; error: string | null }>;
  preview: Array<{ storage_path: string; image_id: string; style_id: string | null; user_id: string | null }>;
}

export const backfillRequestSchema = z.discriminatedUnion('action', [
  z.object({ action: z.literal('analyze') }),
  z.object({ action: z.literal('backfill'), dryRun: z.boolean().default(true) }),
]);

export const exifBackfillRequestSchema = z.object({
  offset: z.coerce.number().int().min(0).default(0),
});

/** Admin §3 EXIF batch result. */
export interface ExifBatchResult {
  processed: number;
  successful: number;
  /** Read fine, but the photo carries no EXIF at all: nothing to fill in, nothing wrong. */
  noExif: number;
  failed: number;
  errors: string[];
  nextOffset: number;
  hasMore: boolean;
  remainingImages: number;
}

// ---- A customer's data, all at once (right to erasure) ----

export const customerErasureSchema = z.object({
  email: z
    .string()
    .trim()
    .pipe(emailAddress(BACKFILL_MESSAGES.customerEmailRequired))
    .transform((email) => email.toLowerCase()),
});

export interface CustomerErasureResult {
  email: string;
  /** True when nothing was changed: the list says what erasing would do. */
  dryRun: boolean;
  /** Each artwork found: removed (or to be), or kept because an order needs it. */
  artworks: Array<{
    id: string;
    fileName: string;
    createdAt: string;
    artworkUrl: string | null;
    keptForOrder: string | null;
  }>;
  removedTransformations: number;
  removedImages: number;
  removedFiles: string[];
  /** Artworks an order still needs: kept, with the customer's e-mail taken off them. */
  kept: Array<{ transformationId: string; orderId: string }>;
}
