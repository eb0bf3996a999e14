/** Content Management (admin §2, §4, §5, §9) and the hero and gallery it feeds on Home (storefront §2). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import {
  DEFAULT_HERO,
  EXAMPLE_MESSAGES,
  HOMEPAGE_FULL_CODE,
  type AdminExamplePair,
} from '../../../domain/admin-content.js';
import { image_transformations, images } from '../../db/schema.js';
import { createAccount, multipart, SAME_ORIGIN, signInCookie, type FilePart } from '../../testing/admin-session.js';
import { createTestApp, type TestApp } from '../../testing/test-app.js';

let shop: TestApp;
let cookie: string;

beforeAll(async () => {
  shop = await createTestApp();
  await createAccount(shop.context, 'owner@example.com', 'owner-password-1', 'admin');
  cookie = await signInCookie(shop.app, 'owner@example.com', 'owner-password-1');
});
afterAll(async () => shop?.close());

const admin = (method: 'GET' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  shop.app.inject({ method, url, headers: { cookie, origin: SAME_ORIGIN }, payload });

async function upload(url: string, files: FilePart[]) {
  const body = await multipart(files);
  return shop.app.inject({
    method: 'POST',
    url,
    headers: { cookie, origin: SAME_ORIGIN, ...body.headers },
    payload: body.payload,
  });
}

let colour = 0;
/** A distinct JPEG each call (the original is deduplicated by checksum). */
async function jpeg(width = 1600, height = 1000): Promise<Buffer> {
  colour += 1;
  return sharp({
    create: { width, height, channels: 3, background: { r: (colour * 37) % 256, g: (colour * 91) % 256, b: 120 } },
  })
    .jpeg()
    .toBuffer();
}
const tooBig = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(10 * 1024 * 1024)]);

async function uploadPair(): Promise<AdminExamplePair> {
  const response = await upload('/api/admin/content/examples', [
    { name: 'original', fileName: 'porto.jpg', type: 'image/jpeg', bytes: await jpeg() },
    { name: 'transformed', fileName: 'porto-art.png', type: 'image/png', bytes: await jpeg(1200, 900) },
  ]);
  expect(response.statusCode).toBe(201);
  return response.json();
}

const homepage = async () =>
  (await shop.app.inject({ url: '/api/gallery' })).json() as { source: string; pairs: Array<{ id: string }> };

describe('the hero section is saved and shown on Home', () => {
  it("shows today's words until the owner saves others", async () => {
    const hero = (await shop.app.inject({ url: '/api/content/hero' })).json();
    expect(hero).toEqual({ ...DEFAULT_HERO, backgroundImageUrl: null });
    expect((await admin('GET', '/api/admin/content')).json()).toEqual({ hero });
  });

  it('saves headline, subheadline and a background image, and Home reads them back', async () => {
    const image = await upload('/api/admin/content/hero-image', [
      { name: 'image', fileName: 'Alps 1920.jpg', type: 'image/jpeg', bytes: await jpeg(3000, 1700) },
    ]);
    expect(image.statusCode).toBe(201);
    const { path, url } = image.json();
    expect(path).toMatch(/^content\/hero-\d{13}-alps-1920-jpg\.jpg$/);
    const saved = await admin('PUT', '/api/admin/content', {
      hero: {
        headline: 'Bring the Alps home',
        subheadline: 'Prints from your trail photos',
        backgroundImagePath: path,
      },
    });
    expect(saved.statusCode).toBe(200);
    const hero = (await shop.app.inject({ url: '/api/content/hero' })).json();
    expect(hero).toEqual({
      headline: 'Bring the Alps home',
      subheadline: 'Prints from your trail photos',
      backgroundImagePath: path,
      backgroundImageUrl: url,
    });
    const served = await shop.app.inject({ url });
    expect(served.statusCode).toBe(200);
    expect((await sharp(served.rawPayload).metadata()).width).toBe(2560);
  });

  it("refuses a background of 10MB or more: 'Image size must be less than 10MB'", async () => {
    const response = await upload('/api/admin/content/hero-image', [
      { name: 'image', fileName: 'huge.jpg', type: 'image/jpeg', bytes: tooBig },
    ]);
    expect(response.statusCode).toBe(413);
    expect(response.json().error).toBe('Image size must be less than 10MB');
  });

  it("asks for an image: 'Please select an image first'", async () => {
    const body = await multipart([], { note: 'no file' });
    const response = await shop.app.inject({
      method: 'POST',
      url: '/api/admin/content/hero-image',
      headers: { cookie, origin: SAME_ORIGIN, ...body.headers },
      payload: body.payload,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe('Please select an image first');
  });

  it('refuses a blank headline and a background that is not under content/', async () => {
    expect(
      (
        await admin('PUT', '/api/admin/content', {
          hero: { headline: ' ', subheadline: '', backgroundImagePath: null },
        })
      ).statusCode,
    ).toBe(400);
    const outside = await admin('PUT', '/api/admin/content', {
      hero: { headline: 'Hi', subheadline: '', backgroundImagePath: 'original/secret' },
    });
    expect(outside.statusCode).toBe(400);
  });
});

describe('example pairs: upload, list, homepage flag, delete', () => {
  it('uploads a pair: a private original with a public display copy, and the artwork under artworks/', async () => {
    const pair = await uploadPair();
    expect(pair.originalImageUrl).toMatch(/^\/files\/display\//);
    expect(pair.transformedImageUrl).toMatch(/^\/files\/artworks\/example-.+\.jpg$/);
    expect(pair.isHomepageExample).toBe(false);
    const [row] = await shop.context.db
      .select()
      .from(image_transformations)
      .where(eq(image_transformations.id, pair.id));
    expect(row).toMatchObject({ status: 'completed', style_id: null, is_public: true });
    // The 1200×900 artwork gets 400 and 800 px renditions for the home gallery's srcset.
    expect(row.renditions?.map((r) => [r.width, r.height])).toEqual([
      [400, 300],
      [800, 600],
    ]);
    for (const rendition of row.renditions ?? [])
      expect((await shop.app.inject({ url: `/files/${rendition.key}` })).statusCode).toBe(200);
    const [image] = await shop.context.db.select().from(images).where(eq(images.id, pair.originalImageId));
    expect(image.storage_path).toMatch(/^original\//);
    expect((await shop.app.inject({ url: pair.transformedImageUrl })).statusCode).toBe(200);
  });

  it("needs both images: 'Please select both original and transformed images'", async () => {
    const response = await upload('/api/admin/content/examples', [
      { name: 'original', fileName: 'a.jpg', type: 'image/jpeg', bytes: await jpeg() },
    ]);
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe('Please select both original and transformed images');
  });

  it('refuses either image at 10MB or more, naming which', async () => {
    const original = await upload('/api/admin/content/examples', [
      { name: 'original', fileName: 'a.jpg', type: 'image/jpeg', bytes: tooBig },
      { name: 'transformed', fileName: 'b.jpg', type: 'image/jpeg', bytes: await jpeg() },
    ]);
    expect(original.statusCode).toBe(413);
    expect(original.json().error).toBe('Original image size must be less than 10MB');
    const transformed = await upload('/api/admin/content/examples', [
      { name: 'original', fileName: 'a.jpg', type: 'image/jpeg', bytes: await jpeg() },
      { name: 'transformed', fileName: 'b.jpg', type: 'image/jpeg', bytes: tooBig },
    ]);
    expect(transformed.json().error).toBe('Transformed image size must be less than 10MB');
  });

  it('turns two pairs on directly; a third asks to replace the oldest, and does so once confirmed', async () => {
    const [first, second, third] = [await uploadPair(), await uploadPair(), await uploadPair()];
    for (const pair of [first, second]) {
      expect(
        (await admin('PUT', `/api/admin/content/examples/${pair.id}/homepage`, { isHomepageExample: true })).statusCode,
      ).toBe(204);
    }
    expect((await homepage()).pairs.map((pair) => pair.id)).toEqual([first.id, second.id]);

    const asked = await admin('PUT', `/api/admin/content/examples/${third.id}/homepage`, { isHomepageExample: true });
    expect(asked.statusCode).toBe(409);
    expect(asked.json()).toEqual({
      error:
        'You can only have 2 examples on the homepage. Do you want to replace the oldest example with this new one?',
      code: HOMEPAGE_FULL_CODE,
    });
    expect((await homepage()).pairs.map((pair) => pair.id)).toEqual([first.id, second.id]);

    const confirmed = await admin('PUT', `/api/admin/content/examples/${third.id}/homepage`, {
      isHomepageExample: true,
      replaceOldest: true,
    });
    expect(confirmed.statusCode).toBe(204);
    const gallery = await homepage();
    expect(gallery.source).toBe('homepage');
    expect(gallery.pairs.map((pair) => pair.id)).toEqual([second.id, third.id]);

    const listed: AdminExamplePair[] = (await admin('GET', '/api/admin/content/examples')).json();
    expect(
      listed
        .filter((pair) => pair.isHomepageExample)
        .map((pair) => pair.id)
        .sort(),
    ).toEqual([second.id, third.id].sort());
  });

  it('never lets two admins at once make a third homepage example', async () => {
    const flagged = (await admin('GET', '/api/admin/content/examples')).json() as AdminExamplePair[];
    for (const pair of flagged.filter((entry) => entry.isHomepageExample)) {
      await admin('PUT', `/api/admin/content/examples/${pair.id}/homepage`, { isHomepageExample: false });
    }
    const pairs = [await uploadPair(), await uploadPair(), await uploadPair(), await uploadPair()];
    const answers = await Promise.all(
      pairs.map((pair) => admin('PUT', `/api/admin/content/examples/${pair.id}/homepage`, { isHomepageExample: true })),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([204, 204, 409, 409]);
    const [{ count }] = (
      await shop.context.database.executor.executeSql(
        'select count(*)::int as count from image_transformations where is_homepage_example',
      )
    ).rows;
    expect(count).toBe(2);
  });

  it("refuses to delete a homepage example: 'Cannot delete an example that's currently on the homepage'", async () => {
    const [onHomepage] = ((await admin('GET', '/api/admin/content/examples')).json() as AdminExamplePair[]).filter(
      (pair) => pair.isHomepageExample,
    );
    const refused = await admin('DELETE', `/api/admin/content/examples/${onHomepage.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toBe("Cannot delete an example that's currently on the homepage");
  });

  it('turning off is direct, and then the pair deletes with its original and files', async () => {
    const [onHomepage] = ((await admin('GET', '/api/admin/content/examples')).json() as AdminExamplePair[]).filter(
      (pair) => pair.isHomepageExample,
    );
    expect(
      (await admin('PUT', `/api/admin/content/examples/${onHomepage.id}/homepage`, { isHomepageExample: false }))
        .statusCode,
    ).toBe(204);
    expect((await admin('DELETE', `/api/admin/content/examples/${onHomepage.id}`)).statusCode).toBe(204);
    expect(
      await shop.context.db.select().from(image_transformations).where(eq(image_transformations.id, onHomepage.id)),
    ).toEqual([]);
    expect(await shop.context.db.select().from(images).where(eq(images.id, onHomepage.originalImageId))).toEqual([]);
    const missing = await admin('DELETE', `/api/admin/content/examples/${onHomepage.id}`);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error).toBe(EXAMPLE_MESSAGES.notFound);
  });

  it('lists at most 10 pairs, homepage examples first, then the newest', async () => {
    for (let n = 0; n < 4; n += 1) await uploadPair();
    const listed: AdminExamplePair[] = (await admin('GET', '/api/admin/content/examples')).json();
    expect(listed).toHaveLength(10);
    const flags = listed.map((pair) => pair.isHomepageExample);
    expect(flags.slice(0, 1)).toEqual([true]);
    expect(flags.indexOf(false)).toBeGreaterThan(0);
    expect(flags.slice(flags.indexOf(false)).every((flag) => !flag)).toBe(true);
    const rest = listed.slice(flags.indexOf(false)).map((pair) => pair.createdAt);
    expect(rest).toEqual([...rest].sort().reverse());
  });
});
