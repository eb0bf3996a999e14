/** The home page gallery (storefront §2 Home, §9): views shared by server and web. */
import { z } from 'zod';
import type { Rendition } from './images.js';

export const GALLERY_HOMEPAGE_PAIRS = 2;
export const GALLERY_RECENT_ITEMS = 4;

export interface ExamplePair {
  id: string;
  originalImageId: string | null;
  originalImageUrl: string;
  /** The original's renditions for `srcset`; only built-in pairs have them (an uploaded original has none). */
  originalRenditions: Rendition[];
  transformedImageUrl: string;
  /** The artwork's renditions for `srcset`; empty for artworks made before they existed. */
  transformedRenditions: Rendition[];
  isHomepageExample: boolean;
  createdAt: string;
}

/**
 * A recent artwork on Home. The spec's view also carried the visitor's file name
 * (`originalName`); a file name can name a person or a place, so the public gallery never
 * shows it: the style and the date say enough.
 */
export interface RecentItem {
  id: string;
  imageUrl: string;
  /** Renditions for `srcset`; empty for artworks made before they existed. */
  renditions: Rendition[];
  styleName: string;
  createdAt: string;
}

/** Which level of the three-level fallback filled the gallery. */
export type GallerySource = 'homepage' | 'recent' | 'static';

export interface Gallery {
  source: GallerySource;
  pairs: ExamplePair[];
  recent: RecentItem[];
}

export const CUSTOM_STYLE = 'Custom Style';

/**
 * The visitor's say over the public gallery (ours; issue 34). An artwork is shown on Home
 * only when its maker agreed, before it was made, and until they take it back from the
 * artwork's own link or the order's page. The owner's default only sets where the switch
 * starts; the owner's hide still wins over a yes.
 */
export const GALLERY_CONSENT_TEXT = {
  label: 'Show my artwork in the shop’s gallery',
  hint: 'Other visitors may see the artwork (not your photo’s name, place or camera details) on the home page. You can change this later from the artwork’s link or your order page.',
  shown: 'Your artwork may appear in the shop’s gallery.',
  notShown: 'Your artwork is private: it is not shown in the shop’s gallery.',
  withdraw: 'Remove from the gallery',
  allow: 'Show in the gallery',
  withdrawn: 'Your artwork was removed from the shop’s gallery.',
  allowed: 'Your artwork may now appear in the shop’s gallery.',
  changeFailed: 'We could not change this. Please try again.',
  notYours:
    'Only the browser that made this artwork, or its order page, can change whether it is shown in the gallery.',
} as const;

/** PUT /api/transformations/:id/gallery: the maker's choice; an order id proves it as the edit token does. */
export const galleryConsentSchema = z.object({
  consent: z.boolean({ error: 'Say whether the artwork may be shown' }),
  orderId: z.uuid().optional(),
});
export type GalleryConsentUpdate = z.infer<typeof galleryConsentSchema>;

/** The shop's own settings the storefront reads (GET /api/site). */
export interface SiteView {
  siteName: string;
  supportEmail: string;
  /** Where the gallery switch starts before an artwork is made (admin Settings). */
  galleryConsentDefault: boolean;
}
