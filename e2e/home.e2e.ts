import { describe, expect, it } from 'vitest';
import { collectPageErrors, DESKTOP, MOBILE, screenshot } from './support/browser';
import { useShop } from './support/use-shop';

const { shop, browser } = useShop();

describe('Home (storefront §2)', () => {
  for (const [label, viewport] of [
    ['desktop', DESKTOP],
    ['mobile', MOBILE],
  ] as const) {
    it(`shows the headline, the upload area, the static example pairs and the footer (${label})`, async () => {
      const page = await browser.newPage({ viewport });
      const errors = collectPageErrors(page);
      await page.goto(shop.url);
      await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toContain('travel photos');
      await page.getByTestId('example-pair').first().waitFor();
      expect(await page.getByTestId('example-pair').count()).toBe(2);
      await page.waitForFunction(() => [...document.images].every((image) => image.complete && image.naturalWidth > 0));
      expect(await page.locator('footer').textContent()).toMatch(/© \d{4} Wanderer/);
      await screenshot(page, `home-${label}`);
      expect(errors).toEqual([]);
      await page.close();
    });
  }

  it('shows a loading skeleton while the gallery loads', async () => {
    const page = await browser.newPage({ viewport: DESKTOP });
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/gallery', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(shop.url);
    await page.getByTestId('gallery-skeleton').waitFor();
    release();
    await page.getByTestId('example-pair').first().waitFor();
    expect(await page.getByTestId('gallery-skeleton').count()).toBe(0);
    await page.close();
  });
});
