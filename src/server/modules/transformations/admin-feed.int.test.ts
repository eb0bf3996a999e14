/**
 * The Transformations feed's API (admin §2 Transformations, §3 Transformation (admin view),
 * EXIF data and filters, §4 homepage flag and bulk rules, §8, §9 page size 20) and the
 * storefront's privacy rule: the public gallery shows only what the owner has not hidden,
 * and never a visitor's file name.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  TRANSFORMATION_MESSAGES,
  TRANSFORMATIONS_PAGE_SIZE,
  UNKNOWN_STYLE,
  type AdminTransformation,
  type BulkResult,
  type TransformationPage,
} from '../../../domain/admin-transformations.js';
import { EXAMPLE_MESSAGES, HOMEPAGE_FULL_CODE } from '../../../domain/admin-content.js';
import { image_transformations, images, mockups, order_items, orders, styles } from '../../db/schema.js';
import { createAccount, SAME_ORIGIN, signInCookie } from '../../testing/admin-session.js';
import { addMockup, smallJpeg } from '../../testing/fixtures/orders.js';
import { createTestApp, type TestApp } from '../../testing/test-app.js';

let shop: TestApp;
let cookie: string;
let watercolour: { id: string; name: string };
let inkSketch: { id: string; name: string };

beforeAll(async () => {
  shop = await createTestApp();
  await createAccount(shop.context, 'owner@example.com', 'owner-password-1', 'admin');
  cookie = await signInCookie(shop.app, 'owner@example.com', 'owner-password-1');
  const all = await shop.context.db.select({ id: styles.id, name: styles.name, engine: styles.engine }).from(styles);
  watercolour = all.find((style) => style.engine === 'watercolour')!;
  inkSketch = all.find((style) => style.engine === 'ink-sketch')!;
});
afterAll(async () => shop?.close());

const admin = (method: 'GET' | 'PATCH' | 'DELETE' | 'POST', url: string, payload?: object) =>
  shop.app.inject({ method, url, headers: { cookie, origin: SAME_ORIGIN }, payload });

const feed = async (query = '') => {
  const response = await admin('GET', `/api/admin/transformations${query}`);
  expect(response.statusCode).toBe(200);
  return response.json() as TransformationPage;
};

const gallery = async () => (await shop.app.inject({ url: '/api/gallery' })).json();

interface Planted {
  id: string;
  imageId: string;
  artworkKey: string;
  printKey: string;
  originalKey: string;
  displayKey: string;
}

/** A finished artwork with real files: original, display copy, preview and print file. */
async function plant(options: {
  fileName: string;
  styleId?: string | null;
  createdAt: Date;
  status?: 'processing' | 'completed' | 'failed';
  metadata?: Partial<typeof images.$inferInsert>;
  email?: string;
}): Promise<Planted> {
  const jpeg = await smallJpeg();
  const imageId = randomUUID();
  const id = randomUUID();
  const keys = {
    originalKey: `original/${imageId}`,
    displayKey: `display/${imageId}.jpg`,
    artworkKey: `artworks/${id}.jpg`,
    printKey: `print-files/${id}.jpg`,
  };
  const completed = (options.status ?? 'completed') === 'completed';
  for (const key of completed ? Object.values(keys) : [keys.originalKey, keys.displayKey]) {
    await shop.context.storage.put(key, jpeg, { contentType: 'image/jpeg' });
  }
  await shop.context.db.insert(images).values({
    id: imageId,
    file_name: options.fileName,
    storage_path: keys.originalKey,
    display_path: keys.displayKey,
    checksum: randomBytes(16).toString('hex'),
    mime_type: 'image/jpeg',
    byte_size: jpeg.length,
    width: 64,
    height: 48,
    created_at: options.createdAt,
    ...options.metadata,
  });
  await shop.context.db.insert(image_transformations).values({
    id,
    image_id: imageId,
    style_id: options.styleId ?? null,
    status: options.status ?? 'completed',
    progress: completed ? 100 : 0,
    storage_path: completed ? keys.artworkKey : null,
    print_file_path: completed ? keys.printKey : null,
    email: options.email ?? null,
    // Its maker agreed to the gallery, as the storefront's switch starts.
    gallery_consent: true,
    created_at: options.createdAt,
    completed_at: completed ? options.createdAt : null,
  });
  return { id, imageId, ...keys };
}

const day = (date: string, hour = 12) => new Date(`${date}T${String(hour).padStart(2, '0')}:00:00Z`);

async function orderFor(transformationId: string, email = 'buyer@example.com'): Promise<string> {
  const [order] = await shop.context.db
    .insert(orders)
    .values({ customer_email: email, total_amount: 2500, status: 'paid', paid_at: new Date() })
    .returning();
  await shop.context.db.insert(order_items).values({
    order_id: order.id,
    product_name: 'Poster',
    quantity: 1,
    unit_price: 2500,
    total_price: 2500,
    transformation_id: transformationId,
    artwork_url: `/files/artworks/${transformationId}.jpg`,
    print_file_path: `print-files/${transformationId}.jpg`,
  });
  return order.id;
}

const exists = (key: string) => shop.context.storage.exists(key);

describe('GET /api/admin/transformations: the feed, filtered and paged in SQL', () => {
  const march: Planted[] = [];
  let lisbon: Planted;
  let unknownStyle: Planted;
  let processing: Planted;

  beforeAll(async () => {
    // 45 artworks on 1-15 March 2026, three a day, alternating styles.
    for (let n = 0; n < 45; n += 1) {
      march.push(
        await plant({
          fileName: `trip-${String(n).padStart(2, '0')}.jpg`,
          styleId: n % 2 === 0 ? watercolour.id : inkSketch.id,
          createdAt: day(`2026-03-${String(1 + Math.floor(n / 3)).padStart(2, '0')}`, 8 + (n % 3)),
        }),
      );
    }
    lisbon = await plant({
      fileName: 'Lisbon_tram 100%.JPG',
      styleId: watercolour.id,
      createdAt: day('2026-04-02'),
      metadata: {
        camera_make: 'Canon',
        camera_model: 'Canon EOS R5',
        lens_model: 'RF24-70mm F2.8 L IS USM',
        iso: 400,
        aperture: 2.8,
        shutter_speed: '1/250',
        focal_length: 35,
        flash_used: false,
        latitude: 38.7139,
        longitude: -9.1394,
        location_name: 'Lisbon, Portugal',
        date_time_original: new Date('2026-04-01T18:30:00Z'),
        software: 'Firmware 1.8.1',
        orientation: 1,
      },
    });
    unknownStyle = await plant({ fileName: 'porto.jpg', styleId: null, createdAt: day('2026-04-03') });
    processing = await plant({
      fileName: 'sintra.jpg',
      styleId: inkSketch.id,
      createdAt: day('2026-04-04'),
      status: 'processing',
    });
  });

  it('answers a page of 20, newest first, with the total and page size', async () => {
    const page = await feed();
    expect(page).toMatchObject({ total: 48, page: 1, page_size: TRANSFORMATIONS_PAGE_SIZE });
    expect(page.items).toHaveLength(20);
    expect(page.items.slice(0, 3).map((item) => item.id)).toEqual([processing.id, unknownStyle.id, lisbon.id]);
    const third = await feed('?page=3');
    expect(third.items).toHaveLength(8);
    expect(third.items.at(-1)!.id).toBe(march[0].id);
  });

  it('shows each artwork as admin §3 lists it: file name, style or Unknown Style, both images, flags, EXIF grouped', async () => {
    const [item] = (await feed('?search=lisbon')).items;
    expect(item).toEqual<AdminTransformation>({
      id: lisbon.id,
      originalFileName: 'Lisbon_tram 100%.JPG',
      createdAt: day('2026-04-02').toISOString(),
      styleId: watercolour.id,
      styleName: watercolour.name,
      originalImageUrl: `/files/${lisbon.displayKey}`,
      transformedImageUrl: `/files/${lisbon.artworkKey}`,
      status: 'completed',
      isHomepageExample: false,
      hiddenFromGallery: false,
      galleryConsent: true,
      exifData: {
        camera: { make: 'Canon', model: 'Canon EOS R5', serial: null },
        lens: { make: null, model: 'RF24-70mm F2.8 L IS USM' },
        settings: { iso: 400, aperture: 2.8, shutterSpeed: '1/250', focalLength: 35, flashUsed: false },
        location: { latitude: 38.7139, longitude: -9.1394, locationName: 'Lisbon, Portugal' },
        dateTaken: '2026-04-01T18:30:00.000Z',
        technical: { software: 'Firmware 1.8.1', orientation: 1 },
      },
    });
    const [porto] = (await feed('?search=porto')).items;
    expect(porto).toMatchObject({ styleName: UNKNOWN_STYLE, styleId: null, exifData: null });
    const [sintra] = (await feed('?search=sintra')).items;
    expect(sintra).toMatchObject({ status: 'processing', transformedImageUrl: null });
  });

  it('searches file names case-insensitively, with % and _ taken literally', async () => {
    expect((await feed('?search=LISBON')).total).toBe(1);
    expect((await feed(`?search=${encodeURIComponent('100%')}`)).items.map((item) => item.id)).toEqual([lisbon.id]);
    expect((await feed(`?search=${encodeURIComponent('n_t')}`)).total).toBe(1);
    expect((await feed('?search=trip-0')).total).toBe(10);
    expect((await feed('?search=nowhere')).items).toEqual([]);
  });

  it('filters by style, by Unknown Style, and by homepage flag', async () => {
    expect((await feed(`?style_id=${watercolour.id}`)).total).toBe(24);
    expect((await feed(`?style_id=${inkSketch.id}`)).total).toBe(23);
    expect((await feed('?style_id=unknown')).items.map((item) => item.id)).toEqual([unknownStyle.id]);
    expect((await feed('?homepage=true')).total).toBe(0);
    expect((await feed('?homepage=false')).total).toBe(48);
  });

  it('filters by a date range, both days included', async () => {
    const range = await feed('?from=2026-03-02&to=2026-03-03');
    expect(range.total).toBe(6);
    expect(range.items.map((item) => item.id).sort()).toEqual(
      march
        .slice(3, 9)
        .map((row) => row.id)
        .sort(),
    );
    expect((await feed('?from=2026-04-01')).total).toBe(3);
    expect((await feed('?to=2026-03-01')).total).toBe(3);
    expect((await feed(`?style_id=${watercolour.id}&from=2026-03-01&to=2026-03-02`)).total).toBe(3);
  });

  it('pages within the filtered list: page 2 of a filter is that filter’s next 20', async () => {
    const filtered = await feed(`?style_id=${watercolour.id}&page=2`);
    expect(filtered).toMatchObject({ total: 24, page: 2 });
    expect(filtered.items).toHaveLength(4);
    expect(filtered.items.every((item) => item.styleId === watercolour.id)).toBe(true);
    expect((await feed(`?style_id=${watercolour.id}&page=9`)).items).toEqual([]);
  });

  it("refuses From after To with the spec's words, and unknown filter values", async () => {
    const backwards = await admin('GET', '/api/admin/transformations?from=2026-03-05&to=2026-03-01');
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().error).toBe('From Date cannot be after To Date');
    expect((await admin('GET', '/api/admin/transformations?style_id=watercolour')).statusCode).toBe(400);
    expect((await admin('GET', '/api/admin/transformations?homepage=yes')).statusCode).toBe(400);
    expect((await admin('GET', '/api/admin/transformations?from=2026-13-45')).statusCode).toBe(400);
    expect((await admin('GET', '/api/admin/transformations?page=0')).statusCode).toBe(400);
  });

  it('is for admins only', async () => {
    expect((await shop.app.inject({ url: '/api/admin/transformations' })).statusCode).toBe(401);
  });
});

describe('PATCH /api/admin/transformations/:id: homepage example and gallery visibility', () => {
  const made: Planted[] = [];
  beforeAll(async () => {
    await shop.context.db.update(image_transformations).set({ is_public: false });
    for (let n = 0; n < 3; n += 1)
      made.push(
        await plant({ fileName: `coast-${n}.jpg`, styleId: watercolour.id, createdAt: day(`2026-05-0${n + 1}`) }),
      );
  });

  const patch = (id: string, body: object) => admin('PATCH', `/api/admin/transformations/${id}`, body);

  it('sets two homepage examples, which Home then shows', async () => {
    const first = await patch(made[0].id, { is_homepage_example: true });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ id: made[0].id, isHomepageExample: true });
    await patch(made[1].id, { is_homepage_example: true });
    const home = await gallery();
    expect(home.source).toBe('homepage');
    expect(home.pairs.map((pair: { id: string }) => pair.id)).toEqual([made[0].id, made[1].id]);
  });

  it('asks before a third replaces the oldest, and replaces it once confirmed', async () => {
    const full = await patch(made[2].id, { is_homepage_example: true });
    expect(full.statusCode).toBe(409);
    expect(full.json()).toEqual({ error: EXAMPLE_MESSAGES.replaceConfirmation, code: HOMEPAGE_FULL_CODE });
    const confirmed = await patch(made[2].id, { is_homepage_example: true, replace_oldest: true });
    expect(confirmed.statusCode).toBe(200);
    expect((await gallery()).pairs.map((pair: { id: string }) => pair.id)).toEqual([made[1].id, made[2].id]);
  });

  it('hides an artwork from the gallery: Home no longer shows it, and it is no longer an example', async () => {
    const hidden = await patch(made[1].id, { hidden_from_gallery: true });
    expect(hidden.json()).toMatchObject({ hiddenFromGallery: true, isHomepageExample: false });
    expect((await gallery()).pairs.map((pair: { id: string }) => pair.id)).toEqual([made[2].id]);
    const shown = await patch(made[1].id, { hidden_from_gallery: false });
    expect(shown.json()).toMatchObject({ hiddenFromGallery: false, isHomepageExample: false });
  });

  it('the recent gallery lists only visible artworks, and never a file name', async () => {
    await patch(made[2].id, { is_homepage_example: false });
    await patch(made[0].id, { hidden_from_gallery: true });
    const home = await gallery();
    expect(home.source).toBe('recent');
    expect(home.recent.map((item: { id: string }) => item.id)).toEqual([made[2].id, made[1].id]);
    expect(JSON.stringify(home)).not.toMatch(/coast/);
    expect(home.recent[0]).not.toHaveProperty('originalName');
  });

  it('setting a hidden artwork as an example shows it again', async () => {
    const response = await patch(made[0].id, { is_homepage_example: true });
    expect(response.json()).toMatchObject({ isHomepageExample: true, hiddenFromGallery: false });
    await patch(made[0].id, { is_homepage_example: false });
  });

  it('refuses nonsense: nothing to change, both example and hidden, unknown id, unfinished artwork', async () => {
    expect((await patch(made[0].id, {})).statusCode).toBe(400);
    expect((await patch(made[0].id, { is_homepage_example: true, hidden_from_gallery: true })).statusCode).toBe(400);
    const missing = await patch(randomUUID(), { is_homepage_example: true });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error).toBe(TRANSFORMATION_MESSAGES.notFound);
    const unfinished = await plant({ fileName: 'wip.jpg', createdAt: day('2026-05-09'), status: 'processing' });
    const refused = await patch(unfinished.id, { is_homepage_example: true });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toBe(TRANSFORMATION_MESSAGES.noArtwork);
  });
});

describe('DELETE /api/admin/transformations/:id', () => {
  it('removes the row, its preview, print file and mockups, and the photo no other artwork uses', async () => {
    const artwork = await plant({ fileName: 'delete-me.jpg', createdAt: day('2026-06-01') });
    const mockupUrl = await addMockup(shop.context, artwork.id, 4011);
    const mockupKey = mockupUrl.replace('/files/', '');
    expect(await exists(mockupKey)).toBe(true);

    const response = await admin('DELETE', `/api/admin/transformations/${artwork.id}`);
    expect(response.statusCode).toBe(204);
    expect(
      await shop.context.db.select().from(image_transformations).where(eq(image_transformations.id, artwork.id)),
    ).toEqual([]);
    expect(await shop.context.db.select().from(images).where(eq(images.id, artwork.imageId))).toEqual([]);
    expect(await shop.context.db.select().from(mockups).where(eq(mockups.transformation_id, artwork.id))).toEqual([]);
    for (const key of [artwork.artworkKey, artwork.printKey, artwork.originalKey, artwork.displayKey, mockupKey]) {
      expect(await exists(key), key).toBe(false);
    }
    expect((await admin('DELETE', `/api/admin/transformations/${artwork.id}`)).statusCode).toBe(404);
  });

  it('keeps the photo while another artwork was made from it', async () => {
    const first = await plant({ fileName: 'shared.jpg', createdAt: day('2026-06-02') });
    const secondId = randomUUID();
    await shop.context.storage.put(`artworks/${secondId}.jpg`, await smallJpeg(), { contentType: 'image/jpeg' });
    await shop.context.db.insert(image_transformations).values({
      id: secondId,
      image_id: first.imageId,
      status: 'completed',
      storage_path: `artworks/${secondId}.jpg`,
    });
    expect((await admin('DELETE', `/api/admin/transformations/${first.id}`)).statusCode).toBe(204);
    expect(await exists(first.originalKey)).toBe(true);
    expect(await exists(first.artworkKey)).toBe(false);
  });

  it('is refused with 409 naming the order when an order needs the artwork; nothing is removed', async () => {
    const artwork = await plant({ fileName: 'ordered.jpg', createdAt: day('2026-06-03') });
    const orderId = await orderFor(artwork.id);
    const response = await admin('DELETE', `/api/admin/transformations/${artwork.id}`);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ error: TRANSFORMATION_MESSAGES.neededByOrder(orderId), orderId });
    expect(response.json().error).toContain(orderId.slice(0, 8));
    for (const key of [artwork.artworkKey, artwork.printKey, artwork.originalKey]) expect(await exists(key)).toBe(true);
  });

  it("refuses a homepage example: 'Cannot delete an example that's currently on the homepage'", async () => {
    const artwork = await plant({ fileName: 'on-home.jpg', createdAt: day('2026-06-04') });
    await shop.context.db.update(image_transformations).set({ is_homepage_example: false });
    await admin('PATCH', `/api/admin/transformations/${artwork.id}`, { is_homepage_example: true });
    const response = await admin('DELETE', `/api/admin/transformations/${artwork.id}`);
    expect(response.statusCode).toBe(409);
    expect(response.json().error).toBe(TRANSFORMATION_MESSAGES.cannotDeleteHomepage);
    await admin('PATCH', `/api/admin/transformations/${artwork.id}`, { is_homepage_example: false });
  });

  it('answers 400 to an id that is not one', async () => {
    expect((await admin('DELETE', '/api/admin/transformations/not-an-id')).statusCode).toBe(400);
  });
});

describe('POST /api/admin/transformations/bulk', () => {
  const bulk = async (ids: string[], action: string, extra: object = {}) => {
    const response = await admin('POST', '/api/admin/transformations/bulk', { ids, action, ...extra });
    return { status: response.statusCode, body: response.json() as BulkResult & { error?: string; code?: string } };
  };
  let batch: Planted[];
  beforeAll(async () => {
    await shop.context.db.update(image_transformations).set({ is_homepage_example: false });
    batch = [];
    for (let n = 0; n < 4; n += 1)
      batch.push(await plant({ fileName: `bulk-${n}.jpg`, createdAt: day(`2026-07-0${n + 1}`) }));
  });

  it('sets examples, then counts the already-set ones as unchanged', async () => {
    const set = await bulk([batch[0].id, batch[1].id], 'set_examples');
    expect(set.body).toEqual({ succeeded: 2, failed: 0, unchanged: 0, errors: [] });
    const again = await bulk([batch[0].id, batch[1].id], 'set_examples');
    expect(again.body).toEqual({
      succeeded: 0,
      failed: 0,
      unchanged: 2,
      errors: [],
      message: 'No changes needed - items already in desired state',
    });
    expect((await gallery()).pairs.map((pair: { id: string }) => pair.id)).toEqual([batch[0].id, batch[1].id]);
  });

  it('touches only the items not yet in the desired state when removing', async () => {
    const removed = await bulk([batch[0].id, batch[2].id], 'remove_examples');
    expect(removed.body).toMatchObject({ succeeded: 1, unchanged: 1, failed: 0 });
  });

  it('keeps the homepage at two: more than two at once is refused, a full homepage asks first', async () => {
    const tooMany = await bulk([batch[0].id, batch[2].id, batch[3].id], 'set_examples');
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.error).toBe(EXAMPLE_MESSAGES.tooMany);
    const full = await bulk([batch[2].id, batch[3].id], 'set_examples');
    expect(full.status).toBe(409);
    expect(full.body.code).toBe(HOMEPAGE_FULL_CODE);
    const replaced = await bulk([batch[2].id, batch[3].id], 'set_examples', { replace_oldest: true });
    expect(replaced.body).toMatchObject({ succeeded: 2, unchanged: 0 });
    expect((await gallery()).pairs.map((pair: { id: string }) => pair.id)).toEqual([batch[2].id, batch[3].id]);
  });

  it('hides and shows, counting what was already so, and failing unknown ids', async () => {
    const unknown = randomUUID();
    const hide = await bulk([batch[0].id, batch[1].id, unknown], 'hide');
    expect(hide.body).toMatchObject({ succeeded: 2, unchanged: 0, failed: 1 });
    expect(hide.body.errors).toEqual([`${unknown}: ${TRANSFORMATION_MESSAGES.notFound}`]);
    expect((await bulk([batch[0].id], 'hide')).body).toMatchObject({
      succeeded: 0,
      unchanged: 1,
      message: TRANSFORMATION_MESSAGES.noChanges,
    });
    expect((await bulk([batch[0].id, batch[1].id], 'show')).body).toMatchObject({ succeeded: 2, unchanged: 0 });
  });

  it('deletes what it may and reports the rest: an ordered artwork and a homepage example stay', async () => {
    const orderId = await orderFor(batch[1].id);
    const result = await bulk([batch[0].id, batch[1].id, batch[2].id], 'delete');
    expect(result.body).toMatchObject({ succeeded: 1, failed: 2, unchanged: 0 });
    expect(result.body.errors).toEqual([
      `${batch[1].id}: ${TRANSFORMATION_MESSAGES.neededByOrder(orderId)}`,
      `${batch[2].id}: ${TRANSFORMATION_MESSAGES.cannotDeleteHomepage}`,
    ]);
    expect(await exists(batch[0].artworkKey)).toBe(false);
    expect(await exists(batch[1].artworkKey)).toBe(true);
  });

  it('refuses an empty selection, unknown actions and ids that are not ids', async () => {
    expect((await bulk([], 'delete')).status).toBe(400);
    expect((await bulk([batch[3].id], 'publish')).status).toBe(400);
    expect((await bulk(['nope'], 'hide')).status).toBe(400);
  });
});
