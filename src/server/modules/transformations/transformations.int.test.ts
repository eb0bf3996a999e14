import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import type { Rendition } from '../../../domain/images.js';
import { TRANSFORMATION_MESSAGES } from '../../../domain/transformation.js';
import { image_transformations, styles } from '../../db/schema.js';
import { renderPrintFile } from './service.js';
import { cameraPhoto, insertPhoto } from '../../testing/fixtures.js';
import { createTestApp, type TestApp } from '../../testing/test-app.js';

let shop: TestApp;
let photo: Awaited<ReturnType<typeof insertPhoto>>;
let offered: Array<{ id: string; name: string }>;

beforeAll(async () => {
  shop = await createTestApp({ workers: true });
  photo = await insertPhoto(shop.context, await cameraPhoto(), 'IMG_2041.JPG');
  offered = (await shop.app.inject({ method: 'GET', url: '/api/styles' })).json();
});
afterAll(async () => shop?.close());

async function start(styleId: string, extra: Record<string, unknown> = {}) {
  return shop.app.inject({
    method: 'POST',
    url: '/api/transformations',
    payload: { imageId: photo.id, styleId, ...extra },
  });
}

async function waitUntilDone(id: string, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const state = (await shop.app.inject({ method: 'GET', url: `/api/transformations/${id}` })).json();
    if (state.status !== 'processing') return state;
    if (Date.now() > deadline) throw new Error(`transformation ${id} still processing`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('POST /api/transformations starts a transformation (storefront §7 transform-image)', () => {
  it("answers {success, transformationId, status: 'processing', editToken} and queues the render", async () => {
    const response = await start(offered[0].id);
    expect(response.statusCode).toBe(202);
    expect(response.json()).toEqual({
      success: true,
      transformationId: expect.any(String),
      status: 'processing',
      editToken: expect.any(String),
    });
    await waitUntilDone(response.json().transformationId);
  });

  it("refuses an unknown photo with 'Original image not found'", async () => {
    const response = await shop.app.inject({
      method: 'POST',
      url: '/api/transformations',
      payload: { imageId: '00000000-0000-4000-8000-000000000000', styleId: offered[0].id },
    });
    expect(response.statusCode).toBe(404);
    expect(response.json().error).toBe('Original image not found');
  });

  it("refuses a missing style with 'Please select a style first'", async () => {
    const response = await shop.app.inject({
      method: 'POST',
      url: '/api/transformations',
      payload: { imageId: photo.id },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe('Please select a style first');
  });

  it('refuses an inactive style and a style whose engine does not run here', async () => {
    const [inactive] = await shop.context.db
      .insert(styles)
      .values({ name: 'Retired', engine: 'ink-sketch', is_active: false })
      .returning();
    const [hosted] = await shop.context.db.select().from(styles).where(eq(styles.engine, 'hosted-ai'));
    for (const style of [inactive, hosted]) {
      const response = await start(style.id);
      expect(response.statusCode).toBe(400);
    }
  });
});

describe('GET /api/transformations/:id reports status, progress and stage', () => {
  it('answers 404 for an unknown or malformed id', async () => {
    expect((await shop.app.inject({ method: 'GET', url: '/api/transformations/nope' })).statusCode).toBe(404);
    expect(
      (await shop.app.inject({ method: 'GET', url: '/api/transformations/00000000-0000-4000-8000-000000000000' }))
        .statusCode,
    ).toBe(404);
  });
});

describe('every style offered on the embedded defaults completes on a 12 MP photo', () => {
  it('offers the six local styles', () => {
    expect(offered.map((style) => style.name)).toEqual([
      'Ink Sketch',
      'Oil Painting',
      'Pop Art',
      'Stained Glass',
      'Vintage Travel Poster',
      'Watercolour',
    ]);
  });

  it('completes each one with a 2048 px artwork, and no print file until one is bought', async () => {
    const started = [];
    for (const style of offered) started.push({ style, id: (await start(style.id)).json().transformationId as string });
    for (const { style, id } of started) {
      const state = await waitUntilDone(id);
      expect(state, style.name).toMatchObject({
        status: 'completed',
        progress: 100,
        stage: 'Transformation complete!',
      });
      const artwork = await shop.app.inject({ method: 'GET', url: state.publicUrl });
      expect(artwork.statusCode).toBe(200);
      const meta = await sharp(artwork.rawPayload).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 2048, 1536]);
    }
    const rows = await shop.context.db.select().from(image_transformations);
    expect(rows.filter((row) => row.print_file_path !== null)).toEqual([]);
    expect(await shop.context.storage.list('print-files/')).toEqual([]);
    // What a bought line outside the catalog gets: the artwork at the original's resolution.
    const print = await renderPrintFile(shop.context, started[0].id);
    const meta = await sharp(print!.image).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 4000, 3000]);
  }, 240_000);
});

describe('a finished artwork has 400, 800 and 1600 px renditions for srcset (issue 17)', () => {
  it('stores each rendition as a public JPEG of its recorded size, the long side 400, 800 and 1600', async () => {
    const id = (await start(offered[0]!.id)).json().transformationId as string;
    const state = await waitUntilDone(id);
    expect(state.status).toBe('completed');
    expect(state.renditions.map((r: Rendition) => [r.width, r.height])).toEqual([
      [400, 300],
      [800, 600],
      [1600, 1200],
    ]);
    const artwork = await shop.app.inject({ method: 'GET', url: state.publicUrl });
    for (const rendition of state.renditions as Rendition[]) {
      const served = await shop.app.inject({ method: 'GET', url: rendition.url });
      expect(served.statusCode, rendition.url).toBe(200);
      const meta = await sharp(served.rawPayload).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', rendition.width, rendition.height]);
      // The artwork itself, smaller: the render thread makes them from the artwork's pixels.
      const shrunk = await sharp(artwork.rawPayload).resize(rendition.width, rendition.height).raw().toBuffer();
      const pixels = await sharp(served.rawPayload).raw().toBuffer();
      let difference = 0;
      for (let i = 0; i < pixels.length; i++) difference += Math.abs(pixels[i]! - shrunk[i]!);
      // Two JPEGs of the same picture differ by 3–4 levels on average here; a photo and its
      // mirror image by about 20.
      expect(difference / pixels.length, rendition.url).toBeLessThan(8);
    }
    const row = await shop.context.db.query.image_transformations.findFirst({ where: (t, { eq }) => eq(t.id, id) });
    // Outside artworks/, which the backfill reads as one artwork per file.
    expect(row?.renditions?.map((r) => r.key)).toEqual(
      [400, 800, 1600].map((side) => `renditions/artworks/${id}-${side}.jpg`),
    );
  }, 120_000);
});

describe('GET /api/transformations/:id/events streams progress as server-sent events', () => {
  it('sends rising progress states and ends with the completed state', async () => {
    const id = (await start(offered[1].id)).json().transformationId;
    const address = await shop.app.listen({ port: 0, host: '127.0.0.1' });
    const response = await fetch(`${address}/api/transformations/${id}/events`);
    expect(response.headers.get('content-type')).toContain('text/event-stream');
    // Written straight to the connection, the stream still carries the id and security headers.
    expect(response.headers.get('x-request-id')).toBeTruthy();
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    const text = await response.text();
    const states = text
      .split('\n\n')
      .filter((block) => block.startsWith('event: state'))
      .map((block) => JSON.parse(block.split('data: ')[1]));
    expect(states.at(-1)).toMatchObject({ status: 'completed', progress: 100 });
    const progress = states.map((state) => state.progress ?? 0);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
  });
});

describe('PATCH /api/transformations/:id/email (update-transformation-email)', () => {
  it('saves the e-mail on the transformation for the visitor who started it (the token it was given)', async () => {
    const started = (await start(offered[2].id)).json();
    const id = started.transformationId;
    expect(started.editToken).toMatch(/^[\w-]{40,}$/);
    const response = await shop.app.inject({
      method: 'PATCH',
      url: `/api/transformations/${id}/email`,
      headers: { 'x-transformation-token': started.editToken },
      payload: { email: 'traveller@example.com' },
    });
    expect(response.json()).toEqual({ success: true });
    const row = await shop.context.db.query.image_transformations.findFirst({ where: (t, { eq }) => eq(t.id, id) });
    expect(row?.email).toBe('traveller@example.com');
    await waitUntilDone(id);
  });

  it("refuses anyone holding only the id (the gallery publishes ids): no token, a wrong one, or another artwork's", async () => {
    const mine = (await start(offered[2].id)).json();
    const other = (await start(offered[2].id)).json();
    for (const token of [undefined, 'x'.repeat(43), other.editToken]) {
      const response = await shop.app.inject({
        method: 'PATCH',
        url: `/api/transformations/${mine.transformationId}/email`,
        headers: token ? { 'x-transformation-token': token } : {},
        payload: { email: 'attacker@example.com' },
      });
      expect(response.statusCode).toBe(403);
      expect(response.json().error).toBe(TRANSFORMATION_MESSAGES.notYours);
    }
    const row = await shop.context.db.query.image_transformations.findFirst({
      where: (t, { eq }) => eq(t.id, mine.transformationId),
    });
    expect(row?.email).toBeNull();
    await waitUntilDone(mine.transformationId);
    await waitUntilDone(other.transformationId);
  });

  it("refuses an invalid address with 'Please enter a valid email address'", async () => {
    const started = (await start(offered[2].id)).json();
    const id = started.transformationId;
    const response = await shop.app.inject({
      method: 'PATCH',
      url: `/api/transformations/${id}/email`,
      headers: { 'x-transformation-token': started.editToken },
      payload: { email: 'nope' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe('Please enter a valid email address');
    await waitUntilDone(id);
  });
});
