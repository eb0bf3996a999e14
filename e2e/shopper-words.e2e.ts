/**
 * Customer-facing words only (issue 17, fault 9), at 1280 px and at 390 px: a refused or
 * crashed transformation start reads the spec's sentences; a mockup that fails names the
 * product, not the provider's variant id; nothing points a shopper to the back office or shows
 * 'Request failed (500)'; a product the catalog has discontinued cannot be added from the grid,
 * and the server refuses it at checkout in words.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TRANSFORMATION_MESSAGES } from '../src/domain/transformation';
import { checkoutBody } from '../src/server/testing/fixtures/orders';
import { collectPageErrors, screenshot } from './support/browser';
import { ROOT } from './support/server';
import { useShop } from './support/use-shop';
import { ADMIN, ADMIN_ENV } from './support/admin';

const WIDTHS = [
  { label: '1280', viewport: { width: 1280, height: 900 } },
  { label: '390', viewport: { width: 390, height: 844 } },
] as const;
/** Variant 16586 (White Glossy Mug, 20 oz) is discontinued in the built-in catalog. */
const DISCONTINUED = { variantId: 16586, name: 'Large Mug 20 oz' };
const FAILING = 'Classic Mug 11 oz';

const { shop, browser } = useShop({ env: ADMIN_ENV });
let photo: Buffer;

type Product = Parameters<typeof checkoutBody>[0][number]['product'];

/** The owner adds the discontinued variant to the store, enabled, as the back office would. */
async function addDiscontinuedProduct(): Promise<void> {
  const headers = { 'content-type': 'application/json', origin: shop.url };
  const login = await fetch(`${shop.url}/api/auth/login`, { method: 'POST', headers, body: JSON.stringify(ADMIN) });
  expect(login.status).toBe(200);
  const cookie = login.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .join('; ');
  const synced = await fetch(`${shop.url}/api/admin/catalog/sync`, {
    method: 'POST',
    headers: { ...headers, cookie },
    body: JSON.stringify({
      products: [
        {
          printful_product_id: 19,
          printful_variant_id: DISCONTINUED.variantId,
          name: DISCONTINUED.name,
          is_enabled: true,
        },
      ],
    }),
  });
  expect(synced.status).toBe(200);
}

beforeAll(async () => {
  photo = await readFile(join(ROOT, 'assets/photos/lake-boats-sunset.jpg'));
  await addDiscontinuedProduct();
});

const toastText = (page: Page, text: string) =>
  page.locator('[data-sonner-toast]').filter({ hasText: text }).first().waitFor();

/** What a shopper must never read. */
const INTERNAL_WORDS = [/Request failed/, /Admin\s*→\s*Products/, /administrator/i, /variant \d+/, /\bat \w+ \(/];

const internalWordsOn = async (page: Page) => {
  const text = await page.evaluate(() => document.body.innerText);
  return INTERNAL_WORDS.filter((pattern) => pattern.test(text)).map(String);
};

describe.each(WIDTHS)('shoppers read only shoppers’ words at $label px (issue 17, fault 9)', ({ label, viewport }) => {
  let page: Page;
  let errors: string[];
  let products: Product[];

  beforeAll(async () => {
    page = await browser.newPage({ viewport });
    errors = collectPageErrors(page);
    products = await (await fetch(`${shop.url}/api/products`)).json();
  });
  afterAll(async () => page?.close());

  it('a start that fails reads the spec’s sentences, with their advice, never a status code', async () => {
    await page.goto(`${shop.url}/transform`);
    const chooser = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: 'Upload a photo' }).click();
    await (await chooser).setFiles({ name: `words-${label}.jpg`, mimeType: 'image/jpeg', buffer: photo });
    await page.getByTestId('transform-photo').waitFor();
    await page.getByRole('radio', { name: /Watercolour/ }).click();

    // A crash behind a proxy: no JSON, only a status.
    await page.route('**/api/transformations', (route) =>
      route.request().method() === 'POST' ? route.fulfill({ status: 502, body: 'Bad gateway' }) : route.fallback(),
    );
    await page.getByRole('button', { name: 'Transform Image' }).click();
    await toastText(page, TRANSFORMATION_MESSAGES.callFailed);
    await page.unrouteAll();

    // A refusal in the server's words keeps the advice the spec appends.
    await page.route('**/api/transformations', (route) =>
      route.request().method() === 'POST'
        ? route.fulfill({ status: 422, json: { error: 'AI transformation failed: the photo was refused' } })
        : route.fallback(),
    );
    await page.getByRole('button', { name: 'Transform Image' }).click();
    await toastText(page, `AI transformation failed: the photo was refused${TRANSFORMATION_MESSAGES.aiAdvice}`);
    await page.unrouteAll();
    expect(await internalWordsOn(page)).toEqual([]);
  });

  it('a failed mockup names the product; a discontinued product says so and cannot be added', async () => {
    const failing = products.find((product) => product.name === FAILING)!;
    // The mug's mockups fail with no words of the server's: the grid must not say 'Request failed (500)'.
    await page.route('**/api/mockups', async (route) => {
      const body = route.request().postDataJSON() as { variant_ids: number[] };
      if (body.variant_ids.includes(failing.printful_variant_id!)) return route.fulfill({ status: 500, body: '' });
      return route.fallback();
    });
    await page.getByRole('button', { name: 'Transform Image' }).click();
    await page.getByTestId('compare-slider').waitFor({ timeout: 90_000 });

    const mug = page.getByTestId('product-card').filter({ hasText: FAILING });
    await mug.getByTestId('product-error').waitFor({ timeout: 60_000 });
    expect(await mug.getByTestId('product-error').textContent()).toBe(
      `Generation failed: Failed to generate previews for variant ${FAILING}`,
    );

    const discontinued = page.getByTestId('product-card').filter({ hasText: DISCONTINUED.name });
    await discontinued.getByTestId('product-error').waitFor({ timeout: 60_000 });
    expect(await discontinued.getByTestId('product-error').textContent()).toBe(
      `Variant unavailable: ${DISCONTINUED.name} has been discontinued`,
    );
    const unavailable = discontinued.getByRole('button', { name: 'Unavailable' });
    expect(await unavailable.isDisabled()).toBe(true);
    const [card, button] = [await discontinued.boundingBox(), await unavailable.boundingBox()];
    expect(button!.x + button!.width).toBeLessThanOrEqual(card!.x + card!.width);
    expect(await discontinued.getByRole('button', { name: /to cart/ }).count()).toBe(0);
    await toastText(page, `${DISCONTINUED.name} has been discontinued`);
    expect(await internalWordsOn(page)).toEqual([]);
    await discontinued.scrollIntoViewIfNeeded();
    await screenshot(page, `shopper-words-grid-${label}`, { fullPage: false });

    // Its preview offers no way into the cart either.
    await discontinued.getByRole('button', { name: new RegExp(`View ${DISCONTINUED.name}`) }).click();
    await page.getByTestId('invalid-variant').waitFor();
    expect(await page.getByTestId('preview-modal').getByRole('button', { name: /Add/ }).count()).toBe(0);
    expect(await internalWordsOn(page)).toEqual([]);
    await screenshot(page, `shopper-words-discontinued-preview-${label}`, { fullPage: false });
    await page.keyboard.press('Escape');
    await page.unrouteAll();
    expect(await page.getByTestId('order-summary').getByTestId('summary-line').count()).toBe(0);
  });

  it('the server refuses the discontinued product at checkout, in words, with a 409', async () => {
    const artworkId = new URL(page.url()).searchParams.get('artwork')!;
    const discontinued = products.find((product) => product.name === DISCONTINUED.name)!;
    const other = products.find((product) => product.name !== DISCONTINUED.name)!;
    const refused = await fetch(`${shop.url}/api/checkout`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(
        checkoutBody([
          { product: other, transformationId: artworkId },
          { product: discontinued, transformationId: artworkId },
        ]),
      ),
    });
    expect(refused.status).toBe(409);
    expect((await refused.json()).error).toBe(
      `${DISCONTINUED.name} has been discontinued. Please remove it from your cart and try again.`,
    );
  });

  it('logged no page error but the failures it forced', () => {
    const forced = [/status of 502/, /status of 422/, /status of 500/];
    expect(errors.filter((message) => !forced.some((known) => known.test(message)))).toEqual([]);
  });
});
