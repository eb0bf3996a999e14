/**
 * The queries of the transformations module's data tools and event streams: removing
 * artworks for good, a customer's erasure, and the watcher's one read of every watched
 * row. (Apart from repository.ts, which the render path uses.)
 */
import {
  and,
  asc,
  count,
  desc,
  eq,
  gte,
  ilike,
  inArray,
  isNotNull,
  isNull,
  lt,
  notInArray,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import { UNKNOWN_STYLE_FILTER, type TransformationFilters } from '../../../domain/admin-transformations.js';
import type { Database, Transaction } from '../../db/client.js';
import { hasRow } from '../../db/has-row.js';
import { image_transformations, images, mockups, order_items, orders, styles } from '../../db/schema.js';
import { findTransformationWithSources } from './repository.js';

// ---------------------------------------------------------------- the event streams' watcher

/** What a watched transformation's event stream shows, for these rows. */
export function listProgress(db: Database, ids: string[]) {
  return db
    .select({
      id: image_transformations.id,
      status: image_transformations.status,
      progress: image_transformations.progress,
      error: image_transformations.error,
      storage_path: image_transformations.storage_path,
    })
    .from(image_transformations)
    .where(inArray(image_transformations.id, ids));
}

// ---------------------------------------------------------------- removal

/** The first order that needs this artwork: it names the transformation or its print file. */
export async function orderNeeding(
  db: Database | Transaction,
  row: { id: string; print_file_path: string | null },
): Promise<string | undefined> {
  const [item] = await db
    .select({ orderId: order_items.order_id })
    .from(order_items)
    .where(
      row.print_file_path
        ? or(eq(order_items.transformation_id, row.id), eq(order_items.print_file_path, row.print_file_path))
        : eq(order_items.transformation_id, row.id),
    )
    .limit(1);
  return item?.orderId;
}

/** Takes the transaction-scoped advisory lock `key`. */
export async function lockWithin(tx: Transaction, key: number): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${key})`);
}

/** The transformation, its row locked for the transaction. */
export async function findTransformationForUpdate(tx: Transaction, id: string) {
  const [row] = await tx.select().from(image_transformations).where(eq(image_transformations.id, id)).for('update');
  return row;
}

/** The stored files of the artwork's mockups. */
export function listMockupFiles(db: Database, transformationId: string) {
  return db
    .select({ key: mockups.storage_path, renditions: mockups.renditions })
    .from(mockups)
    .where(eq(mockups.transformation_id, transformationId));
}

export async function deleteTransformation(db: Database, id: string): Promise<void> {
  await db.delete(image_transformations).where(eq(image_transformations.id, id));
}

/** Whether any artwork was made from this photo. */
export async function hasTransformationsOf(db: Database, imageId: string): Promise<boolean> {
  return hasRow(db, image_transformations, eq(image_transformations.image_id, imageId));
}

export async function deleteImage(db: Database, id: string) {
  const [image] = await db.delete(images).where(eq(images.id, id)).returning();
  return image;
}

// ---------------------------------------------------------------- Content's example pairs and the homepage flag

export type TransformationRow = typeof image_transformations.$inferSelect;
export type NewTransformation = typeof image_transformations.$inferInsert;

export async function insertTransformation(db: Database, values: NewTransformation): Promise<TransformationRow> {
  const [row] = await db.insert(image_transformations).values(values).returning();
  return row!;
}

export async function findTransformations(db: Database, ids: string[]): Promise<TransformationRow[]> {
  return ids.length ? db.select().from(image_transformations).where(inArray(image_transformations.id, ids)) : [];
}

export async function findTransformation(db: Database, id: string): Promise<TransformationRow | undefined> {
  const [row] = await db.select().from(image_transformations).where(eq(image_transformations.id, id));
  return row;
}

/** The ids of the homepage examples other than `ids`, oldest first. */
export async function listOtherHomepageExampleIds(db: Database, ids: string[]): Promise<string[]> {
  const rows = await db
    .select({ id: image_transformations.id })
    .from(image_transformations)
    .where(and(eq(image_transformations.is_homepage_example, true), notInArray(image_transformations.id, ids)))
    .orderBy(asc(image_transformations.created_at), asc(image_transformations.id));
  return rows.map((row) => row.id);
}

/** Sets the homepage flag; an example is shown on Home, so setting it also makes it public. */
export async function setHomepageFlag(db: Database, ids: string[], isHomepageExample: boolean): Promise<void> {
  await db
    .update(image_transformations)
    .set(isHomepageExample ? { is_homepage_example: true, is_public: true } : { is_homepage_example: false })
    .where(inArray(image_transformations.id, ids));
}

export async function isTransformationOrdered(db: Database, id: string): Promise<boolean> {
  return hasRow(db, order_items, eq(order_items.transformation_id, id));
}

// ---------------------------------------------------------------- a customer's erasure

/** The artworks that carry this e-mail (lower-case), with their photos. */
export function listTransformationsByEmail(db: Database, email: string) {
  return db
    .select({ id: image_transformations.id, imageId: image_transformations.image_id })
    .from(image_transformations)
    .where(sql`lower(${image_transformations.email}) = ${email}`);
}

/** The artworks ordered by this e-mail (lower-case). */
export function listOrderedTransformations(db: Database, email: string) {
  return db
    .select({ id: order_items.transformation_id })
    .from(order_items)
    .innerJoin(orders, eq(orders.id, order_items.order_id))
    .where(sql`lower(${orders.customer_email}) = ${email}`);
}

/** Every artwork made from these photos. */
export async function listTransformationsOfImages(db: Database, imageIds: string[]) {
  return imageIds.length
    ? db
        .select({ id: image_transformations.id })
        .from(image_transformations)
        .where(inArray(image_transformations.image_id, imageIds))
    : [];
}

/** What the owner is shown of each artwork: its photo's file name, when it was made, its file. */
export async function listErasureDetails(db: Database, ids: string[]) {
  return ids.length
    ? db
        .select({
          id: image_transformations.id,
          fileName: images.file_name,
          createdAt: image_transformations.created_at,
          storagePath: image_transformations.storage_path,
        })
        .from(image_transformations)
        .innerJoin(images, eq(images.id, image_transformations.image_id))
        .where(inArray(image_transformations.id, ids))
    : [];
}

/** Takes the e-mail off these artworks. */
export async function clearEmail(db: Database, ids: string[]): Promise<void> {
  await db.update(image_transformations).set({ email: null }).where(inArray(image_transformations.id, ids));
}

// ---------------------------------------------------------------- the admin's feed

export type FeedRow = {
  transformation: typeof image_transformations.$inferSelect;
  image: typeof images.$inferSelect;
  styleName: string | null;
};
export type ImageRow = typeof images.$inferSelect;

/** `%` and `_` in a file name are letters to the owner, not wildcards. */
const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

const dayStart = (date: string) => new Date(`${date}T00:00:00.000Z`);
const dayAfter = (date: string) => new Date(dayStart(date).getTime() + 86_400_000);

function filterConditions(filters: TransformationFilters): SQL[] {
  const conditions: SQL[] = [];
  if (filters.search) conditions.push(ilike(images.file_name, likePattern(filters.search)));
  if (filters.style_id === UNKNOWN_STYLE_FILTER) conditions.push(isNull(image_transformations.style_id));
  else if (filters.style_id) conditions.push(eq(image_transformations.style_id, filters.style_id));
  if (filters.homepage) conditions.push(eq(image_transformations.is_homepage_example, filters.homepage === 'true'));
  // Whole days in UTC: 'to' includes the day it names.
  if (filters.from) conditions.push(gte(image_transformations.created_at, dayStart(filters.from)));
  if (filters.to) conditions.push(lt(image_transformations.created_at, dayAfter(filters.to)));
  return conditions;
}

/** One page of the feed the filters keep, newest first, with how many they keep in all. */
export async function listFeedPage(
  db: Database,
  filters: TransformationFilters,
  page: { offset: number; limit: number },
) {
  const where = and(...filterConditions(filters));
  const [rows, [{ total }]] = await Promise.all([
    db
      .select({ transformation: image_transformations, image: images, styleName: styles.name })
      .from(image_transformations)
      .innerJoin(images, eq(images.id, image_transformations.image_id))
      .leftJoin(styles, eq(styles.id, image_transformations.style_id))
      .where(where)
      .orderBy(desc(image_transformations.created_at), desc(image_transformations.id))
      .limit(page.limit)
      .offset(page.offset),
    db
      .select({ total: count() })
      .from(image_transformations)
      .innerJoin(images, eq(images.id, image_transformations.image_id))
      .where(where),
  ]);
  return { rows, total };
}

export async function findFeedRow(db: Database, id: string): Promise<FeedRow | undefined> {
  const row = await findTransformationWithSources(db, id);
  return row && { transformation: row.transformation, image: row.image, styleName: row.style?.name ?? null };
}

/** The gallery switches of these artworks. */
export function listVisibility(db: Database, ids: string[]) {
  return db
    .select({
      id: image_transformations.id,
      is_public: image_transformations.is_public,
      is_homepage_example: image_transformations.is_homepage_example,
    })
    .from(image_transformations)
    .where(inArray(image_transformations.id, ids));
}

/** Hides the artworks from the gallery (and Home: no longer examples), or shows them again. */
export async function setHidden(db: Database, ids: string[], hidden: boolean): Promise<void> {
  await db
    .update(image_transformations)
    .set(hidden ? { is_public: false, is_homepage_example: false } : { is_public: true })
    .where(inArray(image_transformations.id, ids));
}

// ---------------------------------------------------------------- the backfill

/** Every artwork file a transformation row names. */
export function listRecordedArtworkKeys(db: Database) {
  return db
    .select({ key: image_transformations.storage_path })
    .from(image_transformations)
    .where(isNotNull(image_transformations.storage_path));
}

/** Every photo, with what the backfill matches an artwork file on. */
export function listImagesForBackfill(db: Database) {
  return db
    .select({
      id: images.id,
      file_name: images.file_name,
      storage_path: images.storage_path,
      user_id: images.user_id,
      created_at: images.created_at,
    })
    .from(images);
}

export function listStyleNames(db: Database) {
  return db.select({ id: styles.id, name: styles.name, engine: styles.engine }).from(styles);
}

export interface BackfillRecord {
  storage_path: string;
  image_id: string;
  style_id: string | null;
  user_id: string | null;
  created_at: Date;
}

/**
 * Recreates completed transformation rows for artwork files, under the advisory lock `lock`,
 * leaving out files another backfill recreated meanwhile; returns how many it wrote.
 */
export async function insertBackfilledRecords(db: Database, lock: number, records: BackfillRecord[]): Promise<number> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${lock})`);
    // Another backfill may have recreated some of these while this one was matching.
    const taken = await tx
      .select({ key: image_transformations.storage_path })
      .from(image_transformations)
      .where(
        inArray(
          image_transformations.storage_path,
          records.map((record) => record.storage_path),
        ),
      );
    const takenKeys = new Set(taken.map((row) => row.key));
    const fresh = records.filter((record) => !takenKeys.has(record.storage_path));
    if (fresh.length === 0) return 0;
    const rows = await tx
      .insert(image_transformations)
      .values(
        fresh.map((record) => ({
          ...record,
          status: 'completed' as const,
          progress: 100,
          completed_at: record.created_at,
        })),
      )
      .returning({ id: image_transformations.id });
    return rows.length;
  });
}
