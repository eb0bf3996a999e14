/**
 * The data tools (admin §2 Data Backfill tab and Settings' EXIF card, §3 backfill summary
 * and result, EXIF batch result, §4 EXIF backfill) and a customer's erasure request.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { utimes } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import {
  EXIF_BATCH_SIZE,
  type BackfillAnalysis,
  type BackfillResult,
  type CustomerErasureResult,
  type ExifBatchResult,
} from '../../../domain/admin-transformations.js';
import { image_transformations, images, order_items, orders, styles } from '../../db/schema.js';
import { createAccount, SAME_ORIGIN, signInCookie } from '../../testing/admin-session.js';
import { addMockup, smallJpeg } from '../../testing/fixtures/orders.js';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { LocalStorage } from '../../infra/storage/index.js';
import { makePhoto, USHUAIA_EXIF } from '../../../testing/test-photos.js';

let shop: TestApp;
let cookie: string;

beforeAll(async () => {
  shop = await createTestApp();
  await createAccount(shop.context, 'owner@example.com', 'owner-password-1', 'admin');
  cookie = await signInCookie(shop.app, 'owner@example.com', 'owner-password-1');
});
afterAll(async () => shop?.close());

const post = (url: string, payload: object) =>
  shop.app.inject({ method: 'POST', url, headers: { cookie, origin: SAME_ORIGIN }, payload });
const exists = (key: string) => shop.context.storage.exists(key);

async function photoRow(options: { fileName: string; createdAt: Date; original?: Buffer; withFile?: boolean }) {
  const id = randomUUID();
  const original = options.original ?? (await smallJpeg());
  const storagePath = `original/${options.createdAt.getTime()}-${id}`;
  if (options.withFile !== false) await shop.context.storage.put(storagePath, original, { contentType: 'image/jpeg' });
  await shop.context.storage.put(`display/${id}.jpg`, await smallJpeg(), { contentType: 'image/jpeg' });
  const [row] = await shop.context.db
    .insert(images)
    .values({
      id,
      file_name: options.fileName,
      storage_path: storagePath,
      display_path: `display/${id}.jpg`,
      checksum: randomBytes(16).toString('hex'),
      mime_type: 'image/jpeg',
      byte_size: original.length,
      width: 64,
      height: 48,
      created_at: options.createdAt,
    })
    .returning();
  return row;
}

/** An artwork file in storage with no row, written at the given time. */
async function orphanFile(key: string, writtenAt: Date): Promise<void> {
  await shop.context.storage.put(key, await smallJpeg(), { contentType: 'image/jpeg' });
  await utimes((shop.context.storage as LocalStorage).pathOf(key), writtenAt, writtenAt);
}

describe('POST /api/admin/backfill/transformations: artwork files with no row', () => {
  const minutesAgo = (n: number) => new Date(Date.now() - n * 60_000);
  let recorded: string;
  let perfectPhoto: typeof images.$inferSelect;
  let oldPhoto: typeof images.$inferSelect;
  let latestPhoto: typeof images.$inferSelect;
  let watercolour: { id: string; name: string };

  beforeAll(async () => {
    [watercolour] = await shop.context.db
      .select({ id: styles.id, name: styles.name })
      .from(styles)
      .where(eq(styles.engine, 'watercolour'));
    oldPhoto = await photoRow({ fileName: 'Harbour Sunset.jpg', createdAt: new Date('2025-01-10T10:00:00Z') });
    perfectPhoto = await photoRow({ fileName: 'IMG_0001.jpg', createdAt: minutesAgo(30) });
    latestPhoto = await photoRow({ fileName: 'IMG_0002.jpg', createdAt: minutesAgo(10) });
    // One artwork with its row, as every artwork should be.
    recorded = `artworks/${randomUUID()}.jpg`;
    await shop.context.storage.put(recorded, await smallJpeg(), { contentType: 'image/jpeg' });
    await shop.context.db
      .insert(image_transformations)
      .values({ image_id: latestPhoto.id, status: 'completed', storage_path: recorded });
    // The orphans: named after a photo and made just after it; named only; made only just after; neither.
    await orphanFile(`artworks/${perfectPhoto.id}-watercolour.jpg`, minutesAgo(25));
    await orphanFile('artworks/harbour-sunset-stylized.jpg', new Date('2025-06-01T10:00:00Z'));
    await orphanFile('artworks/3f1c9a.jpg', minutesAgo(5));
    await orphanFile('artworks/lost.jpg', new Date('2020-01-01T00:00:00Z'));
  });

  it('analyzes: the summary, and each missing file matched by the perfect / filename / time / none rules', async () => {
    const response = await post('/api/admin/backfill/transformations', { action: 'analyze' });
    expect(response.statusCode).toBe(200);
    const analysis = response.json() as BackfillAnalysis;
    const styleCount = (await shop.context.db.select().from(styles)).length;
    expect(analysis.summary).toEqual({
      totalTransformedFiles: 5,
      existingRecords: 1,
      missingRecords: 4,
      originalImages: 3,
      availableStyles: styleCount,
    });
    const byFile = Object.fromEntries(analysis.missingTransformations.map((entry) => [entry.fileName, entry]));
    expect(byFile[`artworks/${perfectPhoto.id}-watercolour.jpg`].analysis).toEqual({
      matchType: 'perfect',
      matchedImage: 'IMG_0001.jpg',
      matchedStyle: watercolour.name,
      timeDifferenceMinutes: expect.closeTo(5, 0),
    });
    expect(byFile['artworks/harbour-sunset-stylized.jpg'].analysis).toMatchObject({
      matchType: 'filename',
      matchedImage: 'Harbour Sunset.jpg',
      matchedStyle: null,
    });
    expect(byFile['artworks/3f1c9a.jpg'].analysis).toMatchObject({ matchType: 'time', matchedImage: 'IMG_0002.jpg' });
    expect(byFile['artworks/3f1c9a.jpg'].analysis.timeDifferenceMinutes).toBeCloseTo(5, 0);
    expect(byFile['artworks/lost.jpg']).toEqual({
      fileName: 'artworks/lost.jpg',
      createdAt: '2020-01-01T00:00:00.000Z',
      analysis: { matchType: 'none', matchedImage: null, matchedStyle: null, timeDifferenceMinutes: null },
    });
  });

  it('a dry run counts and previews the records, and writes nothing', async () => {
    const before = (await shop.context.db.select().from(image_transformations)).length;
    const result = (
      await post('/api/admin/backfill/transformations', { action: 'backfill', dryRun: true })
    ).json() as BackfillResult;
    expect(result).toMatchObject({
      dryRun: true,
      matchStats: { perfectMatches: 1, timeMatches: 1, filenameMatches: 1, noMatches: 1 },
      recordsToCreate: 3,
      insertResults: [],
    });
    expect(result.preview).toContainEqual({
      storage_path: `artworks/${perfectPhoto.id}-watercolour.jpg`,
      image_id: perfectPhoto.id,
      style_id: watercolour.id,
      user_id: null,
    });
    expect(result.preview).toContainEqual({
      storage_path: 'artworks/harbour-sunset-stylized.jpg',
      image_id: oldPhoto.id,
      style_id: null,
      user_id: null,
    });
    expect((await shop.context.db.select().from(image_transformations)).length).toBe(before);
  });

  it('backfills the matched files as completed rows dated by the file, once', async () => {
    const result = (
      await post('/api/admin/backfill/transformations', { action: 'backfill', dryRun: false })
    ).json() as BackfillResult;
    expect(result).toMatchObject({
      dryRun: false,
      recordsToCreate: 3,
      insertResults: [{ batch: 1, records: 3, inserted: 3, error: null }],
    });
    const [row] = await shop.context.db
      .select()
      .from(image_transformations)
      .where(eq(image_transformations.storage_path, 'artworks/harbour-sunset-stylized.jpg'));
    expect(row).toMatchObject({ image_id: oldPhoto.id, status: 'completed', style_id: null });
    expect(row.created_at.toISOString()).toBe('2025-06-01T10:00:00.000Z');

    const after = (await post('/api/admin/backfill/transformations', { action: 'analyze' })).json() as BackfillAnalysis;
    expect(after.summary).toMatchObject({ totalTransformedFiles: 5, existingRecords: 4, missingRecords: 1 });
    const again = (
      await post('/api/admin/backfill/transformations', { action: 'backfill', dryRun: false })
    ).json() as BackfillResult;
    expect(again).toMatchObject({ recordsToCreate: 0, insertResults: [] });
  });

  it('refuses an unknown action', async () => {
    expect((await post('/api/admin/backfill/transformations', { action: 'repair' })).statusCode).toBe(400);
    expect(
      (
        await shop.app.inject({
          method: 'POST',
          url: '/api/admin/backfill/transformations',
          payload: { action: 'analyze' },
        })
      ).statusCode,
    ).toBe(401);
  });
});

describe('POST /api/admin/backfill/exif: metadata read again, in batches, from an offset', () => {
  let withExif: Array<typeof images.$inferSelect>;
  let ids: string[];

  beforeAll(async () => {
    // Everything before this describe already has its metadata or none to find; start clean.
    await shop.context.db.update(images).set({ exif_data: {} });
    const photo = await makePhoto({ exif: USHUAIA_EXIF, width: 320, height: 240 });
    withExif = [];
    for (let n = 0; n < EXIF_BATCH_SIZE + 2; n += 1) {
      withExif.push(
        await photoRow({
          fileName: `ushuaia-${n}.jpg`,
          createdAt: new Date(Date.UTC(2026, 1, 1, 0, n)),
          original: photo,
        }),
      );
    }
    const noExif = await photoRow({ fileName: 'plain.jpg', createdAt: new Date(Date.UTC(2026, 1, 1, 0, 3, 30)) });
    const missing = await photoRow({
      fileName: 'gone.jpg',
      createdAt: new Date(Date.UTC(2026, 1, 1, 0, 30)),
      withFile: false,
    });
    ids = [...withExif.map((row) => row.id), noExif.id, missing.id];
  });

  const batch = async (offset?: number) => {
    const response = await post('/api/admin/backfill/exif', offset === undefined ? {} : { offset });
    expect(response.statusCode).toBe(200);
    return response.json() as ExifBatchResult;
  };

  it('reads a batch, says where to resume and how many remain; a photo with no EXIF is counted apart, not as failed (issue 34)', async () => {
    const first = await batch();
    expect(first).toMatchObject({
      processed: EXIF_BATCH_SIZE,
      successful: EXIF_BATCH_SIZE - 1,
      noExif: 1,
      failed: 0,
      hasMore: true,
      remainingImages: 4,
    });
    expect(first.errors).toEqual([]);

    const second = await batch(first.nextOffset);
    expect(second).toMatchObject({
      processed: 4,
      successful: 3,
      noExif: 0,
      failed: 1,
      hasMore: false,
      remainingImages: 0,
    });
    expect(second.errors).toEqual(['gone.jpg: the original file is missing from storage']);
    expect(second.nextOffset).toBeGreaterThan(first.nextOffset);

    const rows = await shop.context.db
      .select()
      .from(images)
      .where(
        inArray(
          images.id,
          withExif.map((row) => row.id),
        ),
      );
    expect(rows).toHaveLength(EXIF_BATCH_SIZE + 2);
    for (const row of rows) {
      expect(row).toMatchObject({
        camera_make: 'Canon',
        camera_model: 'Canon EOS R5',
        iso: 400,
        shutter_speed: '1/250',
      });
      expect(row.latitude).toBeCloseTo(-54.8019, 3);
      expect(row.location_name).toMatch(/Ushuaia/);
    }
  });

  it('a resumed offset past everything finds nothing; a new run from 0 retries only the failures', async () => {
    const past = await batch(10_000);
    expect(past).toEqual({
      processed: 0,
      successful: 0,
      noExif: 0,
      failed: 0,
      errors: [],
      nextOffset: 10_000,
      hasMore: false,
      remainingImages: 0,
    });
    const rerun = await batch(0);
    expect(rerun).toMatchObject({ processed: 2, successful: 0, noExif: 1, failed: 1, hasMore: false });
    expect(ids).toHaveLength(EXIF_BATCH_SIZE + 4);
  });

  it('refuses a negative offset', async () => {
    expect((await post('/api/admin/backfill/exif', { offset: -1 })).statusCode).toBe(400);
  });
});

describe('DELETE /api/admin/customers?email=: a customer’s data, all at once', () => {
  it('removes every photo, artwork, print file and mockup of that e-mail, except what an order needs; orders stay intact', async () => {
    const photo = await photoRow({ fileName: 'maria-beach.jpg', createdAt: new Date() });
    const other = await photoRow({ fileName: 'maria-market.jpg', createdAt: new Date() });
    const jpeg = await smallJpeg();
    const make = async (imageId: string, email: string | null) => {
      const id = randomUUID();
      await shop.context.storage.put(`artworks/${id}.jpg`, jpeg, { contentType: 'image/jpeg' });
      await shop.context.storage.put(`print-files/${id}.jpg`, jpeg, { contentType: 'image/jpeg' });
      await shop.context.storage.put(`renditions/artworks/${id}-400.jpg`, jpeg, { contentType: 'image/jpeg' });
      await shop.context.db.insert(image_transformations).values({
        id,
        image_id: imageId,
        email,
        status: 'completed',
        storage_path: `artworks/${id}.jpg`,
        print_file_path: `print-files/${id}.jpg`,
        renditions: [{ width: 400, height: 300, key: `renditions/artworks/${id}-400.jpg` }],
      });
      return id;
    };
    const saved = await make(photo.id, 'Maria@Example.com');
    const sibling = await make(photo.id, null);
    const bought = await make(other.id, 'maria@example.com');
    const strangers = await make(
      (await photoRow({ fileName: 'someone-else.jpg', createdAt: new Date() })).id,
      'other@example.com',
    );
    const mockupKey = (await addMockup(shop.context, saved, 4011)).replace('/files/', '');
    const [order] = await shop.context.db
      .insert(orders)
      .values({ customer_email: 'maria@example.com', total_amount: 3000, status: 'paid', shipping_name: 'Maria' })
      .returning();
    await shop.context.db.insert(order_items).values({
      order_id: order.id,
      product_name: 'Mug',
      quantity: 1,
      unit_price: 3000,
      total_price: 3000,
      transformation_id: bought,
      print_file_path: `print-files/${bought}.jpg`,
    });

    // The dry run (issue 34): the same list the erasure will act on, and nothing changed.
    const preview = await shop.app.inject({
      method: 'GET',
      url: '/api/admin/customers?email=%20MARIA%40example.com%20',
      headers: { cookie, origin: SAME_ORIGIN },
    });
    expect(preview.statusCode).toBe(200);
    const planned = preview.json() as CustomerErasureResult;
    expect(planned).toMatchObject({
      email: 'maria@example.com',
      dryRun: true,
      removedTransformations: 2,
      removedImages: 1,
      kept: [{ transformationId: bought, orderId: order.id }],
    });
    expect(planned.artworks.map((artwork) => [artwork.id, artwork.fileName, artwork.keptForOrder]).sort()).toEqual(
      [
        [saved, 'maria-beach.jpg', null],
        [sibling, 'maria-beach.jpg', null],
        [bought, 'maria-market.jpg', order.id],
      ].sort(),
    );
    expect(planned.artworks.every((artwork) => artwork.artworkUrl?.startsWith('/files/artworks/'))).toBe(true);
    for (const key of planned.removedFiles) expect(await exists(key), key).toBe(true);
    const [untouched] = await shop.context.db
      .select()
      .from(image_transformations)
      .where(eq(image_transformations.id, bought));
    expect(untouched.email).toBe('maria@example.com');

    const response = await shop.app.inject({
      method: 'DELETE',
      url: '/api/admin/customers?email=MARIA%40example.com',
      headers: { cookie, origin: SAME_ORIGIN },
    });
    expect(response.statusCode).toBe(200);
    const result = response.json() as CustomerErasureResult;
    expect(result.removedFiles.sort()).toEqual(planned.removedFiles.sort());
    expect(result).toMatchObject({
      email: 'maria@example.com',
      removedTransformations: 2,
      removedImages: 1,
      kept: [{ transformationId: bought, orderId: order.id }],
    });
    expect(result.removedFiles.sort()).toEqual(
      [
        `artworks/${saved}.jpg`,
        `print-files/${saved}.jpg`,
        `renditions/artworks/${saved}-400.jpg`,
        mockupKey,
        `artworks/${sibling}.jpg`,
        `print-files/${sibling}.jpg`,
        `renditions/artworks/${sibling}-400.jpg`,
        photo.storage_path,
        photo.display_path,
      ].sort(),
    );
    for (const key of result.removedFiles) expect(await exists(key), key).toBe(false);
    expect(await shop.context.db.select().from(images).where(eq(images.id, photo.id))).toEqual([]);

    // The order, its line and its artwork's files are untouched; the artwork no longer carries the e-mail.
    const [keptOrder] = await shop.context.db.select().from(orders).where(eq(orders.id, order.id));
    expect(keptOrder).toMatchObject({ customer_email: 'maria@example.com', status: 'paid', total_amount: 3000 });
    expect(await shop.context.db.select().from(order_items).where(eq(order_items.order_id, order.id))).toHaveLength(1);
    const [keptArtwork] = await shop.context.db
      .select()
      .from(image_transformations)
      .where(eq(image_transformations.id, bought));
    expect(keptArtwork.email).toBeNull();
    expect(await exists(`print-files/${bought}.jpg`)).toBe(true);
    expect(await exists(`artworks/${bought}.jpg`)).toBe(true);
    expect(await exists(other.storage_path)).toBe(true);
    // Someone else's data is not touched.
    expect(await exists(`artworks/${strangers}.jpg`)).toBe(true);
  });

  it('answers an e-mail with no data with nothing removed, and refuses a missing or malformed e-mail', async () => {
    const none = await shop.app.inject({
      method: 'DELETE',
      url: '/api/admin/customers?email=nobody%40example.com',
      headers: { cookie, origin: SAME_ORIGIN },
    });
    expect(none.json()).toEqual({
      email: 'nobody@example.com',
      dryRun: false,
      artworks: [],
      removedTransformations: 0,
      removedImages: 0,
      removedFiles: [],
      kept: [],
    });
    for (const url of ['/api/admin/customers', '/api/admin/customers?email=not-an-email']) {
      const refused = await shop.app.inject({ method: 'DELETE', url, headers: { cookie, origin: SAME_ORIGIN } });
      expect(refused.statusCode).toBe(400);
    }
    expect(
      (
        await shop.app.inject({
          method: 'DELETE',
          url: '/api/admin/customers?email=a%40b.co',
          headers: { origin: SAME_ORIGIN },
        })
      ).statusCode,
    ).toBe(401);
  });
});
