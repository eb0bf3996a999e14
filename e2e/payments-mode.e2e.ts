/**
 * Which payments the shop takes, in a real browser (issue 10, finding 1): the storefront's
 * test-mode banner while the built-in test provider takes the cards; Stripe's keys saved in
 * the admin Settings end test mode; a Printful key saved with no Stripe turns payments off.
 * Screenshots at desktop and 768 px land in e2e/artifacts/payments-*.png.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { startPrintfulFake, type PrintfulFake } from '../src/server/testing/fakes/printful-catalog-fake';
import { collectPageErrors, DESKTOP, MOBILE, screenshot } from './support/browser';
import { useShop } from './support/use-shop';
import { ADMIN, ADMIN_ENV } from './support/admin';

const BANNER = 'Test mode: no real payments are taken. Pay with the test card 4242 4242 4242 4242.';

let printful: PrintfulFake;
let context: BrowserContext;
let page: Page;
let errors: string[];

// The fake Printful starts before the shop that is pointed at it, and stops after it.
beforeAll(async () => {
  printful = await startPrintfulFake();
});
afterAll(async () => {
  await printful?.close();
});

const { shop, browser } = useShop(() => ({
  env: { ...ADMIN_ENV, PRINTFUL_BASE_URL: printful.url },
}));

beforeAll(async () => {
  context = await browser.newContext({ viewport: DESKTOP });
  page = await context.newPage();
  errors = collectPageErrors(page);
});

afterAll(async () => {
  await context?.close();
});

async function shoot(name: string, fullPage = false) {
  for (const [label, viewport] of [
    ['desktop', DESKTOP],
    ['768', MOBILE],
  ] as const) {
    await page.setViewportSize(viewport);
    await page.waitForFunction(() => document.querySelectorAll('[data-sonner-toast]').length === 0, undefined, {
      timeout: 10_000,
    });
    await page.waitForFunction(() => [...document.images].every((image) => image.complete));
    await screenshot(page, `payments-${name}-${label}`, { fullPage });
  }
  await page.setViewportSize(DESKTOP);
}

const banner = () => page.getByRole('complementary', { name: 'Test mode' });

async function saveKeys(keys: Record<string, string>) {
  await page.goto(`${shop.url}/admin/settings`);
  for (const [label, value] of Object.entries(keys)) await page.getByLabel(label, { exact: true }).fill(value);
  await page.getByRole('button', { name: 'Save Settings' }).click();
  await page.locator('[data-sonner-toast]').filter({ hasText: 'Settings saved successfully' }).first().waitFor();
}

async function removeKey(label: string) {
  await page.goto(`${shop.url}/admin/settings`);
  await page.getByRole('button', { name: `Remove the saved ${label}` }).click();
  await page.locator('[data-sonner-toast]').filter({ hasText: 'Settings saved successfully' }).first().waitFor();
}

describe('the storefront says when the test provider takes the cards', () => {
  it('shows the test-mode banner on every storefront page of a shop with no payment keys', async () => {
    await page.goto(`${shop.url}/`);
    await banner().waitFor();
    expect((await banner().textContent())?.replace(/\s+/g, ' ').trim()).toBe(BANNER);
    await shoot('test-mode-home');
    await page.goto(`${shop.url}/transform`);
    await banner().waitFor();
  });

  it('Stripe keys saved in Settings end test mode; removing them brings it back', async () => {
    await page.goto(`${shop.url}/admin/login`);
    await page.getByLabel('Email').fill(ADMIN.email);
    await page.getByLabel('Password').fill(ADMIN.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(`${shop.url}/admin`);

    await saveKeys({ 'Stripe secret key': 'sk_test_e2e_key_WXYZ', 'Stripe publishable key': 'pk_test_e2e_key_PUBK' });
    await page.getByText('Saved · …WXYZ').waitFor();
    await page.getByText('Saved · …PUBK').waitFor();
    expect(await page.getByLabel('Stripe secret key', { exact: true }).inputValue()).toBe('');
    await shoot('settings-stripe', true);

    await page.goto(`${shop.url}/`);
    await page.getByRole('link', { name: 'Create artwork' }).waitFor();
    await page.waitForLoadState('networkidle');
    expect(await banner().count()).toBe(0);

    await removeKey('Stripe secret key');
    await page.goto(`${shop.url}/`);
    await banner().waitFor();
  });

  it('a Printful key saved with no Stripe turns the test provider off: no banner, and Settings says payments are not configured', async () => {
    await saveKeys({ 'Printful API key': 'pf-e2e-private-token' });
    await page
      .getByTestId('integration-payments')
      .getByText(/Payments are not configured/)
      .waitFor();
    await page.goto(`${shop.url}/`);
    await page.getByRole('link', { name: 'Create artwork' }).waitFor();
    await page.waitForLoadState('networkidle');
    expect(await banner().count()).toBe(0);
    const config = await page.evaluate(() => fetch('/api/payments/config').then((r) => r.json()));
    expect(config).toEqual({ success: true, provider: null, testMode: false });
    await removeKey('Printful API key');
    expect(errors.filter((error) => !/Failed to load resource/.test(error))).toEqual([]);
  });
});
