/** The home page gallery (storefront §2 Home, §9): views shared by server and web. */
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
