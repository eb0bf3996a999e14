import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';
import type { MockupView } from '../../../domain/mockups.js';
import { insertArtwork } from '../../testing/fixtures.js';
import { startPrintfulFake, type PrintfulFake } from '../../testing/fakes/printful-catalog-fake.js';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { renderPrintfulMockups } from './printful-mockups.js';

describe('POST /api/mockups with the local renderer', () => {
  let shop: TestApp;
  let transformationId: string;
  let variantIds: number[];

  beforeAll(async () => {
    shop = await createTestApp();
    transformationId = (await insertArtwork(shop.context)).transformation.id;
    variantIds = (await shop.app.inject({ method: 'GET', url: '/api/products' }))
      .json()
      .map((p: { printful_variant_id: number }) => p.printful_variant_id);
  });
  afterAll(async () => shop?.close());

  const mockups = (payload: Record<string, unknown>) =>
    shop.app.inject({ method: 'POST', url: '/api/mockups', payload });

  it('renders labelled views of every enabled product, served from our storage', async () => {
    const answer = (await mockups({ transformationId, variant_ids: variantIds })).json();
    expect(answer.success).toBe(true);
    expect(answer.pending).toBe(false);
    for (const variantId of variantIds) {
      const views = answer.mockups.filter((m: { variant_id: number }) => m.variant_id === variantId);
      expect(views.length, `variant ${variantId}`).toBeGreaterThanOrEqual(1);
      for (const view of views)
        expect(view).toMatchObject({ placement: expect.any(String), label: expect.any(String), source: 'local' });
    }
    const first = await shop.app.inject({ method: 'GET', url: answer.mockups[0].mockup_url });
    expect(first.statusCode).toBe(200);
    expect((await sharp(first.rawPayload).metadata()).format).toBe('jpeg');
  });

  it('stores 400 and 800 px renditions of each 800 px view, never one enlarged to 1600 (issue 17)', async () => {
    const answer = (await mockups({ transformationId, variant_ids: [variantIds[0]] })).json();
    for (const view of answer.mockups as MockupView[]) {
      expect(view.renditions.map((r) => [r.width, r.height])).toEqual([
        [400, 400],
        [800, 800],
      ]);
      // The 800 px rendition is the view itself: no second copy of the same pixels.
      expect(view.renditions[1]!.url).toBe(view.mockup_url);
      for (const rendition of view.renditions) {
        const served = await shop.app.inject({ method: 'GET', url: rendition.url });
        expect(served.statusCode, rendition.url).toBe(200);
        const meta = await sharp(served.rawPayload).metadata();
        expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', rendition.width, rendition.height]);
      }
    }
  });

  it('answers from the cache the second time: the same files', async () => {
    const first = (await mockups({ transformationId, variant_ids: [variantIds[0]] })).json();
    const second = (await mockups({ transformationId, variant_ids: [variantIds[0]] })).json();
    expect(second.mockups.map((m: { mockup_url: string }) => m.mockup_url)).toEqual(
      first.mockups.map((m: { mockup_url: string }) => m.mockup_url),
    );
  });

  it('renders once for five concurrent calls on one artwork: the same files for all, none orphaned (issue 10)', async () => {
    const fresh = (await insertArtwork(shop.context)).transformation.id;
    const some = variantIds.slice(0, 3);
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => mockups({ transformationId: fresh, variant_ids: some })),
    );
    const urls = answers.map((answer) =>
      answer
        .json()
        .mockups.map((m: { mockup_url: string }) => m.mockup_url)
        .sort(),
    );
    for (const list of urls) expect(list).toEqual(urls[0]);
    // Each view's file and its renditions' (the 800 px rendition is the view's own file).
    const everyFile = new Set<string>(
      answers[0]
        .json()
        .mockups.flatMap((m: MockupView) => [m.mockup_url, ...m.renditions.map((rendition) => rendition.url)]),
    );
    const folder = join(shop.config.dataDir, 'storage', 'mockups', fresh);
    const files = (await readdir(folder)).sort();
    expect(files).toEqual([...everyFile].map((url) => url.split('/').pop()).sort());
  });

  it("refuses an unknown artwork with 'No artwork available for mockup generation'", async () => {
    const response = await mockups({ transformationId: '00000000-0000-4000-8000-000000000000', variant_ids: [1320] });
    expect(response.statusCode).toBe(404);
    expect(response.json().error).toBe('No artwork available for mockup generation');
  });

  it('refuses a variant the renderer does not know, naming it', async () => {
    const response = await mockups({ transformationId, variant_ids: [99_999_999] });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe('Failed to generate previews for variant 99999999');
  });

  it('never takes an artwork from a URL the browser sends', async () => {
    const response = await mockups({ artwork_url: 'http://169.254.169.254/latest', variant_ids: [1320] });
    expect(response.statusCode).toBe(400);
  });
});

describe("Printful's mockup generator replaces the local mockups when its results arrive", () => {
  let shop: TestApp;
  let printful: PrintfulFake;

  beforeAll(async () => {
    printful = await startPrintfulFake();
    shop = await createTestApp({ env: { PRINTFUL_API_KEY: 'token', PRINTFUL_BASE_URL: printful.url } });
  });
  afterAll(async () => {
    await shop?.close();
    await printful?.close();
  });

  it('shows local mockups at once, then Printful’s copied into our storage', async () => {
    const { transformation } = await insertArtwork(shop.context);
    const first = (
      await shop.app.inject({
        method: 'POST',
        url: '/api/mockups',
        payload: { transformationId: transformation.id, variant_ids: [1320] },
      })
    ).json();
    expect(first).toMatchObject({ success: true, pending: true });
    expect(first.mockups[0].source).toBe('local');

    printful.mockupTasks.pendingPolls = 2;
    await renderPrintfulMockups(shop.context, transformation.id, 1320, {
      firstPollMs: 10,
      pollEveryMs: 10,
      timeoutMs: 5_000,
    });
    const created = printful.requests.find((request) => request.path.startsWith('/mockup-generator/create-task/'));
    expect(created?.body).toMatchObject({
      variant_ids: [1320],
      format: 'jpg',
      files: [{ image_url: expect.stringMatching(/^http:\/\/.+\/files\/artworks\//) }],
    });
    expect(printful.requests.filter((request) => request.path.startsWith('/mockup-generator/task')).length).toBe(3);

    const second = (
      await shop.app.inject({
        method: 'POST',
        url: '/api/mockups',
        payload: { transformationId: transformation.id, variant_ids: [1320] },
      })
    ).json();
    expect(second.pending).toBe(false);
    expect(second.mockups.map((m: { source: string }) => m.source)).toEqual(['printful', 'printful']);
    expect(second.mockups[1].label).toBe('Lifestyle');
    // Copied: served by us, not by Printful.
    const copy = await shop.app.inject({ method: 'GET', url: second.mockups[0].mockup_url });
    expect(copy.statusCode).toBe(200);
    expect(second.mockups[0].mockup_url.startsWith('/files/mockups/')).toBe(true);
  });

  it('keeps the local mockups when the task fails', async () => {
    const { transformation } = await insertArtwork(shop.context);
    printful.mockupTasks.fail = true;
    await renderPrintfulMockups(shop.context, transformation.id, 4830, {
      firstPollMs: 10,
      pollEveryMs: 10,
      timeoutMs: 5_000,
    });
    printful.mockupTasks.fail = false;
    const answer = (
      await shop.app.inject({
        method: 'POST',
        url: '/api/mockups',
        payload: { transformationId: transformation.id, variant_ids: [4830] },
      })
    ).json();
    expect(answer.mockups.every((m: { source: string }) => m.source === 'local')).toBe(true);
  });
});
