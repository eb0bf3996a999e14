/**
 * Issue 31, honest waiting: a render waiting for an engine tells the visitor its place in line
 * and an estimate made from the shop's measured render times, in its state and its progress
 * stream; once it renders, the place goes.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queueMessage } from '../../../domain/transformation.js';
import { RUNS_FRESH_MS } from '../../jobs/queue.js';
import { cameraPhoto, insertPhoto } from '../../testing/fixtures.js';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { updateTransformation } from './repository.js';

let shop: TestApp;
beforeAll(async () => {
  // No workers: the renders stay queued.
  shop = await createTestApp();
});
afterAll(async () => shop?.close());

async function startRenders(count: number): Promise<string[]> {
  const photo = await insertPhoto(shop.context, await cameraPhoto(undefined, 800, 600), `queue-${count}.jpg`);
  const styles: Array<{ id: string }> = (await shop.app.inject({ url: '/api/styles' })).json();
  const ids: string[] = [];
  for (let n = 0; n < count; n += 1) {
    const started = await shop.app.inject({
      method: 'POST',
      url: '/api/transformations',
      payload: { imageId: photo.id, styleId: styles[n % styles.length]!.id },
    });
    ids.push(started.json().transformationId);
    // pg-boss orders by creation time: keep them apart.
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  return ids;
}

const stateOf = async (id: string) => (await shop.app.inject({ url: `/api/transformations/${id}` })).json();

describe('a queued render', () => {
  it('says its place in line, with no estimate before any render has been timed', async () => {
    const ids = await startRenders(3);
    expect((await stateOf(ids[0]!)).queue).toEqual({ place: 1, estimateSeconds: null });
    expect((await stateOf(ids[2]!)).queue).toEqual({ place: 3, estimateSeconds: null });
    expect(queueMessage({ place: 3, estimateSeconds: null })).toBe('Your artwork is number 3 in line.');
  });

  it('estimates from the measured render times and the engines busy now, and says so in the stream', async () => {
    await shop.context.db.execute(sql`delete from pgboss.job where name = 'transformation.render'`);
    const ids = await startRenders(4);
    // The first is rendering (for 1 s so far); two renders finished earlier, in 4 s and 6 s.
    await shop.context.db.execute(sql`
      update pgboss.job set state = 'active', started_on = now() - interval '1 second'
      where name = 'transformation.render' and data->>'transformationId' = ${ids[0]}`);
    await shop.context.db.execute(sql`
      insert into pgboss.job (id, name, data, state, created_on, started_on, completed_on)
      values (gen_random_uuid(), 'transformation.render', '{"transformationId":"done-1"}', 'completed',
              now() - interval '20 seconds', now() - interval '20 seconds', now() - interval '16 seconds'),
             (gen_random_uuid(), 'transformation.render', '{"transformationId":"done-2"}', 'completed',
              now() - interval '15 seconds', now() - interval '15 seconds', now() - interval '9 seconds')`);
    await updateTransformation(shop.context.db, ids[0]!, { progress: 30 });
    // The engines busy and the run times are read once for every waiting visitor, and kept a
    // moment: the earlier test's reads must have gone stale.
    await new Promise((resolve) => setTimeout(resolve, RUNS_FRESH_MS));

    // The running one has no place; the last waits for two ahead on one busy engine:
    // (2 + ½) × 5 s ÷ 1, then its own 5 s.
    expect((await stateOf(ids[0]!)).queue).toBeNull();
    expect((await stateOf(ids[1]!)).queue).toEqual({ place: 1, estimateSeconds: 8 });
    expect((await stateOf(ids[3]!)).queue).toEqual({ place: 3, estimateSeconds: 18 });
    expect(queueMessage({ place: 3, estimateSeconds: 18 })).toBe(
      'Your artwork is number 3 in line: ready in about 20 seconds.',
    );
    expect(queueMessage({ place: 1, estimateSeconds: 130 })).toBe(
      'Your artwork is next in line: ready in about 3 minutes.',
    );

    const address = await shop.app.listen({ port: 0, host: '127.0.0.1' });
    const controller = new AbortController();
    const response = await fetch(`${address}/api/transformations/${ids[3]}/events`, { signal: controller.signal });
    const reader = response.body!.getReader();
    let text = '';
    while (!text.includes('\n\n')) text += new TextDecoder().decode((await reader.read()).value);
    controller.abort();
    const first = JSON.parse(/^data: (.*)$/m.exec(text)![1]!);
    expect(first).toMatchObject({ status: 'processing', queue: { place: 3, estimateSeconds: 18 } });
  });
});
