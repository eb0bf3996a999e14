/**
 * Analytics in Chromium (issue 16, "Must show" 3): two orders placed through the storefront
 * show in /admin/analytics — the cards, the revenue chart and the funnel — and the presets
 * change the figures. Screenshots at 1280 and 768 px land in e2e/artifacts/admin-analytics-*.png.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { collectPageErrors, DESKTOP, screenshot } from './support/browser';
import { ROOT } from './support/server';
import { placeOrder } from './support/storefront';
import { ADMIN, ADMIN_ENV, shootBoth, signInAsAdmin } from './support/admin';
import { useShop } from './support/use-shop';

const { shop, browser } = useShop({
  env: { ...ADMIN_ENV, FULFILMENT_SIMULATION_SECONDS: '3600' },
});
let photo: Buffer;

beforeAll(async () => {
  photo = await readFile(join(ROOT, 'assets/photos/lake-boats-sunset.jpg'));
});

describe('analytics after two storefront orders', () => {
  it('shows them in the cards, the chart and the funnel; the presets change the figures', async () => {
    const visitor = await browser.newContext({ viewport: DESKTOP });
    const store = await visitor.newPage();
    const firstId = await placeOrder(store, {
      shopUrl: shop.url,
      photo,
      email: 'first@example.com',
      product: 'Classic Mug 11 oz',
    });
    await visitor.close();
    const second = await browser.newContext({ viewport: DESKTOP });
    // A product the test photo prints sharp on (issue 37 refuses the large posters for it).
    const secondId = await placeOrder(await second.newPage(), {
      shopUrl: shop.url,
      photo,
      email: 'second@example.com',
      product: 'Large Mug 15 oz',
      style: /Pop Art/,
    });
    await second.close();

    const context = await browser.newContext({ viewport: DESKTOP });
    const page = await context.newPage();
    const errors = collectPageErrors(page);
    await signInAsAdmin(page, shop.url, '/admin/analytics', ADMIN);

    // Net revenue is what the orders charged less the tax the shop owes on them (issue 33).
    const moneyOf = (id: string) =>
      page.evaluate(
        async (orderId) =>
          (
            (await (await fetch(`/api/admin/orders/${orderId}`)).json()) as {
              money: { total_amount: number; tax_amount: number };
            }
          ).money,
        id,
      );
    let total = 0;
    for (const id of [firstId, secondId]) {
      const money = await moneyOf(id);
      total += money.total_amount - money.tax_amount;
    }
    const dollars = (cents: number) =>
      new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(cents / 100);

    await expect.poll(() => page.getByTestId('analytics-orders').textContent(), { timeout: 20_000 }).toBe('2');
    expect(await page.getByTestId('analytics-net').textContent()).toBe(dollars(total));
    expect(await page.getByTestId('analytics-units').textContent()).toBe('2');
    await page.getByTestId('revenue-chart').locator('.recharts-line').first().waitFor();
    // The funnel: both visits went all the way to paid.
    await expect
      .poll(async () =>
        (await page.getByTestId('funnel-table').locator('tbody tr').allTextContents()).map((row) =>
          row.replace(/\s+/g, ' '),
        ),
      )
      .toEqual([
        'Photo uploaded2—',
        'Artwork made2100%',
        'Mockups viewed2100%',
        'Added to cart2100%',
        'Checkout started2100%',
        'Paid2100%',
      ]);
    const styles = await page.getByTestId('styles-table').locator('tbody tr').allTextContents();
    expect(styles.some((row) => row.startsWith('Watercolour'))).toBe(true);
    expect(styles.some((row) => row.startsWith('Pop Art'))).toBe(true);
    await page.getByTestId('heat-map').waitFor();
    await shootBoth(page, 'admin-analytics-30-days');

    // A range with no orders: the figures change.
    await page.getByLabel('From Date').fill('2025-01-01');
    await page.getByLabel('To Date').fill('2025-01-31');
    await expect.poll(() => page.getByTestId('analytics-orders').textContent()).toBe('0');
    // Back through the presets: Today and This year both hold the two orders.
    await page.getByRole('button', { name: 'Today' }).click();
    await expect.poll(() => page.getByTestId('analytics-orders').textContent()).toBe('2');
    await page.getByRole('button', { name: 'This year' }).click();
    await expect.poll(() => page.getByTestId('analytics-orders').textContent()).toBe('2');
    await page.getByRole('button', { name: 'Month' }).waitFor();

    // CSV export of a table.
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export Top products as CSV' }).click();
    expect((await download).suggestedFilename()).toBe('products.csv');

    // The Dashboard's Analytics card: today's figures and a sparkline.
    await page.goto(`${shop.url}/admin`);
    const figures = page.getByTestId('analytics-card-figures');
    await figures.waitFor();
    expect((await figures.textContent())!.replace(/\s+/g, ' ')).toContain(`Revenue${dollars(total)}Orders2Artworks`);
    await page.waitForTimeout(300);
    await screenshot(page, 'admin-analytics-dashboard-desktop', { fullPage: true });

    expect(errors).toEqual([]);
    await context.close();
  });
});
