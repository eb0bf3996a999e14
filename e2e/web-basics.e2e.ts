/**
 * Issue 17, fault 10, in the real build: an unknown address answers 404 and shows the 404
 * page inside the storefront's header and footer, every page has its own title, and the
 * built index.html carries each page's head before any script runs.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';
import { NOT_FOUND_PAGE, PAGES, SHARE_IMAGE } from '@/domain/pages';
import { ARTIFACTS, collectPageErrors, DESKTOP, screenshot, settleImages } from './support/browser';
import { useShop } from './support/use-shop';

/** A phone in portrait. */
const PHONE = { width: 390, height: 844 };

const { shop, browser } = useShop();

/** Chromium logs the 404 of the page itself as a console error; that one is expected. */
const unexpected = (errors: string[]) => errors.filter((error) => !error.includes('status of 404'));

async function expectSiteHeaderAndFooter(page: Page) {
  const header = page.locator('header');
  await expect(header.getByRole('link', { name: 'Wanderer' }).isVisible()).resolves.toBe(true);
  await expect(header.getByRole('link', { name: 'Create artwork' }).isVisible()).resolves.toBe(true);
  await expect(page.locator('footer').isVisible()).resolves.toBe(true);
  await settleImages(page, 'header');
  expect(await header.locator('img').evaluate((logo: HTMLImageElement) => logo.naturalWidth)).toBeGreaterThan(0);
  expect(await page.locator('footer').textContent()).toMatch(/© \d{4} Wanderer/);
}

describe('Not found (storefront §2): 404, inside the site header and footer', () => {
  for (const [label, viewport] of [
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ] as const) {
    it(`answers 404 and shows 404, 'Oops! Page not found' and a link back home (${label})`, async () => {
      const page = await browser.newPage({ viewport });
      const errors = collectPageErrors(page);
      const response = await page.goto(`${shop.url}/no/such/page`);
      expect(response?.status()).toBe(404);
      await page.getByText('Oops! Page not found').waitFor();
      expect(await page.getByRole('heading', { name: '404' }).count()).toBe(1);
      await expectSiteHeaderAndFooter(page);
      expect(await page.title()).toBe(NOT_FOUND_PAGE.title('Wanderer'));
      // Nothing is wider than the screen.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
      await screenshot(page, `web-basics-not-found-${label}`);
      await page.getByRole('link', { name: 'Return to Home' }).click();
      await page.waitForURL(`${shop.url}/`);
      await page.waitForFunction((title) => document.title === title, PAGES.home.title('Wanderer'));
      expect(unexpected(errors)).toEqual([]);
      await page.close();
    });
  }

  it('answers 404 for an unknown back-office address too, and 200 for a known one', async () => {
    const page = await browser.newPage({ viewport: DESKTOP });
    expect((await page.goto(`${shop.url}/admin/no-such-screen`))?.status()).toBe(404);
    await page.getByText('Oops! Page not found').waitFor();
    expect((await page.goto(`${shop.url}/admin/login`))?.status()).toBe(200);
    await page.close();
  });
});

describe('every page has its own title', () => {
  const pages = [
    ['/', PAGES.home],
    ['/transform', PAGES.transform],
    ['/transform/thumbnail', PAGES.thumbnail],
    ['/payment-cancelled', PAGES.paymentCancelled],
    ['/order-status/00000000-0000-0000-0000-000000000000', PAGES.orderStatus],
    ['/find-order', PAGES.findOrder],
    ['/admin/login', PAGES.adminLogin],
  ] as const;

  for (const [path, expected] of pages) {
    it(`${path}: "${expected.title('Wanderer')}", from the server and in the app`, async () => {
      const page = await browser.newPage({ viewport: DESKTOP });
      const response = await page.goto(`${shop.url}${path}`);
      expect(response?.status()).toBe(200);
      expect(await response?.text()).toContain(`<title>${expected.title('Wanderer')}</title>`);
      await page.waitForLoadState('networkidle');
      expect(await page.title()).toBe(expected.title('Wanderer'));
      expect(await page.locator('meta[name="description"]').getAttribute('content')).toBe(expected.description);
      await page.close();
    });
  }

  it('changes the title as the visitor moves around the app', async () => {
    const page = await browser.newPage({ viewport: PHONE });
    await page.goto(`${shop.url}/no/such/page`);
    await page.getByText('Oops! Page not found').waitFor();
    await page.locator('header').getByRole('link', { name: 'Create artwork' }).click();
    await page.waitForURL(`${shop.url}/transform`);
    await page.waitForFunction((title) => document.title === title, PAGES.transform.title('Wanderer'));
    expect(await page.locator('meta[name="description"]').getAttribute('content')).toBe(PAGES.transform.description);
    await page.close();
  });
});

describe('the built app, as a crawler without scripts sees it', () => {
  it("gives every page the shop's own share card as og:image: a 1200×630 PNG at an absolute URL that loads (issue 34)", async () => {
    for (const path of ['/', '/transform', '/transform/thumbnail']) {
      const html = await (await fetch(`${shop.url}${path}`)).text();
      const og = (key: string) => html.match(new RegExp(`<meta property="${key}" content="([^"]*)" />`))?.[1];
      expect(og('og:url')).toBe(`${shop.url}${path}`);
      expect(og('og:image')).toBe(`${shop.url}${SHARE_IMAGE.path}`);
      expect([og('og:image:width'), og('og:image:height'), og('og:image:alt')]).toEqual([
        '1200',
        '630',
        SHARE_IMAGE.alt,
      ]);
      expect(html).toContain('<meta name="twitter:card" content="summary_large_image" />');
    }
    const image = await fetch(`${shop.url}${SHARE_IMAGE.path}`);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/png');
    const bytes = Buffer.from(await image.arrayBuffer());
    expect(await sharp(bytes).metadata()).toMatchObject({ format: 'png', width: 1200, height: 630 });
    // The card is the shop's, not a bare artwork: its ground is the thumbnail's deep teal.
    const { dominant } = await sharp(bytes).stats();
    expect(dominant).toMatchObject({ r: expect.any(Number) });
    expect(dominant.g).toBeGreaterThan(dominant.r);
    await writeFile(join(ARTIFACTS, 'share-image.png'), bytes);
  });

  it('serves /favicon.ico: an ICO of the shop icon at 16, 32 and 48 px (issue 34)', async () => {
    const response = await fetch(`${shop.url}/favicon.ico`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/x-icon');
    const ico = Buffer.from(await response.arrayBuffer());
    expect([ico.readUInt16LE(0), ico.readUInt16LE(2), ico.readUInt16LE(4)]).toEqual([0, 1, 3]);
    const sizes = [0, 1, 2].map((index) => ico.readUInt8(6 + 16 * index));
    expect(sizes).toEqual([16, 32, 48]);
    // Each entry is a PNG that decodes at its stated size.
    for (const index of [0, 1, 2]) {
      const length = ico.readUInt32LE(6 + 16 * index + 8);
      const offset = ico.readUInt32LE(6 + 16 * index + 12);
      const meta = await sharp(ico.subarray(offset, offset + length)).metadata();
      expect([meta.format, meta.width]).toEqual(['png', sizes[index]]);
    }
  });

  it('answers HEAD as GET, without the body', async () => {
    const [head, get] = await Promise.all([
      fetch(`${shop.url}/`, { method: 'HEAD' }),
      fetch(`${shop.url}/`, { method: 'GET' }),
    ]);
    expect(head.status).toBe(200);
    expect(await head.text()).toBe('');
    expect(head.headers.get('content-type')).toBe(get.headers.get('content-type'));
    expect(head.headers.get('content-length')).toBe(get.headers.get('content-length'));
    expect((await fetch(`${shop.url}/no/such/page`, { method: 'HEAD' })).status).toBe(404);
  });

  it('serves robots.txt and sitemap.xml', async () => {
    const robots = await fetch(`${shop.url}/robots.txt`);
    expect(robots.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(await robots.text()).toContain(`Sitemap: ${shop.url}/sitemap.xml`);
    const sitemap = await fetch(`${shop.url}/sitemap.xml`);
    expect(sitemap.headers.get('content-type')).toBe('application/xml; charset=utf-8');
    expect(await sitemap.text()).toContain(`<loc>${shop.url}/transform</loc>`);
  });
});
