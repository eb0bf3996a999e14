/**
 * The cart is easy to find (issue 17, fault 6): a cart button with the item count in the
 * header of every storefront page opens a drawer with every line and its own artwork; on a
 * phone a bar at the bottom says 'Cart (n) · $total'; and the Order Summary stays on the
 * transform page while another artwork is made or after a new photo. At 1280 and 390 px.
 */
import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { collectPageErrors, DESKTOP, screenshot, settleImages } from './support/browser';
import { makeArtwork, uploadPhoto } from './support/api';
import { useShop } from './support/use-shop';

const PHONE = { width: 390, height: 844 };

const { shop, browser } = useShop();
let imageId: string;
/** Two artworks of one photo, in two styles. */
let artworks: string[];

beforeAll(async () => {
  imageId = await uploadPhoto(shop.url);
  artworks = [await makeArtwork(shop.url, imageId, 'Watercolour'), await makeArtwork(shop.url, imageId, 'Pop Art')];
});

const artworkPath = (artwork: string) => `/transform?image=${imageId}&artwork=${artwork}`;
const cartButton = (page: Page) => page.locator('header').getByTestId('cart-button');

async function addMug(page: Page, artwork: string) {
  await page.goto(`${shop.url}${artworkPath(artwork)}`);
  const card = page.getByTestId('product-card').filter({ hasText: 'Classic Mug 11 oz' });
  await card.locator('[data-testid="product-thumbnail"][src*="/files/mockups/"]').waitFor({ timeout: 90_000 });
  await card.getByRole('button', { name: /Add Classic Mug 11 oz to cart/ }).click();
}

async function expectNoOverflow(page: Page, width: number) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
}

/** The serious and critical axe violations on the page. */
async function axeFaults(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).analyze();
  return violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.nodes.map((node) => JSON.stringify(node.target)).join(', ')}`);
}

describe('the cart in the header, on every page (fault 6)', () => {
  it('keeps each artwork on its own line, counts them in the header everywhere, and checks out from the drawer (1280 px)', async () => {
    const context = await browser.newContext({ viewport: DESKTOP });
    const page = await context.newPage();
    const errors = collectPageErrors(page);

    await page.goto(`${shop.url}/`);
    expect(await cartButton(page).getAttribute('aria-label')).toBe('Cart, empty');

    await addMug(page, artworks[0]!);
    await addMug(page, artworks[1]!);
    await page.getByTestId('cart-count').filter({ hasText: '2' }).waitFor();
    expect(await cartButton(page).getAttribute('aria-label')).toBe('Cart, 2 items');

    // On the home page and on an order's page too.
    for (const path of ['/', '/order-status/00000000-0000-0000-0000-000000000000']) {
      await page.goto(`${shop.url}${path}`);
      expect(await cartButton(page).getAttribute('aria-label')).toBe('Cart, 2 items');
    }

    // The drawer: two lines of one product, each with its own artwork.
    await page.goto(`${shop.url}/`);
    await cartButton(page).click();
    const drawer = page.getByTestId('cart-drawer');
    await drawer.getByRole('heading', { name: 'Your cart' }).waitFor();
    const lines = drawer.getByTestId('summary-line');
    expect(await lines.count()).toBe(2);
    const thumbnails = await drawer
      .getByTestId('summary-thumbnail')
      .evaluateAll((images) => images.map((image) => (image as HTMLImageElement).src));
    expect(new Set(thumbnails).size).toBe(2);
    thumbnails.forEach((src, index) => expect(src).toContain(artworks[index]!));
    await settleImages(page, '[data-testid="cart-drawer"]');
    // Its first safe action has focus.
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Proceed to Checkout');
    expect(await axeFaults(page)).toEqual([]);
    await screenshot(page, 'cart-drawer-desktop', { fullPage: false });

    // Quantities change here and in the header at once; Escape gives focus back to the cart button.
    await lines.first().getByRole('button', { name: 'One more Classic Mug 11 oz' }).click();
    await page.getByTestId('cart-count').filter({ hasText: '3' }).waitFor();
    await page.keyboard.press('Escape');
    await drawer.waitFor({ state: 'detached' });
    // Radix gives focus back a tick after the dialog leaves the page.
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-testid')))
      .toBe('cart-button');

    // Proceed to Checkout from another page: the transform page with checkout open.
    await cartButton(page).click();
    await drawer.getByRole('button', { name: 'Proceed to Checkout' }).click();
    await page.waitForURL(`${shop.url}/transform`);
    await page.getByTestId('checkout-wizard').getByLabel('Email', { exact: true }).waitFor();
    expect(await page.getByTestId('checkout-wizard').isVisible()).toBe(true);
    // The made-up order's page answered 404, as it should; nothing else went wrong.
    expect(errors.filter((error) => !error.includes('status of 404'))).toEqual([]);
    await context.close();
  });

  it('keeps the Order Summary in view after a new photo and while another artwork is made (1280 px)', async () => {
    const context = await browser.newContext({ viewport: DESKTOP });
    const page = await context.newPage();
    await addMug(page, artworks[0]!);
    await page.getByTestId('order-summary').waitFor();

    // Another style for the same photo: the summary stays while the new artwork is made.
    await page.getByRole('radio', { name: /Oil Painting/ }).click();
    await page.getByRole('button', { name: 'Transform Image' }).click();
    await page.getByRole('button', { name: /Transforming/ }).waitFor();
    expect(await page.getByTestId('order-summary').isVisible()).toBe(true);
    await screenshot(page, 'cart-summary-while-transforming-desktop');
    await page.getByTestId('compare-slider').waitFor({ timeout: 90_000 });

    // A new photo: no artwork yet, and the cart is still in view with its line.
    await page.goto(`${shop.url}/transform?image=${imageId}`);
    await page.getByTestId('transform-photo').waitFor();
    await page.getByTestId('order-summary').getByTestId('summary-line').first().waitFor();
    expect(await page.getByTestId('order-summary').isVisible()).toBe(true);
    await screenshot(page, 'cart-summary-new-photo-desktop');
    await context.close();
  });

  it("on a phone, a bar at the bottom says 'Cart (n) · $total' and opens the cart (390 px)", async () => {
    const context = await browser.newContext({ viewport: PHONE, isMobile: true, hasTouch: true });
    const page = await context.newPage();
    const errors = collectPageErrors(page);
    await page.goto(`${shop.url}/`);
    expect(await page.getByTestId('cart-phone-bar').count()).toBe(0);

    await addMug(page, artworks[0]!);
    await addMug(page, artworks[1]!);
    const bar = page.getByTestId('cart-phone-bar');
    await bar.filter({ hasText: /^Cart \(2\) · \$\d+\.\d\d$/ }).waitFor();
    // In view without scrolling, at the bottom of the screen.
    const box = (await bar.boundingBox())!;
    expect(box.y + box.height).toBeLessThanOrEqual(PHONE.height);
    expect(box.y).toBeGreaterThan(PHONE.height / 2);
    await expectNoOverflow(page, PHONE.width);
    await screenshot(page, 'cart-phone-bar-transform-390', { fullPage: false });

    await page.goto(`${shop.url}/`);
    await bar.waitFor();
    await expectNoOverflow(page, PHONE.width);
    await screenshot(page, 'cart-phone-bar-home-390', { fullPage: false });
    await bar.click();
    const drawer = page.getByTestId('cart-drawer');
    await drawer.getByRole('heading', { name: 'Your cart' }).waitFor();
    expect(await drawer.getByTestId('summary-line').count()).toBe(2);
    await settleImages(page, '[data-testid="cart-drawer"]');
    await expectNoOverflow(page, PHONE.width);
    expect(await axeFaults(page)).toEqual([]);
    await screenshot(page, 'cart-drawer-390', { fullPage: false });

    // Checkout open on the transform page: the bar steps aside for it.
    await drawer.getByRole('button', { name: 'Proceed to Checkout' }).click();
    await page.getByTestId('checkout-wizard').waitFor();
    expect(await bar.count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });
});
