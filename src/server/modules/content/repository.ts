/**
 * The content module's queries: the hero's site_content row, and the example pairs and the
 * gallery, read from image_transformations and images. (The artworks of the admin's example
 * pairs are written by the transformations module, which owns image_transformations.)
 */
import { and, asc, desc, eq, isNotNull } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { image_transformations, images, site_content, styles } from '../../db/schema.js';

export type { StoredRendition } from '../../db/schema.js';
export type TransformationRow = typeof image_transformations.$inferSelect;
export type ImageRow = typeof images.$inferSelect;
export type PairRow = { transformation: TransformationRow; image: ImageRow };

// ---------------------------------------------------------------- the hero

export async function findSiteContent(db: Database, key: string): Promise<unknown> {
  const [row] = await db.select().from(site_content).where(eq(site_content.key, key));
  return row?.value;
}

export async function saveSiteContent(db: Database, key: string, value: unknown): Promise<void> {
  await db
    .insert(site_content)
    .values({ key, value })
    .onConflictDoUpdate({ target: site_content.key, set: { value, updated_at: new Date() } });
}

// ---------------------------------------------------------------- the gallery

/** The homepage example pairs the gallery shows: public, agreed, finished, oldest first. */
export async function listHomepagePairs(db: Database, limit: number): Promise<PairRow[]> {
  return db
    .select({ transformation: image_transformations, image: images })
    .from(image_transformations)
    .innerJoin(images, eq(images.id, image_transformations.image_id))
    .where(
      and(
        eq(image_transformations.is_homepage_example, true),
        eq(image_transformations.is_public, true),
        eq(image_transformations.gallery_consent, true),
        eq(image_transformations.status, 'completed'),
      ),
    )
    .orderBy(asc(image_transformations.created_at))
    .limit(limit);
}

/** The newest public, agreed, finished artworks with their style's name. */
export async function listRecentPublic(
  db: Database,
  limit: number,
): Promise<Array<{ transformation: TransformationRow; styleName: string | null }>> {
  return db
    .select({ transformation: image_transformations, styleName: styles.name })
    .from(image_transformations)
    .innerJoin(images, eq(images.id, image_transformations.image_id))
    .leftJoin(styles, eq(styles.id, image_transformations.style_id))
    .where(
      and(
        eq(image_transformations.is_public, true),
        eq(image_transformations.gallery_consent, true),
        eq(image_transformations.status, 'completed'),
      ),
    )
    .orderBy(desc(image_transformations.created_at))
    .limit(limit);
}

// ---------------------------------------------------------------- the admin's example pairs

/** The homepage examples first, then the newest finished artworks. */
export async function listExamplePairs(db: Database, limit: number): Promise<PairRow[]> {
  return db
    .select({ transformation: image_transformations, image: images })
    .from(image_transformations)
    .innerJoin(images, eq(images.id, image_transformations.image_id))
    .where(and(eq(image_transformations.status, 'completed'), isNotNull(image_transformations.storage_path)))
    .orderBy(desc(image_transformations.is_homepage_example), desc(image_transformations.created_at))
    .limit(limit);
}
