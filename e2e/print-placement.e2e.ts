/**
 * Fill or fit, from the preview to the print (issue 37, "Must show" 3): the preview modal's
 * switch draws the mockup again with the artwork placed the other way; the cart line keeps
 * the choice through checkout; the order line carries it and the owner sees the print file
 * made for it. Screenshots at 1280 and 390 px in e2e/artifacts/print-placement-*.png.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { collectPageErrors, DESKTOP, screenshot, settleImages } from './support/browser';
import { ADMIN, ADMIN_ENV, signInAsAdmin } from './support/admin';
import { ROOT } from './support/server';
import { checkoutToShippingStep, chooseShipping, makeArtworkInBrowser, payWith4242 } from './support/storefront';
import { useShop } from './support/use-shop';

const PHONE = { width: 390, height: 844 };
const POSTER = 'Poster 18×24″';

const { shop, browser } = useShop({
  env: { ...ADMIN_ENV, FULFILMENT_SIMULATION_SECONDS: '3600' },
});
let photo: Buffer;

beforeAll(async () => {
  photo = await readFile(join(ROOT, 'assets/photos/lake-boats-sunset.jpg'));
});

/** Photo → Watercolour (painted at print size, so every product is sharp) → products. */
const artwork = (page: Page, name: string) => makeArtworkInBrowser(page, { shopUrl: shop.url, photo, name });

async function openPreview(page: Page, product: string) {
  const card = page.getByTestId('product-card').filter({ hasText: product });
  await card.locator('[data-testid="product-thumbnail"][src*="/files/mockups/"]').waitFor({ timeout: 60_000 });
  await card.getByRole('button', { name: `View ${product} with your artwork` }).click();
  const modal = page.getByTestId('preview-modal');
  await modal.getByTestId('fit-switch').waitFor();
  return modal;
}

const mainMockup = (page: Page) =>
  page
    .getByTestId('preview-modal')
    .getByRole('img', { name: new RegExp(`^${POSTER}, `) })
    .first();

/** The mockup's pixels as the browser decoded them, 64 × 64, to compare two views. */
async function pixelsOf(page: Page, src: string): Promise<number[]> {
  return page.evaluate(async (url) => {
    const image = new Image();
    image.src = url;
    await image.decode();
    const canvas = document.createElement('canvas');
    canvas.width = 64;
    canvas.height = 64;
    const context = canvas.getContext('2d')!;
    context.drawImage(image, 0, 0, 64, 64);
    return [...context.getImageData(0, 0, 64, 64).data];
  }, src);
}

describe('fill or fit, from the preview to the print file', () => {
  it('1280 px: the switch changes the mockup; the cart line and the order keep Fit; the owner sees the print file', async () => {
    const page = await browser.newPage({ viewport: DESKTOP });
    const errors = collectPageErrors(page);
    await artwork(page, 'placement-desktop.jpg');
    const modal = await openPreview(page, POSTER);
    const fill = modal.getByRole('radio', { name: 'Fill' });
    const fit = modal.getByRole('radio', { name: 'Fit' });
    expect(await fill.getAttribute('aria-checked')).toBe('true');
    await modal.getByTestId('print-resolution').waitFor();
    const filled = (await mainMockup(page).getAttribute('src'))!;
    await settleImages(page, '[data-testid="preview-modal"]');
    await screenshot(page, 'print-placement-modal-fill-1280', { fullPage: false });

    await fit.click();
    await page.waitForFunction(
      (before) =>
        [...document.querySelectorAll<HTMLImageElement>('[data-testid="preview-modal"] img')].some(
          (image) => image.src.includes('-fit-') && !image.src.endsWith(before),
        ),
      filled,
    );
    expect(await fit.getAttribute('aria-checked')).toBe('true');
    const fitted = (await mainMockup(page).getAttribute('src'))!;
    expect(fitted).not.toBe(filled);
    expect(fitted).toContain('-fit-');
    // Not only another file: other pixels (the border a fitted artwork leaves on the poster).
    const [a, b] = [await pixelsOf(page, filled), await pixelsOf(page, fitted)];
    const changed = a.filter((value, i) => Math.abs(value - b[i]!) > 24).length / a.length;
    expect(changed).toBeGreaterThan(0.05);
    await settleImages(page, '[data-testid="preview-modal"]');
    await screenshot(page, 'print-placement-modal-fit-1280', { fullPage: false });

    await modal.getByRole('button', { name: 'Add to Cart' }).click();
    const line = page.getByTestId('order-summary').getByTestId('summary-line').filter({ hasText: POSTER });
    expect(await line.getByTestId('summary-fit').textContent()).toBe('Artwork: Fit');
    expect(await line.getByTestId('summary-thumbnail').getAttribute('src')).toBe(fitted);

    // Through checkout: the request carries the choice, the summary shows it.
    const posted = page.waitForRequest((request) => request.url().endsWith('/api/checkout'));
    await checkoutToShippingStep(page, 'jane@example.com', {
      name: 'Jane Traveller',
      line1: '12 Harbour Road',
      city: 'Portland',
      state: 'ME',
      postalCode: '04101',
    });
    await chooseShipping(page);
    const sent = JSON.parse((await posted).postData()!);
    expect(sent.items).toEqual([expect.objectContaining({ productName: POSTER, fit: 'fit' })]);
    expect(await page.getByTestId('checkout-line-fit').first().textContent()).toContain('Fit');
    const orderId = await payWith4242(page);

    // The owner: the order line says Fit and shows the print file made for it (after payment).
    const admin = await browser.newPage({ viewport: DESKTOP });
    const adminErrors = collectPageErrors(admin);
    await signInAsAdmin(admin, shop.url, `/admin/orders/${orderId}`, ADMIN);
    const item = admin.getByTestId('order-item').first();
    expect(await item.getByTestId('order-item-fit').textContent()).toBe('Artwork placement: Fit');
    const printFile = item.getByRole('img', { name: `Print file for ${POSTER}` });
    for (let attempt = 0; (await printFile.count()) === 0; attempt++) {
      expect(attempt, 'the print file is made within three minutes of payment').toBeLessThan(180);
      await admin.waitForTimeout(1000);
      await admin.reload();
    }
    const caption = await item.getByTestId('order-item-print-file').textContent();
    // The artwork is wider than tall (16:10), so the poster hangs landscape: 24×18″ at 300 dpi.
    expect(caption).toContain('7200 × 5400 px, placement default');
    const size = await printFile.evaluate(async (image: HTMLImageElement) => {
      await image.decode();
      return [image.naturalWidth, image.naturalHeight];
    });
    expect(size).toEqual([7200, 5400]);
    await settleImages(admin);
    await screenshot(admin, 'print-placement-admin-order-1280');
    await admin.setViewportSize(PHONE);
    await settleImages(admin);
    await screenshot(admin, 'print-placement-admin-order-390');
    expect(await admin.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    expect(errors).toEqual([]);
    expect(adminErrors).toEqual([]);
  }, 300_000);

  it('390 px: the switch is within reach and the mockup follows it', async () => {
    const page = await browser.newPage({ viewport: PHONE });
    const errors = collectPageErrors(page);
    await artwork(page, 'placement-phone.jpg');
    const modal = await openPreview(page, POSTER);
    const before = (await mainMockup(page).getAttribute('src'))!;
    await modal.getByRole('radio', { name: 'Fit' }).click();
    await page.waitForFunction(() =>
      [...document.querySelectorAll<HTMLImageElement>('[data-testid="preview-modal"] img')].some((image) =>
        image.src.includes('-fit-'),
      ),
    );
    expect(await mainMockup(page).getAttribute('src')).not.toBe(before);
    await modal.getByTestId('fit-switch').scrollIntoViewIfNeeded();
    await settleImages(page, '[data-testid="preview-modal"]');
    await screenshot(page, 'print-placement-modal-fit-390', { fullPage: false });
    expect(errors).toEqual([]);
  }, 300_000);
});
