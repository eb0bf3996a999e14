/**
 * Issue 17: a Belgian address with postal code 3000 goes through checkout. The postal code is
 * judged by Belgium's format, not by the US five-character rule; no state is asked for; the
 * order is paid; and at 390 px the page is no wider than the phone.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { collectPageErrors, DESKTOP, screenshot, settleImages } from './support/browser';
import { ROOT } from './support/server';
import { chooseShipping } from './support/storefront';
import { useShop } from './support/use-shop';

const { shop, browser } = useShop();
let photo: Buffer;

const PHONE = { width: 390, height: 844 };
const nextYear = String((new Date().getFullYear() + 1) % 100).padStart(2, '0');

beforeAll(async () => {
  photo = await readFile(join(ROOT, 'assets/photos/lake-boats-sunset.jpg'));
});

/** Photo → style → artwork → a mug in the cart → the checkout's address step. */
async function toAddressStep(page: Page, email: string): Promise<void> {
  await page.goto(`${shop.url}/transform`);
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Upload a photo' }).click();
  await (await chooser).setFiles({ name: 'leuven.jpg', mimeType: 'image/jpeg', buffer: photo });
  await page.getByTestId('transform-photo').waitFor();
  await page.getByRole('radio', { name: /Watercolour/ }).click();
  await page.getByRole('button', { name: 'Transform Image' }).click();
  await page.getByTestId('compare-slider').waitFor({ timeout: 90_000 });
  const card = page.getByTestId('product-card').filter({ hasText: 'Classic Mug 11 oz' });
  await card.locator('[data-testid="product-thumbnail"][src*="/files/mockups/"]').waitFor({ timeout: 90_000 });
  await card.getByRole('button', { name: /Add Classic Mug 11 oz to cart/ }).click();
  await page.getByTestId('order-summary').getByTestId('summary-line').first().waitFor();
  await page.getByRole('button', { name: 'Proceed to Checkout' }).click();
  const wizard = page.getByTestId('checkout-wizard');
  await wizard.getByLabel('Email', { exact: true }).fill(email);
  await wizard.getByRole('button', { name: 'Next' }).click();
  await page.getByTestId('shipping-address').waitFor();
}

async function fillBelgianAddress(page: Page): Promise<void> {
  const shipping = page.getByTestId('shipping-address');
  await page.getByTestId('shipping-country').click();
  await page.getByRole('option', { name: 'Belgium', exact: true }).click();
  expect(await page.getByTestId('shipping-country').textContent()).toContain('Belgium');
  await shipping.getByLabel('Full name').fill('Anna Peeters');
  await shipping.getByLabel('Address line 1').fill('Bondgenotenlaan 1');
  await shipping.getByLabel('City').fill('Leuven');
  await shipping.getByLabel('Postal code').fill('3000');
  await page
    .getByTestId('checkout-wizard')
    .getByRole('switch', { name: 'Billing address is the same as shipping' })
    .click();
}

/** The checkout section alone, cut from a full-page capture taken from the top. */
async function shootCheckout(page: Page, name: string): Promise<void> {
  await settleImages(page, '#checkout');
  await page.evaluate(() => window.scrollTo(0, 0));
  const clip = await page.locator('#checkout').evaluate((element) => {
    const box = element.getBoundingClientRect();
    return { x: box.left, y: box.top + window.scrollY, width: box.width, height: box.height };
  });
  await page.screenshot({ path: join(ROOT, 'e2e/artifacts', `${name}.png`), fullPage: true, clip });
}

/** Next on the address step, Standard shipping, and the order is made; 4242 pays it. Answers the body the server took. */
async function payWith4242(page: Page): Promise<{ shippingAddress: any; billingAddress: any }> {
  await page.getByTestId('checkout-wizard').getByRole('button', { name: 'Next' }).click();
  const created = page.waitForResponse((response) => response.url().endsWith('/api/checkout'));
  await chooseShipping(page);
  const response = await created;
  expect(response.status()).toBe(200);
  expect((await response.json()).success).toBe(true);
  const form = page.getByTestId('card-form');
  await form.getByLabel('Card number').fill('4242 4242 4242 4242');
  await form.getByLabel('Expiry').fill(`12${nextYear}`);
  await form.getByLabel('CVC').fill('123');
  await form.getByRole('button', { name: /^Pay \$/ }).click();
  await page.waitForURL(/\/payment-success\?/);
  await page.getByRole('heading', { name: 'Payment Successful!' }).waitFor();
  return JSON.parse(response.request().postData()!);
}

async function orderOf(page: Page) {
  const orderId = new URL(page.url()).searchParams.get('order_id');
  return (await fetch(`${shop.url}/api/orders/${orderId}`)).json();
}

const pageWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);

describe('checkout to a Belgian address (issue 17)', () => {
  it('1280 px: 3000 is a Belgian postal code, 30000 is not, no state is asked for, and the order is paid', async () => {
    const page = await browser.newPage({ viewport: DESKTOP });
    const errors = collectPageErrors(page);
    await toAddressStep(page, 'anna@example.be');
    await fillBelgianAddress(page);
    const shipping = page.getByTestId('shipping-address');
    const next = page.getByTestId('checkout-wizard').getByRole('button', { name: 'Next' });

    // Belgium has no states, and its postal codes have four digits.
    await shipping.getByLabel('State / Province (optional)').waitFor();
    await shipping.getByLabel('Postal code').fill('30000');
    await shipping.getByText('Enter a valid postal code for Belgium.').waitFor();
    expect(await next.isDisabled()).toBe(true);
    await shootCheckout(page, 'address-belgium-invalid-desktop');
    await shipping.getByLabel('Postal code').fill('3000');
    await shipping.getByText('Enter a valid postal code for Belgium.').waitFor({ state: 'detached' });
    expect(await page.getByTestId('field-error').count()).toBe(0);
    expect(await next.isDisabled()).toBe(false);
    await shootCheckout(page, 'address-belgium-desktop');

    const sent = await payWith4242(page);
    expect(sent.shippingAddress).toMatchObject({ country: 'BE', postalCode: '3000', state: '', city: 'Leuven' });
    expect(sent.billingAddress).toEqual(sent.shippingAddress);
    expect(await orderOf(page)).toMatchObject({ shipping_name: 'Anna Peeters' });
    expect(await page.getByTestId('field-error').count()).toBe(0);
    await screenshot(page, 'address-belgium-paid-desktop');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('390 px: the same checkout shows no error and is no wider than the phone', async () => {
    const page = await browser.newPage({ viewport: PHONE });
    const errors = collectPageErrors(page);
    await toAddressStep(page, 'anna@example.be');
    await fillBelgianAddress(page);
    expect(await page.getByTestId('field-error').count()).toBe(0);
    expect(await pageWidth(page)).toBeLessThanOrEqual(PHONE.width);
    await shootCheckout(page, 'address-belgium-390');

    const sent = await payWith4242(page);
    expect(sent.billingAddress).toMatchObject({ country: 'BE', postalCode: '3000' });
    expect(await pageWidth(page)).toBeLessThanOrEqual(PHONE.width);
    await screenshot(page, 'address-belgium-paid-390');
    expect(errors).toEqual([]);
    await page.close();
  });
});
