/**
 * Issue 17, must show 3: the home page ships at most 200 KB of gzipped JavaScript (it was
 * 241 KB when every storefront page came in the first download). Bytes, not time: the
 * figure is the same on any machine. `npm run bench -- js-budget` prints every page's.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser } from './support/browser';
import { javascriptOf, kilobytes, PAGE_READY } from './support/js-budget';
import { startShop, type ShopProcess } from './support/server';

const BUDGET_BYTES = 200 * 1024;

let shop: ShopProcess;
let browser: Browser;

beforeAll(async () => {
  [shop, browser] = await Promise.all([startShop(), launchBrowser()]);
});

afterAll(async () => {
  await browser?.close();
  await shop?.stop();
  await shop?.cleanup();
});

describe('JavaScript budget', () => {
  it('/ loads at most 200 KB of gzipped JavaScript, and none of the transform page or the back office', async () => {
    const home = await javascriptOf(browser, `${shop.url}/`, { ready: PAGE_READY['/'] });
    const listing = home.scripts.map((script) => `${script.url} ${kilobytes(script.gzipBytes)}`).join('\n');
    expect(home.gzipBytes, `/ loads ${kilobytes(home.gzipBytes)}:\n${listing}`).toBeLessThanOrEqual(BUDGET_BYTES);
    expect(home.scripts.some((script) => /transform-page|admin|dashboard/.test(script.url))).toBe(false);
  });

  it('/transform still gets its page, loaded on demand', async () => {
    const transform = await javascriptOf(browser, `${shop.url}/transform`, { ready: PAGE_READY['/transform'] });
    expect(transform.scripts.some((script) => script.url.includes('transform-page'))).toBe(true);
  });
});
