/**
 * The orders back office in Chromium (issue 13, "Must show" 3): a visitor orders through the
 * storefront; the owner finds the order by e-mail in /admin/orders, opens it, resends the
 * confirmation (the outbox then holds two), refunds half and then the rest, and reads the
 * timeline; the customer's order page then says Refunded. Screenshots at 1280 and 768 px land
 * in e2e/artifacts/admin-orders-*.png.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { collectPageErrors, DESKTOP, MOBILE, screenshot, settleImages } from './support/browser';
import { ROOT } from './support/server';
import { placeOrder } from './support/storefront';
import { ADMIN, ADMIN_ENV, shootBoth, toast } from './support/admin';
import { useShop } from './support/use-shop';

const CUSTOMER = 'refund.me@example.com';
const MUG = 'Classic Mug 11 oz';

// The simulated print provider waits an hour: the order stays paid while it is refunded.
const { shop, browser } = useShop({
  env: { ...ADMIN_ENV, FULFILMENT_SIMULATION_SECONDS: '3600' },
});
let photo: Buffer;

beforeAll(async () => {
  photo = await readFile(join(ROOT, 'assets/photos/lake-boats-sunset.jpg'));
});

async function emailsOf(page: Page, orderId: string): Promise<Array<{ kind: string; status: string }>> {
  return page.evaluate(async (id) => (await (await fetch(`/api/admin/emails?order_id=${id}`)).json()).emails, orderId);
}

describe('the owner finds an order, resends its e-mail and refunds it (admin §2 Orders, Order detail)', () => {
  it('order → find by e-mail → open → resend (two in the outbox) → refund half, then the rest → timeline; the customer reads Refunded', async () => {
    const context = await browser.newContext({ viewport: DESKTOP });
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: shop.url });
    const page = await context.newPage();
    const errors = collectPageErrors(page);

    const orderId = await placeOrder(page, { shopUrl: shop.url, photo, email: CUSTOMER, product: MUG });

    await page.goto(`${shop.url}/admin/orders`);
    await page.waitForURL(`${shop.url}/admin/login`);
    await page.getByLabel('Email').fill(ADMIN.email);
    await page.getByLabel('Password').fill(ADMIN.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(`${shop.url}/admin/orders`);
    await page.getByRole('heading', { name: 'Orders' }).waitFor();
    await page.getByTestId('order-row').first().waitFor();
    const stats = await page.getByTestId('order-stat').allTextContents();
    expect(stats).toEqual([
      'Total Orders1',
      'Pending Payment0',
      expect.stringMatching(/^Need Printful Submit[01]$/),
      'Printful Confirmed0',
    ]);

    // Nothing matches: the spec's empty text. Then the customer's e-mail finds the order.
    const search = page.getByRole('textbox', { name: 'Search orders' });
    await search.fill('nobody@nowhere.test');
    await page.getByText('No orders found matching your filters.').waitFor();
    await shootBoth(page, 'admin-orders-list-empty');
    await search.fill(CUSTOMER);
    const row = page.getByTestId('order-row').filter({ hasText: CUSTOMER });
    await row.waitFor();
    expect(await page.getByTestId('order-row').count()).toBe(1);
    expect(await row.textContent()).toContain(orderId.slice(0, 8));
    expect(await row.textContent()).toContain(`1 x ${MUG}`);
    expect(await row.textContent()).toContain('Rita Refund');
    await row.locator('img[src*="/files/mockups/"]').waitFor();
    await shootBoth(page, 'admin-orders-list');

    // Open it.
    await row.getByRole('link', { name: `View order ${orderId.slice(0, 8)}` }).click();
    await page.waitForURL(`${shop.url}/admin/orders/${orderId}`);
    await page.getByRole('heading', { name: `Order ${orderId.slice(0, 8)}` }).waitFor();
    for (const title of [
      'Order Status',
      'Order Summary',
      'Billing Information',
      'Shipping Information',
      'Order Items',
      'Payment Information',
      'Timeline',
    ]) {
      await page.getByText(title, { exact: true }).first().waitFor();
    }
    await page.getByRole('button', { name: 'Copy order ID' }).click();
    await toast(page, 'Copied to clipboard');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(orderId);

    // The paid event's confirmation reaches the outbox; Resend adds a second.
    await expect
      .poll(
        async () =>
          (await emailsOf(page, orderId)).filter((m) => m.kind === 'order_confirmation' && m.status === 'sent').length,
        { timeout: 30_000 },
      )
      .toBe(1);
    await page.getByRole('button', { name: 'Resend Email' }).click();
    await toast(page, 'Confirmation email resent successfully');
    await expect
      .poll(
        async () =>
          (await emailsOf(page, orderId)).filter((m) => m.kind === 'order_confirmation' && m.status === 'sent').length,
      )
      .toBe(2);
    await page.getByTestId('timeline-event').filter({ hasText: 'Confirmation e-mail resent' }).waitFor();

    // Refund half.
    const total = Number(
      await page.evaluate(async (id) => (await (await fetch(`/api/admin/orders/${id}`)).json()).total_amount, orderId),
    );
    const half = Math.floor(total / 2);
    await page.getByRole('button', { name: 'Refund', exact: true }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel(/Amount/).fill((half / 100).toFixed(2));
    await shootBoth(page, 'admin-orders-refund-dialog', { dialog: true });
    await dialog.getByRole('button', { name: /^Refund \$/ }).click();
    await toast(page, 'Refunded');
    await page.getByTestId('timeline-event').filter({ hasText: 'Partly refunded' }).waitFor();
    expect(await page.getByTestId('order-status').first().textContent()).not.toBe('Refunded');

    // Refund the rest, at 768 px.
    await page.setViewportSize(MOBILE);
    await page.getByRole('button', { name: 'Refund', exact: true }).click();
    await page
      .getByRole('dialog')
      .getByRole('button', { name: /^Refund \$/ })
      .click();
    await toast(page, 'Refunded');
    await page.getByTestId('timeline-event').filter({ hasText: 'Refunded in full' }).waitFor();
    await page.getByTestId('order-status').filter({ hasText: 'Refunded' }).first().waitFor();
    await expect.poll(() => page.getByRole('button', { name: 'Refund', exact: true }).count()).toBe(0);
    await page.setViewportSize(DESKTOP);
    await page
      .getByTestId('timeline-event')
      .filter({ hasText: 'Refund e-mail sent' })
      .nth(1)
      .waitFor({ timeout: 15_000 })
      .catch(async () => {
        await page.reload();
        await page.getByTestId('timeline-event').filter({ hasText: 'Refund e-mail sent' }).nth(1).waitFor();
      });
    const timeline = await page.getByTestId('timeline-event').allTextContents();
    const order = [
      'Order created',
      'Payment received',
      'Confirmation e-mail sent',
      'Confirmation e-mail resent',
      'Partly refunded',
      'Refunded in full',
    ];
    const positions = order.map((label) => timeline.findIndex((text) => text.startsWith(label)));
    expect(
      positions.every((position) => position >= 0),
      JSON.stringify(timeline),
    ).toBe(true);
    expect([...positions].sort((a, b) => a - b)).toEqual(positions);
    await shootBoth(page, 'admin-orders-detail-refunded');

    // The list shows it refunded, under the Refunded filter.
    await page.getByRole('link', { name: 'Back to Orders' }).click();
    await page.getByRole('combobox', { name: 'Filter by status' }).click();
    await page.getByRole('option', { name: 'Refunded' }).click();
    await page.getByTestId('order-row').filter({ hasText: 'Refunded' }).waitFor();

    // The customer's own order page.
    const customer = await browser.newPage({ viewport: DESKTOP });
    await customer.goto(`${shop.url}/order-status/${orderId}`);
    await customer
      .getByTestId('order-status-page')
      .getByTestId('order-status')
      .filter({ hasText: 'Refunded' })
      .first()
      .waitFor();
    await settleImages(customer);
    await screenshot(customer, 'admin-orders-customer-refunded-desktop', { fullPage: true });
    await customer.setViewportSize(MOBILE);
    await screenshot(customer, 'admin-orders-customer-refunded-768', { fullPage: true });
    await customer.close();

    // The e-mails list: the two confirmations and the two refund e-mails, each with its preview.
    await page.goto(`${shop.url}/admin/emails`);
    await page.getByTestId('email-row').nth(3).waitFor();
    expect(await page.getByTestId('email-row').count()).toBe(4);
    await page.getByTestId('email-row').filter({ hasText: 'Refund' }).first().getByRole('button').click();
    await page
      .frameLocator('iframe[title="E-mail preview"]')
      .getByText(/refunded/)
      .first()
      .waitFor();
    await shootBoth(page, 'admin-orders-emails-preview', { dialog: true });
    await page.keyboard.press('Escape');

    // The dashboard's Orders card: today's orders, and a link to those needing attention.
    await page.goto(`${shop.url}/admin`);
    const figures = page.getByTestId('orders-card-figures');
    await figures.waitFor();
    expect(await figures.textContent()).toBe('1 today0 need attention');
    await shootBoth(page, 'admin-orders-dashboard');
    await figures.getByRole('link', { name: /need attention/ }).click();
    await page.waitForURL(`${shop.url}/admin/orders?status=attention`);
    expect(await page.getByRole('combobox', { name: 'Filter by status' }).textContent()).toBe('Needs Attention');
    await page.getByText('No orders found matching your filters.').waitFor();

    // Order Not Found for an id that does not exist.
    await page.goto(`${shop.url}/admin/orders/00000000-0000-4000-8000-000000000000`);
    await page.getByRole('heading', { name: 'Order Not Found' }).waitFor();

    expect(errors.filter((message) => !/status of 404/.test(message))).toEqual([]);
    await context.close();
  }, 300_000);
});
