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

/** An active style the shop renders itself. */
async function localStyle(app: TestApp) {
  const [style] = (await app.context.db.select().from(styles)).filter(
    (row) => row.is_active && isLocalStyleId(row.engine),
  );
  return style!;
}

/** A visitor's photo, and their click on `styleId`: the transformation's id. */
async function askForArtwork(app: TestApp, styleId: string, name: string): Promise<string> {
  const photo = await insertPhoto(app.context, await cameraPhoto(undefined, 1600, 1200), name);
  const asked = await app.app.inject({
    method: 'POST',
    url: '/api/transformations',
    payload: { imageId: photo.id, styleId },
  });
  expect(asked.statusCode).toBe(202);
  return asked.json().transformationId;
}

interface Run {
  job: JobName;
  id: string;
  started: number;
  ended?: number;
}

describe('interactive work first', () => {
  it('starts a preview queued behind ten print files before the print files still waiting', async () => {
    const style = await localStyle(shop);

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
    const startedBefore = prints().length;
    const previewId = await askForArtwork(shop, style.id, 'harbour.jpg');

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

  it("holds a visitor's mockups while another visitor's artwork waits, and draws them after it", async () => {
    // A shop of its own, whose renders nobody works until the test says so.
    const quiet = await createTestApp();
    try {
      const style = await localStyle(quiet);
      const { transformation: shown } = await insertArtwork(quiet.context, { styleId: style.id });
      const [product] = (await quiet.app.inject({ url: '/api/products' })).json();
      // Another visitor's artwork is queued.
      const waitingId = await askForArtwork(quiet, style.id, 'quay.jpg');

      let answered = 0;
      const mockups = quiet.app
        .inject({
          method: 'POST',
          url: '/api/mockups',
          payload: { transformationId: shown.id, variant_ids: [product.printful_variant_id] },
        })
        .then((response) => ((answered = Date.now()), response));
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      expect(answered, 'mockups drawn while an artwork waited').toBe(0);

      // The render is worked; the mockups follow it.
      let renderStarted = 0;
      const handlers = createJobHandlers(quiet.context);
      await quiet.context.jobs.work({
        'transformation.render': async (data) => {
          renderStarted = Date.now();
          await handlers['transformation.render']!(data);
        },
      });
      const response = await mockups;
      expect(response.json().success).toBe(true);
      expect(renderStarted).toBeGreaterThan(0);
      expect(answered).toBeGreaterThan(renderStarted);
      const state = (await quiet.app.inject({ url: `/api/transformations/${waitingId}` })).json();
      expect(state.status).toBe('completed');
    } finally {
      await quiet.close();
    }
  }, 120_000);
});
