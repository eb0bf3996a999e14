import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { image_transformations, images } from '../../db/schema.js';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { createArtwork, type ArtworkFixture } from '../../testing/fixtures/orders.js';

let shop: TestApp;
let artwork: ArtworkFixture;

beforeAll(async () => {
  shop = await createTestApp();
  artwork = await createArtwork(shop.context);
});
afterAll(async () => shop?.close());

const get = async (url: string) => {
  const response = await shop.app.inject({ method: 'GET', url });
  return { status: response.statusCode, body: response.json() };
};

describe('a link to /transform?image={id}&artwork={id} can be restored from the server', () => {
  it('GET /api/images/:id answers the photo id and its public display URL, nothing private', async () => {
    const [image] = await shop.context.db.select().from(images).where(eq(images.id, artwork.imageId));
    expect(await get(`/api/images/${artwork.imageId}`)).toEqual({
      status: 200,
      body: { id: artwork.imageId, url: shop.context.storage.publicUrl(image!.display_path) },
    });
  });

  it('answers 404 with a visitor’s words for an unknown or malformed id', async () => {
    const message = 'This photo is no longer available. Please upload it again.';
    expect(await get('/api/images/0f8fad5b-d9cb-469f-a165-70867728950e')).toEqual({
      status: 404,
      body: { error: message },
    });
    expect(await get('/api/images/..%2F..%2Fetc')).toMatchObject({ status: 404 });
  });

  it("a transformation's state names its photo and style", async () => {
    const [row] = await shop.context.db
      .select()
      .from(image_transformations)
      .where(eq(image_transformations.id, artwork.transformationId));
    const { body } = await get(`/api/transformations/${artwork.transformationId}`);
    expect(body).toMatchObject({ imageId: artwork.imageId, styleId: row!.style_id });
  });
});
