/**
 * Issue 10, finding 5: open progress streams are capped per address, and one shared watcher
 * reads the database for all of them (a change made by another process still reaches every
 * stream), instead of a query every 400 ms per stream.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { image_transformations } from '../../db/schema.js';
import { insertArtwork } from '../../testing/fixtures.js';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { EVENT_STREAMS_PER_ADDRESS } from './routes.js';

let shop: TestApp;
let address: string;
let processingId: string;
beforeAll(async () => {
  shop = await createTestApp();
  address = await shop.app.listen({ port: 0, host: '127.0.0.1' });
  // A render that is under way in "another process": the row says processing, no job here.
  processingId = (await insertArtwork(shop.context)).transformation.id;
  await shop.context.db
    .update(image_transformations)
    .set({ status: 'processing', progress: 10 })
    .where(eq(image_transformations.id, processingId));
});
afterAll(async () => shop?.close());

/** Opens a stream and collects its `state` events. */
function openStream(id: string) {
  const controller = new AbortController();
  const states: Array<{ status: string; progress: number | null }> = [];
  const opened = fetch(`${address}/api/transformations/${id}/events`, { signal: controller.signal }).then(
    async (response) => {
      if (response.status !== 200) return response.status;
      void (async () => {
        const decoder = new TextDecoder();
        let buffer = '';
        try {
          for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
            buffer += decoder.decode(chunk, { stream: true });
            let end;
            while ((end = buffer.indexOf('\n\n')) >= 0) {
              const event = buffer.slice(0, end);
              buffer = buffer.slice(end + 2);
              const data = /^data: (.*)$/m.exec(event)?.[1];
              if (data) states.push(JSON.parse(data));
            }
          }
        } catch {
          // aborted by the test
        }
      })();
      return 200;
    },
  );
  return { opened, states, close: () => controller.abort() };
}

async function eventually(check: () => boolean, what: string): Promise<void> {
  for (let tries = 0; tries < 100; tries++) {
    if (check()) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`never happened: ${what}`);
}

describe('progress event streams', () => {
  it(`allows ${EVENT_STREAMS_PER_ADDRESS} open streams per address and answers 429 to the next; a closed one frees its place`, async () => {
    const streams = Array.from({ length: EVENT_STREAMS_PER_ADDRESS }, () => openStream(processingId));
    expect(await Promise.all(streams.map((stream) => stream.opened))).toEqual(
      Array(EVENT_STREAMS_PER_ADDRESS).fill(200),
    );
    const extra = openStream(processingId);
    expect(await extra.opened).toBe(429);

    streams[0].close();
    let again: ReturnType<typeof openStream> | undefined;
    for (let tries = 0; tries < 50; tries++) {
      again = openStream(processingId);
      if ((await again.opened) === 200) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(await again!.opened).toBe(200);
    for (const stream of [...streams, again!]) stream.close();
  });

  it('a change written by another process reaches every open stream through the shared watcher', async () => {
    // Let the previous test's streams go.
    await new Promise((resolve) => setTimeout(resolve, 500));
    const streams = Array.from({ length: 8 }, () => openStream(processingId));
    await Promise.all(streams.map((stream) => stream.opened));
    await eventually(() => streams.every((stream) => stream.states.length >= 1), 'first states');

    await shop.context.db
      .update(image_transformations)
      .set({ progress: 60 })
      .where(eq(image_transformations.id, processingId));
    await eventually(
      () => streams.every((stream) => stream.states.some((state) => state.progress === 60)),
      'progress 60 on every stream',
    );
    for (const stream of streams) stream.close();
  });
});
