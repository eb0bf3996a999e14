/**
 * The home page gallery's three levels (storefront §2 Home): up to 2 homepage example
 * pairs, else up to 4 recent public transformations, else the 2 built-in static pairs.
 * Only artworks whose makers agreed are shown, and never one the owner hid.
 */
import {
  CUSTOM_STYLE,
  GALLERY_HOMEPAGE_PAIRS,
  GALLERY_RECENT_ITEMS,
  type ExamplePair,
  type Gallery,
  type RecentItem,
} from '../../../domain/gallery.js';
import type { AppContext } from '../../context.js';
import { publicRenditions } from '../../infra/renditions.js';
import { StorageError } from '../../infra/storage/index.js';
import {
  STATIC_EXAMPLE_PAIRS,
  STATIC_EXAMPLE_RENDITIONS_KEY,
  type StaticExampleRenditions,
} from './static-examples.js';
import * as repository from './repository.js';

export async function homepagePairs(context: AppContext): Promise<ExamplePair[]> {
  const rows = await repository.listHomepagePairs(context.db, GALLERY_HOMEPAGE_PAIRS);
  return rows.map(({ transformation, image }) => ({
    id: transformation.id,
    originalImageId: image.id,
    originalImageUrl: context.storage.publicUrl(image.display_path),
    originalRenditions: [],
    transformedImageUrl: context.storage.publicUrl(transformation.storage_path!),
    transformedRenditions: publicRenditions(context.storage, transformation.renditions),
    isHomepageExample: true,
    createdAt: transformation.created_at.toISOString(),
  }));
}

export async function recentTransformations(context: AppContext): Promise<RecentItem[]> {
  const rows = await repository.listRecentPublic(context.db, GALLERY_RECENT_ITEMS);
  return rows.map(({ transformation, styleName }) => ({
    id: transformation.id,
    imageUrl: context.storage.publicUrl(transformation.storage_path!),
    renditions: publicRenditions(context.storage, transformation.renditions),
    styleName: styleName || CUSTOM_STYLE,
    createdAt: transformation.created_at.toISOString(),
  }));
}

export async function staticPairs(context: AppContext): Promise<ExamplePair[]> {
  const renditions = await staticExampleRenditions(context);
  return STATIC_EXAMPLE_PAIRS.map((pair) => ({
    id: pair.id,
    originalImageId: null,
    originalImageUrl: context.storage.publicUrl(pair.originalKey),
    originalRenditions: publicRenditions(context.storage, renditions[pair.originalKey]),
    transformedImageUrl: context.storage.publicUrl(pair.artworkKey),
    transformedRenditions: publicRenditions(context.storage, renditions[pair.artworkKey]),
    isHomepageExample: false,
    createdAt: pair.createdAt,
  }));
}

/** The renditions the seed listed; none before it has (a test shop started without the seed). */
async function staticExampleRenditions(context: AppContext): Promise<StaticExampleRenditions> {
  try {
    return JSON.parse((await context.storage.get(STATIC_EXAMPLE_RENDITIONS_KEY)).toString('utf8'));
  } catch (error) {
    if (error instanceof StorageError && error.code === 'not_found') return {};
    throw error;
  }
}

export async function loadGallery(context: AppContext): Promise<Gallery> {
  const pairs = await homepagePairs(context);
  if (pairs.length > 0) return { source: 'homepage', pairs, recent: [] };
  const recent = await recentTransformations(context);
  if (recent.length > 0) return { source: 'recent', pairs: [], recent };
  return { source: 'static', pairs: await staticPairs(context), recent: [] };
}
