/**
 * The hero section of Home (storefront §2), edited under Content Management (admin §2):
 * one JSON document in site_content; until the owner saves one, the shop's first words.
 */
import {
  CONTENT_MESSAGES,
  DEFAULT_HERO,
  heroSchema,
  type HeroContent,
  type HeroView,
  type UploadedContentImage,
} from '../../../domain/admin-content.js';
import type { AppContext } from '../../context.js';
import { notFound } from '../../http/errors.js';
import type { UploadedFile } from '../../http/uploads.js';
import { toPublicJpeg } from '../images/index.js';
import { timestampedName } from '../../infra/storage/index.js';
import * as repository from './repository.js';

const HERO_KEY = 'hero';
/** Large enough for a sharp 1920×1080 background on high-density screens, small enough to load fast. */
const HERO_BOX = { width: 2560, height: 1600, quality: 82 };

export async function readHero(context: AppContext): Promise<HeroContent> {
  const value = await repository.findSiteContent(context.db, HERO_KEY);
  const saved = value === undefined ? undefined : heroSchema.safeParse(value);
  return saved?.success ? saved.data : DEFAULT_HERO;
}

export function toHeroView(context: AppContext, hero: HeroContent): HeroView {
  return {
    ...hero,
    backgroundImageUrl: hero.backgroundImagePath ? context.storage.publicUrl(hero.backgroundImagePath) : null,
  };
}

export async function heroView(context: AppContext): Promise<HeroView> {
  return toHeroView(context, await readHero(context));
}

export async function saveHero(context: AppContext, hero: HeroContent): Promise<HeroView> {
  if (hero.backgroundImagePath && !(await context.storage.exists(hero.backgroundImagePath))) {
    throw notFound('The background image was not found; upload it again');
  }
  const before = await readHero(context);
  await repository.saveSiteContent(context.db, HERO_KEY, hero);
  if (before.backgroundImagePath && before.backgroundImagePath !== hero.backgroundImagePath) {
    await context.jobs.send('storage.delete', { key: before.backgroundImagePath });
  }
  return toHeroView(context, hero);
}

export async function storeHeroImage(context: AppContext, file: UploadedFile): Promise<UploadedContentImage> {
  const image = await toPublicJpeg(file.buffer, HERO_BOX, CONTENT_MESSAGES.notAnImage);
  const path = `content/hero-${timestampedName(file.fileName)}.jpg`;
  await context.storage.put(path, image.buffer, { contentType: 'image/jpeg', cacheSeconds: 86_400, overwrite: false });
  return { path, url: context.storage.publicUrl(path) };
}
