/**
 * The visitor's whole purchase in Chromium against the real shop: photo, style, mockups,
 * cart, the checkout wizard with every §5 message, the built-in payment provider with
 * Stripe's test cards (declines, 3-D Secure, success), the receipt, and the tracking page
 * moving to Shipped as the simulated print provider works.
 */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ARTIFACTS, collectPageErrors, DESKTOP, MOBILE, screenshot, settleImages } from './support/browser';
import { ROOT } from './support/server';
import { chooseShipping } from './support/storefront';
import { useShop } from './support/use-shop';

// The simulated print provider confirms and ships after a second each, not the default five.
const { shop, browser } = useShop({ env: { FULFILMENT_SIMULATION_SECONDS: '1' } });
let photo: Buffer;

const MUG = 'Classic Mug 11 oz';
const POSTER = 'Poster 18×24″';
const CARD = {
  succeeds: '4242 4242 4242 4242',
  declined: '4000 0000 0000 0002',
  insufficientFunds: '4000 0000 0000 9995',
  authentication: '4000 0025 0000 3155',
};
const nextYear = String((new Date().getFullYear() + 1) % 100).padStart(2, '0');

beforeAll(async () => {
  photo = await readFile(join(ROOT, 'assets/photos/lake-boats-sunset.jpg'));
});

/**
 * Errors the page logs, less Chromium's own line for each refused card (an HTTP 402 is the
 * answer, not a fault) and for the Stripe.js load this file blocks on purpose.
 */
function pageErrors(page: Page): () => string[] {
  const errors = collectPageErrors(page);
  return () =>
    errors.filter(
      (message) =>
        !/Failed to load resource: (the server responded with a status of (402|404|500|502)|net::ERR_FAILED)/.test(
          message,
        ),
    );
}

/** Photo → style → artwork → mockups → a mug and a poster in the cart. */
async function fillCart(page: Page, name: string): Promise<void> {
  await page.goto(`${shop.url}/transform`);
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Upload a photo' }).click();
  await (await chooser).setFiles({ name, mimeType: 'image/jpeg', buffer: photo });
  await page.getByTestId('transform-photo').waitFor();
  await page.getByRole('radio', { name: /Watercolour/ }).click();
  await page.getByRole('button', { name: 'Transform Image' }).click();
  await page.getByTestId('compare-slider').waitFor({ timeout: 60_000 });
  const cards = page.getByTestId('product-card');
  for (const product of [MUG, POSTER]) {
    const card = cards.filter({ hasText: product });
    await card.locator('[data-testid="product-thumbnail"][src*="/files/mockups/"]').waitFor({ timeout: 60_000 });
    await card.getByRole('button', { name: new RegExp(`Add ${product} to cart`) }).click();
  }
  await page.getByTestId('order-summary').getByTestId('summary-line').nth(1).waitFor();
}

async function openCheckout(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Proceed to Checkout' }).click();
  await page.getByTestId('checkout-wizard').waitFor();
}

const wizard = (page: Page) => page.getByTestId('checkout-wizard');

async function fillAddress(
  page: Page,
  prefix: 'shipping' | 'billing',
  values: { name: string; line1: string; city: string; state: string; postalCode: string },
) {
  const section = page.getByTestId(`${prefix}-address`);
  await section.getByLabel('Full name').fill(values.name);
  await section.getByLabel('Address line 1').fill(values.line1);
  await section.getByLabel('City').fill(values.city);
  await section.getByLabel('State / Province').fill(values.state);
  await section.getByLabel('Postal code').fill(values.postalCode);
}

const JANE = { name: 'Jane Traveller', line1: '12 Harbour Road', city: 'Portland', state: 'ME', postalCode: '04101' };

async function fillCard(page: Page, number: string) {
  const form = page.getByTestId('card-form');
  await form.getByLabel('Card number').fill(number);
  await form.getByLabel('Expiry').fill(`12${nextYear}`);
  await form.getByLabel('CVC').fill('123');
}

const payButton = (page: Page) => page.getByTestId('card-form').getByRole('button', { name: /^Pay \$/ });

async function orderOf(orderId: string) {
  const response = await fetch(`${shop.url}/api/orders/${orderId}`);
  return response.json();
}

/** The checkout section alone, for a close look at each step. */
async function shootCheckout(page: Page, name: string) {
  await settleImages(page, '#checkout');
  // Cut from a full-page capture taken from the top, where the sticky header belongs.
  await page.evaluate(() => window.scrollTo(0, 0));
  const clip = await page.locator('#checkout').evaluate((element) => {
    const box = element.getBoundingClientRect();
    return { x: box.left, y: box.top + window.scrollY, width: box.width, height: box.height };
  });
  await page.screenshot({ path: join(ARTIFACTS, `${name}.png`), fullPage: true, clip });
}

/** A whole page once its images are in. */
async function shootPage(page: Page, name: string, options: { fullPage?: boolean } = {}) {
  await settleImages(page);
  await screenshot(page, name, options);
}

describe('checkout wizard, payment and the order pages (storefront §2, §4, §5, §7, §8)', () => {
  // One purchase on the desktop, rule by rule: each test goes on from where the one before left it.
  describe('desktop: one purchase through every step', () => {
    let page: Page;
    let errors: () => string[];
    const stripeRequests: string[] = [];
    const checkoutPosts: string[] = [];
    let steps: Locator;
    let next: Locator;
    let email: Locator;
    let shipping: Locator;
    let orderId: string;
    let shownTotal: string;
    let success: Locator;

    beforeAll(async () => {
      page = await browser.newPage({ viewport: DESKTOP });
      errors = pageErrors(page);
      page.on('request', (request) => {
        if (request.url().includes('stripe.com')) stripeRequests.push(request.url());
        if (request.url().endsWith('/api/checkout') && request.method() === 'POST')
          checkoutPosts.push(request.postData() ?? '');
      });

      await fillCart(page, 'checkout-desktop.jpg');
      await openCheckout(page);
      steps = page.getByTestId('checkout-step');
      next = wizard(page).getByRole('button', { name: 'Next' });
    });

    afterAll(async () => {
      await page?.close();
    });

    it("the contact step's Next waits for a valid e-mail, and its message follows each change", async () => {
      expect(await steps.nth(0).getAttribute('data-state')).toBe('current');
      expect(await next.isDisabled()).toBe(true);
      email = wizard(page).getByLabel('Email', { exact: true });
      await email.fill('jane@');
      await wizard(page).getByText('Please enter a valid email address').first().waitFor();
      expect(await next.isDisabled()).toBe(true);
    });

    it("the save box saves only a valid, new address, with its own 'Email is required'", async () => {
      const saveBox = page.getByTestId('save-email-box');
      const save = saveBox.getByRole('button', { name: 'Save Email' });
      expect(await save.isDisabled()).toBe(true);
      await saveBox.getByLabel('Email to save').fill('');
      await saveBox.getByText('Email is required').waitFor();
      await saveBox.getByLabel('Email to save').fill('jane@example');
      await saveBox.getByText('Please enter a valid email address').waitFor();
      await saveBox.getByLabel('Email to save').fill('jane@example.com');
      expect(await save.isDisabled()).toBe(false);
      const patched = page.waitForResponse((response) => /\/api\/transformations\/[^/]+\/email$/.test(response.url()));
      await save.click();
      expect((await patched).status()).toBe(200);
      await saveBox.getByRole('button', { name: 'Saved' }).waitFor();
      expect(await saveBox.getByRole('button', { name: 'Saved' }).isDisabled()).toBe(true);
    });

    it('a valid e-mail clears the message and leads on to the addresses', async () => {
      await email.fill('jane@example.com');
      expect(await wizard(page).getByText('Please enter a valid email address').count()).toBe(0);
      expect(await next.isDisabled()).toBe(false);
      await shootCheckout(page, 'checkout-contact-desktop');
      await next.click();
    });

    it('the address step shows every §5 message on change, and billing is required until the toggle is on', async () => {
      expect(await steps.nth(0).getAttribute('data-state')).toBe('completed');
      expect(await steps.nth(1).getAttribute('data-state')).toBe('current');
      expect(await page.getByTestId('shipping-country').textContent()).toContain('United States');
      expect(await page.getByTestId('billing-country').textContent()).toContain('United States');
      shipping = page.getByTestId('shipping-address');
      await shipping.getByLabel('Full name').fill('J');
      await shipping.getByLabel('Address line 1').fill('12 H');
      await shipping.getByLabel('City').fill('P');
      await shipping.getByLabel('State / Province').fill('M');
      await shipping.getByLabel('Postal code').fill('041');
      for (const message of [
        'Name must be at least 2 characters',
        'Address is required',
        'City is required',
        'State is required',
        // A postal code given but too short is not the spec's 'required' but a format (issue 34).
        'Enter a valid postal code for United States.',
      ]) {
        await shipping.getByText(message).waitFor();
      }
      expect(await next.isDisabled()).toBe(true);
      await shootCheckout(page, 'checkout-address-errors-desktop');
      await fillAddress(page, 'shipping', JANE);
      expect(await shipping.getByTestId('field-error').count()).toBe(0);
      // Line 2 is optional; billing still has to be filled.
      expect(await next.isDisabled()).toBe(true);
      await fillAddress(page, 'billing', { ...JANE, name: 'Sam Traveller' });
      expect(await next.isDisabled()).toBe(false);
      await page.getByTestId('billing-address').getByLabel('Postal code').fill('');
      await page.getByTestId('billing-address').getByText('Postal code is required').waitFor();
      expect(await next.isDisabled()).toBe(true);
      await wizard(page).getByRole('switch', { name: 'Billing address is the same as shipping' }).click();
      expect(await page.getByTestId('billing-address').count()).toBe(0);
      expect(await next.isDisabled()).toBe(false);
      await shootCheckout(page, 'checkout-addresses-desktop');
    });

    it('Back is always there and keeps what was typed', async () => {
      await wizard(page).getByRole('button', { name: 'Back' }).click();
      expect(await email.inputValue()).toBe('jane@example.com');
      await next.click();
      expect(await shipping.getByLabel('City').inputValue()).toBe('Portland');
    });

    it("arriving at payment creates the order once, with what was typed and the server's total", async () => {
      // Shipping (issue 33): the server's options for Maine; Standard is chosen.
      await next.click();
      await page.getByTestId('shipping-option').first().waitFor();
      expect(await steps.nth(2).getAttribute('data-state')).toBe('current');

      // Payment: the order is created on arrival, with the test provider's own card form.
      const created = page.waitForResponse((response) => response.url().endsWith('/api/checkout'));
      await chooseShipping(page);
      ({ order_id: orderId } = await (await created).json());
      expect(checkoutPosts).toHaveLength(1);
      const sent = JSON.parse(checkoutPosts[0]);
      expect(sent.customerEmail).toBe('jane@example.com');
      expect(sent.billingAddress).toEqual(sent.shippingAddress);
      expect(sent.shippingAddress).toMatchObject({ name: 'Jane Traveller', country: 'US', postalCode: '04101' });
      expect(sent.items.map((item: { productName: string }) => item.productName).sort()).toEqual([MUG, POSTER].sort());
      for (const item of sent.items) expect(item.mockupUrls.length).toBeGreaterThan(0);
      await page.getByTestId('card-form').waitFor();
      expect(await steps.nth(1).getAttribute('data-state')).toBe('completed');
      expect((await orderOf(orderId)).status).toBe('pending');
      const serverTotal = (await orderOf(orderId)).total_amount as number;
      shownTotal = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(serverTotal / 100);
      expect(await payButton(page).textContent()).toContain(shownTotal);
      await shootCheckout(page, 'checkout-payment-desktop');
    });

    it("the card form checks like Stripe's card field before sending anything", async () => {
      await payButton(page).click();
      await page.getByTestId('card-form').getByText('Your card number is incomplete.').waitFor();
      await page.getByTestId('card-form').getByLabel('Card number').fill('4242 4242 4242 4241');
      await page.getByTestId('card-form').getByText('Your card number is invalid.').waitFor();
    });

    it("a declined card shows Stripe's message, and the order stays unpaid", async () => {
      await fillCard(page, CARD.declined);
      await payButton(page).click();
      await page.getByTestId('payment-error').getByText('Your card was declined.').waitFor();
      await page.locator('[data-sonner-toast]').getByText('Your card was declined.').first().waitFor();
      expect(await orderOf(orderId)).toMatchObject({
        status: 'pending',
        paid_at: null,
        payment_error: 'Your card was declined.',
      });
      await shootCheckout(page, 'checkout-declined-desktop');

      await fillCard(page, CARD.insufficientFunds);
      await payButton(page).click();
      await page.getByTestId('payment-error').getByText('Your card has insufficient funds.').waitFor();
      expect(await orderOf(orderId)).toMatchObject({
        status: 'pending',
        paid_at: null,
        payment_error: 'Your card has insufficient funds.',
      });
    });

    it('going back and forth, or trying another card, pays the same order', async () => {
      await page.getByTestId('card-form').getByRole('button', { name: 'Back' }).click();
      await wizard(page).getByRole('button', { name: 'Next' }).click();
      await page.getByTestId('card-form').waitFor();
      expect(checkoutPosts).toHaveLength(1);
    });

    it("3-D Secure shows the bank's step, and failing it does not pay", async () => {
      await fillCard(page, CARD.authentication);
      await payButton(page).click();
      const bank = page.getByTestId('three-d-secure');
      await bank.waitFor();
      expect(await bank.textContent()).toContain('•••• 3155');
      expect(await bank.textContent()).toContain(shownTotal);
      await screenshot(page, 'checkout-3ds-desktop', { fullPage: false });
      await bank.getByRole('button', { name: 'Fail' }).click();
      await bank.waitFor({ state: 'detached' });
      await page
        .getByTestId('payment-error')
        .getByText(
          'We are unable to authenticate your payment method. Please choose a different payment method and try again.',
        )
        .waitFor();
      expect((await orderOf(orderId)).status).toBe('pending');
    });

    it('4242 pays: the cart empties and /payment-success shows the receipt, without Stripe.js', async () => {
      await fillCard(page, CARD.succeeds);
      await payButton(page).click();
      await page.waitForURL(/\/payment-success\?/);
      const url = new URL(page.url());
      expect(url.searchParams.get('order_id')).toBe(orderId);
      expect(url.searchParams.get('payment_intent_id')).toMatch(/^tpi_/);
      expect(checkoutPosts).toHaveLength(1);
      expect(await page.evaluate(() => localStorage.getItem('wanderer.cart.v1'))).toBe('[]');
      expect(stripeRequests).toEqual([]);

      success = page.getByTestId('payment-success');
      await success.getByRole('heading', { name: 'Payment Successful!' }).waitFor();
      expect(await success.getByTestId('order-number').textContent()).toBe(`#${orderId.slice(0, 8).toUpperCase()}`);
      expect(await success.getByTestId('order-email').textContent()).toBe('j***@example.com');
      expect(['Payment Confirmed', 'Processing', 'In Production', 'Shipped']).toContain(
        await success.getByTestId('order-status').textContent(),
      );
      expect(await success.getByTestId('order-date').textContent()).toBe(
        new Intl.DateTimeFormat('en-US', { dateStyle: 'long' }).format(new Date()),
      );
      expect(await success.getByTestId('order-item').count()).toBe(2);
      expect(await success.getByTestId('order-total').textContent()).toBe(shownTotal);
      await success.getByText('within 3-5 business days').waitFor();
      await success.getByRole('link', { name: 'Create Another Artwork' }).waitFor();
      await settleImages(page);
      expect(
        await page.evaluate(() =>
          [...document.querySelectorAll<HTMLImageElement>('[data-testid="order-item-mockup"]')].every(
            (image) => image.naturalWidth > 0,
          ),
        ),
      ).toBe(true);
      await shootPage(page, 'payment-success-desktop');
    });

    it('Print Receipt prints, and the print stylesheet leaves a clean receipt', async () => {
      await page.evaluate(() => {
        (window as unknown as { printed: number }).printed = 0;
        window.print = () => void ((window as unknown as { printed: number }).printed += 1);
      });
      await success.getByRole('button', { name: 'Print Receipt' }).click();
      expect(await page.evaluate(() => (window as unknown as { printed: number }).printed)).toBe(1);
      await page.emulateMedia({ media: 'print' });
      expect(await page.locator('header').first().isVisible()).toBe(false);
      expect(await success.getByRole('button', { name: 'Print Receipt' }).isVisible()).toBe(false);
      expect(await success.getByRole('link', { name: 'Create Another Artwork' }).isVisible()).toBe(false);
      await shootPage(page, 'receipt-print-media');
      const pdf = join(ARTIFACTS, 'receipt.pdf');
      await page.pdf({ path: pdf, format: 'A4', printBackground: true });
      if (existsSync('/usr/bin/pdftoppm'))
        execFileSync('pdftoppm', ['-png', '-r', '70', '-f', '1', '-l', '1', pdf, join(ARTIFACTS, 'receipt-pdf')]);
      const pdfText = (await readFile(pdf)).subarray(0, 5).toString();
      expect(pdfText).toBe('%PDF-');
      await page.emulateMedia({ media: 'screen' });
    });

    it('the tracking page moves by itself to Shipped as the simulated print provider works', async () => {
      await success.getByRole('link', { name: 'Track your order' }).click();
      await page.waitForURL(`${shop.url}/order-status/${orderId}`);
      const tracking = page.getByTestId('order-status-page');
      await tracking.waitFor();
      expect(await tracking.getByTestId('progress-step').count()).toBe(4);
      expect(await tracking.getByTestId('progress-step').allTextContents()).toEqual([
        expect.stringContaining('Order Placed'),
        expect.stringContaining('Payment Confirmed'),
        expect.stringContaining('In Production'),
        expect.stringContaining('Shipped'),
      ]);
      await tracking.getByTestId('order-status').getByText('Shipped', { exact: true }).waitFor({ timeout: 60_000 });
      expect(await tracking.locator('[data-testid="progress-step"][data-done="true"]').count()).toBe(4);
      const link = tracking.getByTestId('tracking-link');
      expect(await link.getAttribute('href')).toMatch(
        /^https:\/\/tools\.usps\.com\/go\/TrackConfirmAction\?tLabels=9400\d+$/,
      );
      expect(await tracking.getByTestId('order-support').textContent()).toContain('support@wanderer.local');
      await shootPage(page, 'order-status-shipped-desktop');
    });

    it('the page logs no error through the whole purchase', () => {
      expect(errors()).toEqual([]);
    });
  });

  it('768 px: 3-D Secure approved pays the order; every page fits the width', async () => {
    const page = await browser.newPage({ viewport: MOBILE });
    const errors = pageErrors(page);
    await fillCart(page, 'checkout-768.jpg');
    await openCheckout(page);
    await wizard(page).getByLabel('Email', { exact: true }).fill('sam@example.org');
    await shootCheckout(page, 'checkout-contact-768');
    await wizard(page).getByRole('button', { name: 'Next' }).click();
    await fillAddress(page, 'shipping', JANE);
    await fillAddress(page, 'billing', { ...JANE, name: 'Sam Traveller', line1: '4 Quay Street' });
    await page.getByTestId('billing-address').getByLabel('Address line 2 (optional)').fill('Flat 2');
    // Another country from the list: the billing address goes to Canada, whose postal codes
    // are not ZIP codes (issue 17), so the one typed for Maine is judged again.
    await page.getByTestId('billing-country').click();
    await page.getByRole('option', { name: 'Canada' }).click();
    expect(await page.getByTestId('billing-country').textContent()).toContain('Canada');
    const billing = page.getByTestId('billing-address');
    await billing.getByText('Enter a valid postal code for Canada.').waitFor();
    await billing.getByLabel('State / Province').fill('ON');
    await billing.getByLabel('Postal code').fill('K1A 0B1');
    expect(await billing.getByTestId('field-error').count()).toBe(0);
    await shootCheckout(page, 'checkout-addresses-768');
    await wizard(page).getByRole('button', { name: 'Next' }).click();
    const created = page.waitForResponse((response) => response.url().endsWith('/api/checkout'));
    await chooseShipping(page);
    const { order_id: orderId } = await (await created).json();
    expect(JSON.parse((await created).request().postData()!).billingAddress).toMatchObject({
      country: 'CA',
      postalCode: 'K1A 0B1',
      line2: 'Flat 2',
      name: 'Sam Traveller',
    });
    await page.getByTestId('card-form').waitFor();
    await shootPage(page, 'checkout-payment-768');

    await fillCard(page, CARD.insufficientFunds);
    await payButton(page).click();
    await page.getByTestId('payment-error').getByText('Your card has insufficient funds.').waitFor();
    await page.getByTestId('card-form').scrollIntoViewIfNeeded();
    await screenshot(page, 'checkout-declined-768', { fullPage: false });

    await fillCard(page, CARD.authentication);
    await payButton(page).click();
    const bank = page.getByTestId('three-d-secure');
    await bank.waitFor();
    await screenshot(page, 'checkout-3ds-768', { fullPage: false });
    await bank.getByRole('button', { name: 'Approve' }).click();
    await page.waitForURL(/\/payment-success\?/);
    await page.getByRole('heading', { name: 'Payment Successful!' }).waitFor();
    expect((await orderOf(orderId)).paid_at).not.toBeNull();
    await shootPage(page, 'payment-success-768');

    await page.getByRole('link', { name: 'Track your order' }).click();
    await page.getByTestId('order-status-page').waitFor();
    await shootPage(page, 'order-status-768');

    for (const path of [page.url(), `${shop.url}/payment-cancelled?order_id=${orderId}`]) {
      await page.goto(path);
      await page.waitForLoadState('networkidle');
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(MOBILE.width);
    }
    await shootPage(page, 'payment-cancelled-768');
    expect(errors()).toEqual([]);
    await page.close();
  });

  it("/payment-cancelled: 'Payment Cancelled', no charge, saved but unpaid, the support address; Try Payment Again pays the order, or goes back", async () => {
    const page = await browser.newPage({ viewport: DESKTOP });
    await page.goto(`${shop.url}/`);
    await page.goto(`${shop.url}/payment-cancelled?order_id=0f8fad5b-d9cb-469f-a165-70867728950e`);
    const cancelled = page.getByTestId('payment-cancelled');
    await cancelled.getByRole('heading', { name: 'Payment Cancelled' }).waitFor();
    await cancelled.getByText('no charges were made').waitFor();
    await cancelled.getByText(/saved but is\s+unpaid/).waitFor();
    await cancelled.getByTestId('cancelled-help').getByText('support@wanderer.local').waitFor();
    await shootPage(page, 'payment-cancelled-desktop');
    // With the order known, its payment opens again on its page (the same order, paid later).
    await cancelled.getByRole('button', { name: 'Try Payment Again' }).click();
    await page.waitForURL(`${shop.url}/order-status/0f8fad5b-d9cb-469f-a165-70867728950e?pay=1`);
    // Without one, it goes back in history, as the spec says.
    await page.goto(`${shop.url}/`);
    await page.goto(`${shop.url}/payment-cancelled`);
    await cancelled.getByRole('button', { name: 'Try Payment Again' }).click();
    await page.waitForURL(`${shop.url}/`);
    await page.goto(`${shop.url}/payment-cancelled`);
    await cancelled.getByRole('link', { name: 'Return Home' }).click();
    await page.waitForURL(`${shop.url}/`);
    await page.close();
  });

  it("the order pages' messages: 'Order not found or payment verification failed.', 'Order not found', 'Failed to load order'", async () => {
    const page = await browser.newPage({ viewport: DESKTOP });
    const unknown = '0f8fad5b-d9cb-469f-a165-70867728950e';

    await page.goto(`${shop.url}/payment-success`);
    await page.getByText('Order not found or payment verification failed.').waitFor();
    await page.getByRole('link', { name: 'Return Home' }).waitFor();
    await shootPage(page, 'payment-success-not-found-desktop');
    await page.goto(`${shop.url}/payment-success?order_id=${unknown}&payment_intent_id=tpi_000000000000000000000000`);
    await page.getByText('Order not found or payment verification failed.').waitFor();

    await page.goto(`${shop.url}/order-status/${unknown}`);
    await page.getByText('Order not found', { exact: true }).waitFor();
    await shootPage(page, 'order-status-not-found-desktop');
    await page.goto(`${shop.url}/order-status/not-an-order`);
    await page.getByText('Order not found', { exact: true }).waitFor();

    await page.route('**/api/orders/**', (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: '{"error":"boom"}' }),
    );
    await page.goto(`${shop.url}/order-status/${unknown}`);
    await page.getByText('Failed to load order').waitFor({ timeout: 20_000 });
    await page.close();
  });

  it('Stripe configured: Stripe.js is fetched from js.stripe.com only then, the Payment Element mounts with the client secret, confirmPayment(redirect: if_required) leads to /payment-success', async () => {
    const page = await browser.newPage({ viewport: DESKTOP });
    const errors = pageErrors(page);
    // The shop answers as if Stripe were configured; a stand-in Stripe.js pays through the
    // test provider with the same client secret, so the server still decides the payment.
    // The first answers fail, to show the payment step's own messages.
    // Every page also asks for the configuration (the test-mode banner), so the answers fail
    // until the payment step has shown its message, however many asked before it.
    let configFails = true;
    await page.route('**/api/payments/config', (route) =>
      configFails
        ? route.fulfill({
            status: 500,
            contentType: 'application/json',
            body: '{"error":"Something went wrong. Please try again."}',
          })
        : route.fulfill({
            contentType: 'application/json',
            body: JSON.stringify({ success: true, provider: 'stripe', publishableKey: 'pk_test_wanderer' }),
          }),
    );
    await page.route('**/api/checkout', (route) => route.fulfill({ status: 502, body: '' }));
    const stripeCalls: string[] = [];
    await page.exposeFunction('recordStripe', (call: string) => stripeCalls.push(call));
    let failLoad = true;
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('https://js.stripe.com/v3', async (route) => {
      await held;
      if (failLoad) return route.abort();
      return route.fulfill({ contentType: 'text/javascript', body: FAKE_STRIPE_JS });
    });

    await fillCart(page, 'checkout-stripe.jpg');
    await openCheckout(page);
    await wizard(page).getByLabel('Email', { exact: true }).fill('kim@example.net');
    await wizard(page).getByRole('button', { name: 'Next' }).click();
    await fillAddress(page, 'shipping', JANE);
    await wizard(page).getByRole('switch', { name: 'Billing address is the same as shipping' }).click();
    await wizard(page).getByRole('button', { name: 'Next' }).click();
    await chooseShipping(page);

    // The payment configuration cannot be read; then the order cannot be created.
    const problem = page.getByTestId('payment-problem');
    await problem.getByText('Failed to initialize payment system').waitFor();
    await problem.getByText('Failed to load payment system. Please refresh and try again.').waitFor();
    await shootCheckout(page, 'checkout-payment-config-failed-desktop');
    configFails = false;
    await problem.getByRole('button', { name: 'Try again' }).click();
    await problem.getByText('Failed to create payment').waitFor();
    await page.unroute('**/api/checkout');
    const created = page.waitForResponse((response) => response.url().endsWith('/api/checkout'));
    await problem.getByRole('button', { name: 'Try again' }).click();
    const { order_id: orderId, client_secret: clientSecret } = await (await created).json();

    // Paying before Stripe.js has arrived; then Stripe.js cannot be reached: the inline message.
    await page
      .getByTestId('stripe-form')
      .getByRole('button', { name: /^Pay \$/ })
      .click();
    await page.getByTestId('payment-error').getByText('Stripe has not loaded yet. Please try again.').waitFor();
    release();
    await page
      .getByTestId('payment-load-error')
      .getByText('Failed to load payment system. Please refresh and try again.')
      .waitFor();

    // Reachable again: the element mounts, a decline shows Stripe's message, then the payment succeeds.
    failLoad = false;
    await wizard(page).getByRole('button', { name: 'Back' }).click();
    await wizard(page).getByRole('button', { name: 'Next' }).click();
    await page.getByTestId('stripe-payment-element').getByText('Stripe Payment Element').waitFor();
    expect(stripeCalls).toContain('Stripe(pk_test_wanderer)');
    expect(stripeCalls).toContain(`elements(${clientSecret})`);
    await shootCheckout(page, 'checkout-stripe-desktop');
    await page.evaluate(() => ((window as unknown as { fakeStripeOutcome: string }).fakeStripeOutcome = 'decline'));
    await page
      .getByTestId('stripe-form')
      .getByRole('button', { name: /^Pay \$/ })
      .click();
    await page.getByTestId('payment-error').getByText('Your card was declined.').waitFor();
    await page.evaluate(() => ((window as unknown as { fakeStripeOutcome: string }).fakeStripeOutcome = 'succeed'));
    await page
      .getByTestId('stripe-form')
      .getByRole('button', { name: /^Pay \$/ })
      .click();
    await page.waitForURL(/\/payment-success\?/);
    expect(stripeCalls).toContain('confirmPayment(if_required)');
    expect(new URL(page.url()).searchParams.get('order_id')).toBe(orderId);
    await page.getByRole('heading', { name: 'Payment Successful!' }).waitFor();
    expect(errors()).toEqual([]);
    await page.close();
  });
});

/**
 * Stands in for https://js.stripe.com/v3: records the calls the checkout makes and, on
 * confirmPayment, pays through the shop's test provider so the server marks the order paid.
 */
const FAKE_STRIPE_JS = `
window.Stripe = function (key) {
  window.recordStripe('Stripe(' + key + ')');
  return {
    elements: function (options) {
      window.recordStripe('elements(' + options.clientSecret + ')');
      var mounted = null;
      var group = {
        clientSecret: options.clientSecret,
        create: function () {
          var handlers = {};
          mounted = {
            mount: function (target) {
              target.innerHTML = '<div style="padding:16px;border:1px dashed #999;border-radius:8px">Stripe Payment Element</div>';
              setTimeout(function () { handlers.ready && handlers.ready({}); }, 0);
            },
            destroy: function () {},
            on: function (name, handler) { handlers[name] = handler; },
          };
          return mounted;
        },
        getElement: function () { return mounted; },
        submit: function () { return Promise.resolve({}); },
      };
      return group;
    },
    confirmPayment: function (options) {
      window.recordStripe('confirmPayment(' + options.redirect + ')');
      if (window.fakeStripeOutcome === 'decline') {
        return Promise.resolve({ error: { type: 'card_error', code: 'card_declined', message: 'Your card was declined.' } });
      }
      var secret = options.elements.clientSecret;
      return fetch('/api/payments/test/confirm', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ client_secret: secret, card: { number: '4242424242424242', exp_month: 12, exp_year: new Date().getFullYear() + 2, cvc: '123' } }),
      }).then(function (response) { return response.json(); }).then(function (body) {
        return { paymentIntent: { id: body.payment_intent_id, status: body.status } };
      });
    },
  };
};
`;
