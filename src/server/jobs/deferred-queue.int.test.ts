/**
 * The queue `npm start` starts after it answers: a job queued inside a transaction before the
 * queue runs. On the embedded database the start would need the connection that transaction
 * holds; a restarted shop whose first request was a payment hung this way, for ever.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { cameraPhoto, insertPhoto } from '../testing/fixtures.js';
import { createTestApp, type TestApp } from '../testing/test-app.js';

const shops: TestApp[] = [];
afterAll(async () => {
  for (const shop of shops) await shop.close();
});

async function shopWithQueueNotStarted(): Promise<TestApp> {
  const shop = await createTestApp({ startJobsLater: true });
  shops.push(shop);
  return shop;
}

describe('a job queued in a transaction before the queue runs', () => {
  it('is refused at once, the transaction rolled back, instead of waiting for ever; after ready() it is queued', async () => {
    const { context } = await shopWithQueueNotStarted();
    const queueIn = () =>
      context.db.transaction((tx) => context.jobs.sendWithin(tx, 'storage.delete', { key: 'uploads/gone.jpg' }));
    await expect(queueIn()).rejects.toThrow('await jobs.ready() first');
    await context.jobs.ready();
    expect(await queueIn()).toEqual(expect.any(String));
    expect(await context.jobs.states('storage.delete', { key: 'uploads/gone.jpg' })).toEqual(['created']);
  });

  it('a shop whose first request queues a render in its transaction answers it', async () => {
    const shop = await shopWithQueueNotStarted();
    const photo = await insertPhoto(shop.context, await cameraPhoto(), 'IMG_2041.JPG');
    const [style] = (await shop.app.inject({ method: 'GET', url: '/api/styles' })).json();
    const response = await shop.app.inject({
      method: 'POST',
      url: '/api/transformations',
      payload: { imageId: photo.id, styleId: style.id },
    });
    expect(response.statusCode).toBe(202);
    const { transformationId } = response.json();
    expect(await shop.context.jobs.states('transformation.render', { transformationId })).toEqual(['created']);
  });
});
