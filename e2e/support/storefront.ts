/** The visitor's whole journey in the browser, for tests that need a real order first. */
import type { Page } from 'playwright-core';

const nextYear = String((new Date().getFullYear() + 1) % 100).padStart(2, '0');

export interface OrderOptions {
  shopUrl: string;
  photo: Buffer;
  email: string;
  product?: string;
  style?: RegExp;
}

/** A shipping address as the checkout's address step asks for it; no country means the United States. */
export interface Address {
  country?: string;
  name: string;
  line1: string;
  city: string;
  state?: string;
  postalCode: string;
}

const QUAY_STREET: Address = {
  name: 'Rita Refund',
  line1: '7 Quay Street',
  city: 'Portland',
  state: 'ME',
  postalCode: '04101',
};

/** Photo → style → artwork → one product → checkout → 4242 pays. Answers the order id. */
export async function placeOrder(
  page: Page,
  { shopUrl, photo, email, product = 'Classic Mug 11 oz', style = /Watercolour/ }: OrderOptions,
): Promise<string> {
  await makeArtworkInBrowser(page, { shopUrl, photo, style });
  const card = page.getByTestId('product-card').filter({ hasText: product });
  await card.locator('[data-testid="product-thumbnail"][src*="/files/mockups/"]').waitFor({ timeout: 90_000 });
  await card.getByRole('button', { name: new RegExp(`Add ${product} to cart`) }).click();
  await page.getByTestId('order-summary').getByTestId('summary-line').first().waitFor();
  await checkoutToShippingStep(page, email, QUAY_STREET);
  await chooseShipping(page);
  return payWith4242(page);
}

/** Photo uploaded on the transform page → style → the artwork shown beside the photo. */
export async function makeArtworkInBrowser(
  page: Page,
  {
    shopUrl,
    photo,
    name = 'lake.jpg',
    style = /Watercolour/,
  }: { shopUrl: string; photo: Buffer; name?: string; style?: RegExp },
): Promise<void> {
  await page.goto(`${shopUrl}/transform`);
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Upload a photo' }).click();
  await (await chooser).setFiles({ name, mimeType: 'image/jpeg', buffer: photo });
  await page.getByTestId('transform-photo').waitFor();
  await page.getByRole('radio', { name: style }).click();
  await page.getByRole('button', { name: 'Transform Image' }).click();
  await page.getByTestId('compare-slider').waitFor({ timeout: 90_000 });
}

/**
 * From a filled cart through the contact and address steps (billing the same as shipping) to
 * the shipping step.
 */
export async function checkoutToShippingStep(page: Page, email: string, address: Address): Promise<void> {
  await page.getByRole('button', { name: 'Proceed to Checkout' }).click();
  const wizard = page.getByTestId('checkout-wizard');
  await wizard.getByLabel('Email', { exact: true }).fill(email);
  await wizard.getByRole('button', { name: 'Next' }).click();
  const shipping = page.getByTestId('shipping-address');
  if (address.country) {
    await page.getByTestId('shipping-country').click();
    await page.getByRole('option', { name: address.country, exact: true }).click();
  }
  await shipping.getByLabel('Full name').fill(address.name);
  await shipping.getByLabel('Address line 1').fill(address.line1);
  await shipping.getByLabel('City').fill(address.city);
  if (address.state) await shipping.getByLabel('State / Province').fill(address.state);
  await shipping.getByLabel('Postal code').fill(address.postalCode);
  await wizard.getByRole('switch', { name: 'Billing address is the same as shipping' }).click();
  await wizard.getByRole('button', { name: 'Next' }).click();
}

/**
 * The shipping step (issue 33): waits for the server's quote, picks the option (Standard by
 * default) and moves on to Payment once the quote for that option is in.
 */
export async function chooseShipping(page: Page, option: 'standard' | 'express' = 'standard'): Promise<void> {
  const step = page.getByTestId('shipping-step');
  const choice = step.locator(`[data-testid="shipping-option"][data-option="${option}"]`);
  await choice.waitFor({ timeout: 30_000 });
  await choice.locator('input[type="radio"]').check();
  const next = page.getByTestId('checkout-wizard').getByRole('button', { name: 'Next' });
  await page.waitForFunction(
    (button) => button instanceof HTMLButtonElement && !button.disabled,
    await next.elementHandle(),
    { timeout: 30_000 },
  );
  await next.click();
}

/** The payment step: Stripe's 4242 test card pays. Answers the order id from the success page. */
export async function payWith4242(page: Page): Promise<string> {
  const form = page.getByTestId('card-form');
  await form.getByLabel('Card number').fill('4242 4242 4242 4242');
  await form.getByLabel('Expiry').fill(`12${nextYear}`);
  await form.getByLabel('CVC').fill('123');
  await form.getByRole('button', { name: /^Pay \$/ }).click();
  await page.waitForURL(/\/payment-success\?/);
  return new URL(page.url()).searchParams.get('order_id')!;
}
