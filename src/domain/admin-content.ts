/**
 * Content Management (admin §2 Content Management, §4, §5, §6, §8, §9) and the hero it
 * shows on Home (storefront §2).
 */
import { z } from 'zod';
import { GALLERY_HOMEPAGE_PAIRS } from './gallery.js';

export const UPLOAD_MAX_BYTES = 10 * 1024 * 1024;
export const EXAMPLE_LIST_LIMIT = 10;
export const HOMEPAGE_EXAMPLES_MAX = GALLERY_HOMEPAGE_PAIRS;
export const HERO_RECOMMENDED_SIZE = '1920x1080';

export const CONTENT_MESSAGES = {
  heroSaved: 'Hero section saved',
  heroSaveFailed: 'Failed to save hero section',
  heroImageUploaded: 'Background image uploaded',
  heroImageRequired: 'Please select an image first',
  heroImageTooLarge: 'Image size must be less than 10MB',
  headlineRequired: 'Headline is required',
  notAnImage: 'The file must be an image',
} as const;

export const EXAMPLE_MESSAGES = {
  loadFailed: 'Failed to load example transformations',
  homepageUpdateFailed: 'Failed to update homepage examples',
  homepageUpdated: 'Updated homepage examples',
  uploaded: 'Example transformation uploaded successfully',
  uploadFailed: 'Failed to upload example transformation',
  uploadError: 'An error occurred while uploading',
  bothRequired: 'Please select both original and transformed images',
  originalTooLarge: 'Original image size must be less than 10MB',
  transformedTooLarge: 'Transformed image size must be less than 10MB',
  transformedNotAnImage: 'The transformed file must be an image',
  cannotDeleteHomepage: "Cannot delete an example that's currently on the homepage",
  deleteConfirmation: 'Are you sure you want to delete this example? This action cannot be undone.',
  deleted: 'Example deleted',
  deleteFailed: 'Failed to delete example',
  replaceConfirmation: `You can only have ${HOMEPAGE_EXAMPLES_MAX} examples on the homepage. Do you want to replace the oldest example with this new one?`,
  replaceConfirm: 'Update Examples',
  tooMany: `You can only have ${HOMEPAGE_EXAMPLES_MAX} examples on the homepage.`,
  notFound: 'Example not found',
  notSignedIn: 'You must be logged in to manage example transformations.',
  notAdmin: 'Only administrators can manage example transformations.',
  sessionExpired: 'Your session has expired. Please log in again.',
  retryAuth: 'Retry Authentication Check',
  empty: 'No example transformations yet. Upload a pair above.',
} as const;

/** What Home shows above the upload control; the defaults are the shop's first words. */
export interface HeroContent {
  headline: string;
  subheadline: string;
  /** A public storage key under `content/`, or null for the plain background. */
  backgroundImagePath: string | null;
}

export interface HeroView extends HeroContent {
  backgroundImageUrl: string | null;
}

export const DEFAULT_HERO: HeroContent = {
  headline: 'Turn your travel photos into personal artwork',
  subheadline:
    'Upload a photo from your travels, choose an art style, and see it on mugs, posters, canvas and shirts — printed and shipped to your door, supporting local artists in the places you travelled.',
  backgroundImagePath: null,
};

export const heroSchema = z.object({
  headline: z.string().trim().min(1, CONTENT_MESSAGES.headlineRequired).max(160),
  subheadline: z.string().trim().max(600),
  backgroundImagePath: z
    .string()
    .regex(/^content\/[a-z0-9][a-z0-9._-]*$/i)
    .nullable(),
});

/** PUT /api/admin/content */
export const contentUpdateSchema = z.object({ hero: heroSchema });

/** GET /api/admin/content */
export interface AdminContentView {
  hero: HeroView;
}

export interface UploadedContentImage {
  path: string;
  url: string;
}

/** An example pair as the content screen lists it (admin §3 Example pair). */
export interface AdminExamplePair {
  id: string;
  originalImageId: string;
  originalImageUrl: string;
  transformedImageUrl: string;
  isHomepageExample: boolean;
  createdAt: string;
}

export const homepageFlagSchema = z.object({
  isHomepageExample: z.boolean(),
  /** Confirmed by the owner: turn the oldest homepage example off to make room. */
  replaceOldest: z.boolean().default(false),
});

/** 409 from the homepage flag when the homepage is full and no replacement was confirmed. */
export const HOMEPAGE_FULL_CODE = 'homepage_full';
