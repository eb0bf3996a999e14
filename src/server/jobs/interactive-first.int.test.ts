/**
 * Issue 31, must show 3: a visitor's preview runs ahead of everything else. A preview queued
 * behind ten print files starts before the nine still waiting, and no print file starts
 * while it runs (infra/work-gate.ts, the jobs' `lane`). Mockups follow the previews being
 * made: a visitor with an artwork has something to look at, one without has a progress bar.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isLocalStyleId } from '../../domain/styles.js';
import { styles } from '../db/schema.js';
import { cameraPhoto, insertArtwork, insertPhoto } from '../testing/fixtures.js';
import { waitFor } from '../testing/fixtures/jobs.js';
import { buyArtwork } from '../testing/fixtures/orders.js';
import { createTestApp, type TestApp } from '../testing/test-app.js';
import { createJobHandlers } from '../job-wiring.js';
import type { JobHandlers, JobName } from './job-names.js';

let shop: TestApp;
beforeAll(async () => {
  shop = await createTestApp({ env: { ALLOW_TEST_PAYMENTS: 'true' } });
});
afterAll(async () => shop?.close());

interface Run {
  job: JobName;
  id: string;
  started: number;
  ended?: number;
}

describe('interactive work first', () => {
  it('starts a preview queued behind ten print files before the print files still waiting', async () => {
    const [style] = (await shop.context.db.select().from(styles)).filter(
      (row) => row.is_active && isLocalStyleId(row.engine),
    );

    // Ten paid orders, each with a line whose print file is rendered afresh at 1600 px, on a
    // product that 1600 px prints sharp on.
    for (let n = 0; n < 10; n += 1) {
      const { transformation } = await insertArtwork(shop.context, { styleId: style.id });
      await buyArtwork(shop, transformation.id);
    }

    // The workers, noting when each job really starts (past the gate) and ends.
    const runs: Run[] = [];
    const handlers = createJobHandlers(shop.context);
    const noted = <N extends 'order.print-file' | 'transformation.render'>(job: N, id: (data: never) => string) =>
      (async (data: never) => {
        const run: Run = { job, id: id(data), started: Date.now() };
        runs.push(run);
        try {
          await (handlers[job] as (data: never) => Promise<void>)(data);
        } finally {
          run.ended = Date.now();
        }
      }) as JobHandlers[N];
    await shop.context.jobs.work({
      'order.print-file': noted('order.print-file', (data: { orderItemId: string }) => data.orderItemId),
      'transformation.render': noted(
        'transformation.render',
        (data: { transformationId: string }) => data.transformationId,
      ),
    });
    const prints = () => runs.filter((run) => run.job === 'order.print-file');
    await waitFor(
      async () => prints().length,
      (started) => started >= 1,
      60_000,
    );

    // A visitor asks for an artwork while the first print file renders.
    const photo = await insertPhoto(shop.context, await cameraPhoto(undefined, 1600, 1200), 'harbour.jpg');
    const startedBefore = prints().length;
    const asked = await shop.app.inject({
      method: 'POST',
      url: '/api/transformations',
      payload: { imageId: photo.id, styleId: style.id },
    });
    expect(asked.statusCode).toBe(202);
    const previewId: string = asked.json().transformationId;

    const state = await waitFor(
      async () => (await shop.app.inject({ url: `/api/transformations/${previewId}` })).json(),
      (body) => body.status !== 'processing',
      120_000,
    );
    expect(state.status).toBe('completed');
    await waitFor(
      async () => prints().filter((run) => run.ended).length,
      (ended) => ended === 10,
      180_000,
    );

    const preview = runs.find((run) => run.job === 'transformation.render' && run.id === previewId)!;
    // It really was behind them: at most the first two had started when it was asked for, and
    // (a print file ending as the request came in) one more before it started.
    expect(startedBefore).toBeLessThanOrEqual(2);
    const ahead = prints().filter((run) => run.started < preview.started);
    expect(ahead.length).toBeLessThanOrEqual(3);
    // The seven or more still waiting started only once the preview was done.
    const behind = prints().filter((run) => run.started >= preview.started);
    expect(behind.length).toBeGreaterThanOrEqual(7);
    for (const run of behind) expect(run.started).toBeGreaterThanOrEqual(preview.ended!);
    // Each line got its one print file all the same.
    expect(new Set(prints().map((run) => run.id)).size).toBe(10);
  }, 400_000);
});

describe('mockups after previews', () => {
  // A shop of its own, whose renders nobody works until the test says so.
  let quiet: TestApp;
  beforeAll(async () => {
    quiet = await createTestApp();
  });
  afterAll(async () => quiet?.close());

  it("holds a visitor's mockups while another visitor's artwork waits, and draws them after it", async () => {
    const shop = quiet;
    const [style] = (await shop.context.db.select().from(styles)).filter(
      (row) => row.is_active && isLocalStyleId(row.engine),
    );
    const { transformation: shown } = await insertArtwork(shop.context, { styleId: style.id });
    const [product] = (await shop.app.inject({ url: '/api/products' })).json();

    // Another visitor's artwork is queued.
    const photo = await insertPhoto(shop.context, await cameraPhoto(undefined, 1600, 1200), 'quay.jpg');
    const asked = await shop.app.inject({
      method: 'POST',
      url: '/api/transformations',
      payload: { imageId: photo.id, styleId: style.id },
    });
    expect(asked.statusCode).toBe(202);
    const waitingId: string = asked.json().transformationId;

    let answered = 0;
    const mockups = shop.app
      .inject({
        method: 'POST',
        url: '/api/mockups',
        payload: { transformationId: shown.id, variant_ids: [product.printful_variant_id] },
      })
      .then((response) => ((answered = Date.now()), response));
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(answered, 'mockups drawn while an artwork waited').toBe(0);

    // The render is worked; the mockups follow it.
    let rendered = 0;
    const handlers = createJobHandlers(shop.context);
    await shop.context.jobs.work({
      'transformation.render': async (data) => {
        await handlers['transformation.render']!(data);
        rendered = Date.now();
      },
    });
    const response = await mockups;
    expect(response.json().success).toBe(true);
    expect(rendered).toBeGreaterThan(0);
    expect(answered).toBeGreaterThanOrEqual(rendered);
    const state = (await shop.app.inject({ url: `/api/transformations/${waitingId}` })).json();
    expect(state.status).toBe('completed');
  }, 120_000);
});
