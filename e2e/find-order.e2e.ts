/**
 * Find my order (issue 17): from the footer, e-mail + order number lead to the order page; a
 * pair that does not match gets one neutral message; bad input is named field by field. At
 * 1280 px and at 390 px, a phone, with nothing wider than the screen.
 */
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { FIND_ORDER_MESSAGES, orderNumber } from '../src/domain/orders';
import { checkoutBody } from '../src/server/testing/fixtures/orders';
import { collectPageErrors, screenshot } from './support/browser';
import { json, makeArtwork, uploadPhoto } from './support/api';
import { useShop } from './support/use-shop';

const WIDTHS = [
  { label: '1280', viewport: { width: 1280, height: 900 } },
  { label: '390', viewport: { width: 390, height: 844 } },
] as const;
const EMAIL = 'Rosa.Finder@example.com';

const { shop, browser } = useShop();
let orderId: string;

/** An artwork made through the API, and an order for it placed (unpaid) under EMAIL. */
async function placeOrder(): Promise<string> {
  const transformationId = await makeArtwork(shop.url, await uploadPhoto(shop.url), 'Watercolour');
  const [product] = await json<Parameters<typeof checkoutBody>[0][number]['product'][]>(
    await fetch(`${shop.url}/api/products`),
  );
  const placed = await json<{ order_id: string }>(
    await fetch(`${shop.url}/api/checkout`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(checkoutBody([{ product: product!, transformationId }], { customerEmail: EMAIL })),
    }),
  );
  return placed.order_id;
}

beforeAll(async () => {
  orderId = await placeOrder();
});

const pageWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);

describe.each(WIDTHS)('Find my order at $label px', ({ label, viewport }) => {
  it('the footer link opens the form; e-mail + order number (any case) lead to the order page', async () => {
    const page = await browser.newPage({ viewport });
    const errors = collectPageErrors(page);
    await page.goto(shop.url);
    await page.getByRole('contentinfo').getByRole('link', { name: 'Find my order' }).click();
    await page.waitForURL(`${shop.url}/find-order`);
    await page.getByRole('heading', { level: 1, name: 'Find my order' }).waitFor();
    expect(await page.title()).toBe('Find my order · Wanderer');
    expect(await pageWidth(page)).toBeLessThanOrEqual(viewport.width);
    await screenshot(page, `find-order-form-${label}`);

    await page.getByLabel('Email').fill(EMAIL.toLowerCase());
    await page.getByLabel('Order number').fill(orderNumber(orderId).toLowerCase());
    await page.getByRole('button', { name: 'Find my order' }).click();
    await page.waitForURL(`${shop.url}/order-status/${orderId}`);
    await page.getByTestId('order-status-page').waitFor();
    expect(await page.getByTestId('order-status-page').textContent()).toContain(`#${orderNumber(orderId)}`);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('a number that is not this e-mail’s order gets the one neutral message, and the page stays', async () => {
    const page = await browser.newPage({ viewport });
    await page.goto(`${shop.url}/find-order`);
    await page.getByLabel('Email').fill(EMAIL);
    const wrong = (orderId.startsWith('0') ? '1' : '0') + orderNumber(orderId).slice(1);
    await page.getByLabel('Order number').fill(wrong);
    await page.getByRole('button', { name: 'Find my order' }).click();
    const problem = page.getByTestId('find-order-problem');
    await problem.waitFor();
    expect(await problem.textContent()).toBe(FIND_ORDER_MESSAGES.noMatch);
    expect(page.url()).toBe(`${shop.url}/find-order`);
    expect(await pageWidth(page)).toBeLessThanOrEqual(viewport.width);
    await screenshot(page, `find-order-not-found-${label}`);
    await page.close();
  });

  it('bad input is named under each field and never sent', async () => {
    const page = await browser.newPage({ viewport });
    let sent = 0;
    page.on('request', (request) => {
      if (request.url().endsWith('/api/orders/lookup')) sent += 1;
    });
    await page.goto(`${shop.url}/find-order`);
    await page.getByLabel('Email').fill('rosa.finder');
    await page.getByLabel('Order number').fill('ZZ12');
    await page.getByRole('button', { name: 'Find my order' }).click();
    const messages = page.getByTestId('field-error');
    await messages.nth(1).waitFor();
    expect(await messages.allTextContents()).toEqual([
      FIND_ORDER_MESSAGES.invalidEmail,
      FIND_ORDER_MESSAGES.invalidOrderNumber,
    ]);
    expect(await page.getByLabel('Email').getAttribute('aria-invalid')).toBe('true');
    expect(sent).toBe(0);
    expect(await pageWidth(page)).toBeLessThanOrEqual(viewport.width);
    await screenshot(page, `find-order-bad-input-${label}`);
    await page.close();
  });
});
