/**
 * Nothing is lost on Back, reload or a failed payment (issue 17, faults 1, 3 and 8): the
 * photo and artwork live in the URL, checkout survives a reload, and an unpaid order is paid
 * later, the same order at the same price. At 1280 px and 390 px.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { collectPageErrors, DESKTOP, screenshot } from './support/browser';
import { ROOT } from './support/server';
import { chooseShipping } from './support/storefront';
import { useShop } from './support/use-shop';

const PHONE = { width: 390, height: 844 };
const nextYear = String((new Date().getFullYear() + 1) % 100).padStart(2, '0');

const { shop, browser } = useShop();
let photo: Buffer;
/** The artwork made in the first test, shared by link with the others. */
let artworkPath = '';

beforeAll(async () => {
  photo = await readFile(join(ROOT, 'assets/photos/lake-boats-sunset.jpg'));
});

const styleRadio = (page: Page, name: RegExp) => page.getByRole('radio', { name });

async function expectArtworkShown(page: Page) {
  await page.getByTestId('transform-photo').waitFor();
  await page.getByTestId('compare-slider').waitFor({ timeout: 30_000 });
  expect(await styleRadio(page, /Pop Art/).getAttribute('aria-checked')).toBe('true');
}

async function expectNoOverflow(page: Page, width: number) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
}

/** Every order the shop made, counted by the checkout requests the page sent. */
function countCheckouts(page: Page): { checkouts: number; reopened: number } {
  const seen = { checkouts: 0, reopened: 0 };
  page.on('request', (request) => {
    if (request.method() !== 'POST') return;
    if (request.url().endsWith('/api/checkout')) seen.checkouts += 1;
    if (/\/api\/orders\/[^/]+\/payment$/.test(request.url())) seen.reopened += 1;
  });
  return seen;
}

async function addMugAndOpenCheckout(page: Page) {
  const card = page.getByTestId('product-card').filter({ hasText: 'Classic Mug 11 oz' });
  await card.locator('[data-testid="product-thumbnail"][src*="/files/mockups/"]').waitFor({ timeout: 90_000 });
  await card.getByRole('button', { name: /Add Classic Mug 11 oz to cart/ }).click();
  await page.getByTestId('order-summary').getByTestId('summary-line').first().waitFor();
  await page.getByRole('button', { name: 'Proceed to Checkout' }).click();
}

async function fillContactAndAddress(page: Page, email: string) {
  const wizard = page.getByTestId('checkout-wizard');
  await wizard.getByLabel('Email', { exact: true }).fill(email);
  await wizard.getByRole('button', { name: 'Next' }).click();
  const shipping = page.getByTestId('shipping-address');
  await shipping.getByLabel('Full name').fill('Paula Later');
  await shipping.getByLabel('Address line 1').fill('7 Quay Street');
  await shipping.getByLabel('City').fill('Portland');
  await shipping.getByLabel('State / Province').fill('ME');
  await shipping.getByLabel('Postal code').fill('04101');
  await wizard.getByRole('switch', { name: 'Billing address is the same as shipping' }).click();
}

async function payWith4242(page: Page) {
  const form = page.getByTestId('card-form');
  await form.getByLabel('Card number').fill('4242 4242 4242 4242');
  await form.getByLabel('Expiry').fill(`12${nextYear}`);
  await form.getByLabel('CVC').fill('123');
  await form.getByRole('button', { name: /^Pay \$/ }).click();
  await page.waitForURL(/\/payment-success\?/);
  await page.getByText('Payment Successful!').waitFor();
}

describe('the journey lives in the URL (fault 1)', () => {
  it('Upload on Home, Back, Forward: the photo is still there; the artwork and its style survive a reload (1280 px)', async () => {
    const page = await browser.newPage({ viewport: DESKTOP });
    const errors = collectPageErrors(page);
    await page.goto(`${shop.url}/`);
    const chooser = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: 'Upload a photo' }).first().click();
    await (await chooser).setFiles({ name: 'lake.jpg', mimeType: 'image/jpeg', buffer: photo });
    await page.waitForURL(/\/transform\?image=[0-9a-f-]{36}$/);
    await page.getByTestId('transform-photo').waitFor();
    expect(await page.getByTestId('transform-photo').getAttribute('alt')).toBe('Your photo, lake.jpg');

    await page.goBack();
    await page.waitForURL(`${shop.url}/`);
    await page.goForward();
    await page.getByTestId('transform-photo').waitFor();
    expect(await page.getByText('Start with a photo').count()).toBe(0);

    // A style other than the first, so a reload that ticks the first would show.
    await styleRadio(page, /Pop Art/).click();
    await page.getByRole('button', { name: 'Transform Image' }).click();
    await page.getByTestId('compare-slider').waitFor({ timeout: 90_000 });
    await page.waitForURL(/\/transform\?image=[0-9a-f-]{36}&artwork=[0-9a-f-]{36}$/);
    artworkPath = new URL(page.url()).pathname + new URL(page.url()).search;

    await page.reload();
    await expectArtworkShown(page);
    await page.goBack();
    await page.goForward();
    await expectArtworkShown(page);
    await screenshot(page, 'journey-url-restored-desktop');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('a shared link opens the photo, the style and the artwork in a new browser (390 px)', async () => {
    const context = await browser.newContext({ viewport: PHONE });
    const page = await context.newPage();
    const errors = collectPageErrors(page);
    await page.goto(`${shop.url}${artworkPath}`);
    await expectArtworkShown(page);
    await page.getByTestId('product-card').first().waitFor();
    await expectNoOverflow(page, PHONE.width);
    await screenshot(page, 'journey-shared-link-390');

    // A link to a photo that is gone says so, and offers the upload.
    await page.goto(`${shop.url}/transform?image=0f8fad5b-d9cb-469f-a165-70867728950e`);
    await page.getByText('This photo is no longer available. Please upload it again.').waitFor();
    await page.getByText('Start with a photo').waitFor();
    expect(errors.filter((error) => !error.includes('404'))).toEqual([]);
    await context.close();
  });
});

describe('checkout survives a reload (fault 8), and an unpaid order is paid later (fault 3)', () => {
  for (const [label, viewport] of [
    ['desktop', DESKTOP],
    ['390', PHONE],
  ] as const) {
    it(`keeps the step, the e-mail and the address across reloads, and pays one order (${label})`, async () => {
      const context = await browser.newContext({ viewport });
      const page = await context.newPage();
      const errors = collectPageErrors(page);
      const sent = countCheckouts(page);
      await page.goto(`${shop.url}${artworkPath}`);
      await expectArtworkShown(page);
      await addMugAndOpenCheckout(page);
      await fillContactAndAddress(page, `reload-${label}@example.com`);

      await page.reload();
      const wizard = page.getByTestId('checkout-wizard');
      await wizard.waitFor();
      expect(await wizard.getAttribute('data-step')).toBe('1');
      const shipping = page.getByTestId('shipping-address');
      expect(await shipping.getByLabel('Address line 1').inputValue()).toBe('7 Quay Street');
      expect(await shipping.getByLabel('Postal code').inputValue()).toBe('04101');
      await wizard.getByRole('button', { name: 'Next' }).click();
      await chooseShipping(page);
      await page.getByTestId('card-form').waitFor();
      expect(sent.checkouts).toBe(1);

      // A reload on the payment step pays the same order: none is placed twice.
      await page.reload();
      await page.getByTestId('card-form').waitFor();
      expect(sent).toEqual({ checkouts: 1, reopened: 1 });
      await expectNoOverflow(page, viewport.width);
      await screenshot(page, `journey-payment-after-reload-${label}`);

      // Cancel payment, then Try Payment Again: the same order, paid from its page.
      await page.getByRole('link', { name: 'Cancel payment' }).click();
      await page.waitForURL(/\/payment-cancelled\?order_id=/);
      const orderId = new URL(page.url()).searchParams.get('order_id')!;
      await page.getByRole('button', { name: 'Try Payment Again' }).click();
      await page.waitForURL(`${shop.url}/order-status/${orderId}?pay=1`);
      await page.getByTestId('pay-order').getByTestId('card-form').waitFor();
      await expectNoOverflow(page, viewport.width);
      await screenshot(page, `journey-pay-later-${label}`);
      await payWith4242(page);
      expect(new URL(page.url()).searchParams.get('order_id')).toBe(orderId);
      expect(sent.checkouts).toBe(1);

      // Paid: the cart and the typed checkout are done with.
      expect(await page.evaluate(() => sessionStorage.getItem('wanderer.checkout.v1'))).toBeNull();
      expect(await page.evaluate(() => JSON.parse(localStorage.getItem('wanderer.cart.v1') ?? '[]').length)).toBe(0);
      expect(errors).toEqual([]);
      await context.close();
    });
  }

  it("a 'Payment Pending' order page has a pay button that pays that order (1280 px)", async () => {
    const context = await browser.newContext({ viewport: DESKTOP });
    const page = await context.newPage();
    const errors = collectPageErrors(page);
    await page.goto(`${shop.url}${artworkPath}`);
    await expectArtworkShown(page);
    await addMugAndOpenCheckout(page);
    await fillContactAndAddress(page, 'pending@example.com');
    await page.getByTestId('checkout-wizard').getByRole('button', { name: 'Next' }).click();
    await chooseShipping(page);
    await page.getByTestId('card-form').waitFor();
    await page.getByRole('link', { name: 'Cancel payment' }).click();
    await page.waitForURL(/\/payment-cancelled\?order_id=/);
    const orderId = new URL(page.url()).searchParams.get('order_id')!;

    await page.goto(`${shop.url}/order-status/${orderId}`);
    await page.getByTestId('order-status').getByText('Payment Pending').waitFor();
    const pay = page.getByTestId('order-payment');
    await pay.getByText('This order is waiting for payment').waitFor();
    await screenshot(page, 'journey-order-pending-desktop');
    await pay.getByRole('button', { name: /^Pay \$[\d.]+ now$/ }).click();
    await payWith4242(page);
    await page.goto(`${shop.url}/order-status/${orderId}`);
    await page
      .getByTestId('order-status')
      .getByText(/Paid|In Production/)
      .waitFor();
    expect(await page.getByTestId('order-payment').count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });
});
