/**
 * Issue 31, honest waiting: when renders queue, the progress stream tells the visitor their
 * place and an estimate from the shop's measured render times, and the transform page shows
 * it instead of a bar that pretends to move; then the artwork arrives as usual.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { cameraPhoto } from '../src/server/testing/fixtures';
import { json, uploadPhoto } from './support/api';
import { collectPageErrors, DESKTOP, screenshot } from './support/browser';
import { useShop } from './support/use-shop';

const { shop, browser } = useShop();

/**
 * How long the queue ahead of ours should last, at one render after another: the page's line
 * is refreshed every two seconds, and it must be seen to move up more than once.
 */
const WAIT_MS = 20_000;

async function startRender(imageId: string, styleId: string): Promise<string> {
  const started = await json<{ transformationId: string }>(
    await fetch(`${shop.url}/api/transformations`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ imageId, styleId }),
    }),
  );
  return started.transformationId;
}

async function finished(id: string): Promise<void> {
  for (;;) {
    const state = await json<{ status: string }>(await fetch(`${shop.url}/api/transformations/${id}`));
    if (state.status !== 'processing') return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** Every text the page's queue line shows, as it changes. */
async function watchQueueLine(page: Page): Promise<string[]> {
  const seen: string[] = [];
  await page.exposeFunction('recordQueue', (text: string) => {
    if (seen.at(-1) !== text) seen.push(text);
  });
  await page.addInitScript(() => {
    new MutationObserver(() => {
      const line = document.querySelector('[data-testid="transform-queue"]');
      if (line?.textContent) (window as unknown as { recordQueue(text: string): void }).recordQueue(line.textContent);
    }).observe(document, { subtree: true, childList: true, characterData: true });
  });
  return seen;
}

describe('honest waiting', () => {
  it('shows a queued artwork its place in line and an estimate, then the artwork', async () => {
    const styles = await json<Array<{ id: string }>>(await fetch(`${shop.url}/api/styles`));
    const imageId = await uploadPhoto(shop.url, await cameraPhoto('lake-boats-sunset.jpg', 4000, 3000));
    // Renders done: the estimate has measured times to go by, and the second (warm) one tells
    // how many visitors it takes to keep ours waiting through several of the page's updates on
    // this machine, fast or slow.
    await finished(await startRender(imageId, styles[0]!.id));
    const warmStart = Date.now();
    await finished(await startRender(imageId, styles[1]!.id));
    const visitors = Math.min(48, Math.max(8, Math.ceil(WAIT_MS / (Date.now() - warmStart))));

    // That many visitors at once; ours is the last.
    const ids: string[] = [];
    for (let n = 0; n < visitors; n += 1) ids.push(await startRender(imageId, styles[n % styles.length]!.id));
    const ours = ids.at(-1)!;

    const pages = await Promise.all(
      [DESKTOP, { width: 390, height: 844 }].map(async (viewport) => {
        const page = await browser.newPage({ viewport });
        return { page, errors: collectPageErrors(page), seen: await watchQueueLine(page), viewport };
      }),
    );
    await Promise.all(pages.map(({ page }) => page.goto(`${shop.url}/transform?image=${imageId}&artwork=${ours}`)));
    for (const { page, viewport } of pages) {
      const line = page.getByTestId('transform-queue');
      await line.waitFor({ timeout: 30_000 });
      expect(await line.textContent()).toMatch(
        /^Your artwork is (number \d+|next) in line: ready in about \d+ (seconds|minutes?)\.$/,
      );
      // On a phone the artwork panel is below the photo: the screenshot shows the line itself.
      await line.scrollIntoViewIfNeeded();
      await screenshot(page, `transform-queue-place-${viewport.width}`, { fullPage: false });
    }

    for (const { page, seen, errors } of pages) {
      await page.getByTestId('compare-slider').waitFor({ timeout: 180_000 });
      expect(await page.getByTestId('transform-queue').count()).toBe(0);
      // It moved up the line as the renders ahead finished.
      const places = seen.map((text) => (/next in line/.test(text) ? 1 : Number(/number (\d+)/.exec(text)?.[1])));
      expect(places.length).toBeGreaterThanOrEqual(2);
      expect(places.at(-1)!).toBeLessThan(places[0]!);
      for (let i = 1; i < places.length; i += 1) expect(places[i]!).toBeLessThanOrEqual(places[i - 1]!);
      expect(errors).toEqual([]);
      await page.close();
    }
    await Promise.all(ids.map(finished));
  }, 400_000);
});
