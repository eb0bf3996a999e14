/**
 * What the owner tripped over (issue 34), in Chromium at 1280 and 768 px, one shop for the
 * file: the orders table fits with its actions in view, Cancel Order asks first, search finds
 * the payer's name, the screen has a date range and the CSV carries both addresses and unit
 * prices; addresses are written as their country writes them; the erasure screen with its
 * dry run; the EXIF backfill tells 'no EXIF' from failures; hiding a homepage example says
 * what it does; the gallery's default in Settings; no router warnings; and axe finds no
 * serious or critical fault on any back-office screen. Screenshots: e2e/artifacts/owner-*.png.
 */
import { AxeBuilder } from '@axe-core/playwright';
import sharp from 'sharp';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TRANSFORMATION_MESSAGES } from '@/domain/admin-transformations';
import { ADMIN_ORDER_MESSAGES } from '@/domain/orders';
import { SHOP_SETTINGS_TEXT } from '@/domain/admin-settings';
import { ADMIN, ADMIN_ENV, toast } from './support/admin';
import { json, makeArtwork, uploadPhoto } from './support/api';
import { collectPageErrors, screenshot, settleImages } from './support/browser';
import { seedOrders } from './support/seed-orders';
import { useShop } from './support/use-shop';

const DESKTOP = { width: 1280, height: 900 };
const TABLET = { width: 768, height: 1024 };
const WIDTHS = [
  ['1280', DESKTOP],
  ['768', TABLET],
] as const;
/** Long words a table cannot break on its own: the e-mail and name of issue 34's walk. */
const LONG_EMAIL = 'maximilianvandenberghetraveller@examplecompanyholidays.com';
const LONG_NAME = 'Maximiliana Vandenberghe-Oppenheimer';
const PAYER = 'Bartholomew Payer';
const ERASED = 'erase.me@example.com';

/** Polls wait long enough for a loaded machine. */
const POLL = { timeout: 30_000 };

const { shop, browser } = useShop({
  env: { ...ADMIN_ENV, FULFILMENT_SIMULATION_SECONDS: '3600' },
});
let context: BrowserContext;
let page: Page;
let errors: string[];
const warnings: string[] = [];
let orderIds: string[];
let artworkId: string;

beforeAll(async () => {
  // Orders as the walk found them: a long unbroken e-mail, a payer who is not the recipient,
  // a Belgian address, an unpaid order; and a photo with no EXIF at all.
  const imageId = await uploadPhoto(shop.url);
  artworkId = await makeArtwork(shop.url, imageId, 'Watercolour');
  const flat = await sharp({ create: { width: 320, height: 240, channels: 3, background: '#88aacc' } })
    .jpeg()
    .toBuffer();
  await uploadPhoto(shop.url, flat);
  orderIds = await seedOrders(shop.url, artworkId, [
    { email: LONG_EMAIL, shippingName: LONG_NAME, quantity: 3 },
    { email: 'gift@example.org', shippingName: 'Grace Recipient', billingName: PAYER },
    {
      email: 'jan@example.be',
      shippingAddress: {
        name: 'Jan Peeters',
        line1: 'Bondgenotenlaan 12',
        line2: 'Bus 3',
        city: 'Leuven',
        state: '',
        postalCode: '3000',
        country: 'BE',
      },
    },
    { email: 'unpaid@example.com', shippingName: 'Una Paid', paid: false },
  ]);
  context = await browser.newContext({ viewport: DESKTOP, reducedMotion: 'reduce', acceptDownloads: true });
  page = await context.newPage();
  errors = collectPageErrors(page);
  page.on('console', (message) => {
    if (message.type() === 'warning') warnings.push(message.text());
  });
});

afterAll(async () => {
  await context?.close();
});

/** The serious and critical axe faults on the page, one line each. */
async function axeFaults(): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).analyze();
  return violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .flatMap((violation) =>
      violation.nodes.map((node) => `${violation.id} (${violation.impact}) at ${JSON.stringify(node.target)}`),
    );
}

/** Each width: axe, no horizontal overflow, a screenshot. Answers the faults found. */
async function audit(name: string, { dialog = false } = {}): Promise<string[]> {
  const faults: string[] = [];
  for (const [label, viewport] of WIDTHS) {
    await page.setViewportSize(viewport);
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    await settleImages(page);
    faults.push(...(await axeFaults()).map((fault) => `${name} at ${label}: ${fault}`));
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    if (width > viewport.width) faults.push(`${name} at ${label}: the page is ${width} px wide`);
    await screenshot(page, `owner-${name}-${label}`, { fullPage: !dialog });
  }
  await page.setViewportSize(DESKTOP);
  return faults;
}

const rows = () => page.getByTestId('order-row');

describe('the back office, signed in', () => {
  it('the sign-in page: no serious or critical fault', async () => {
    await page.goto(`${shop.url}/admin/login`);
    await page.getByRole('button', { name: 'Sign in' }).waitFor();
    expect(await audit('login')).toEqual([]);
    await page.getByLabel('Email').fill(ADMIN.email);
    await page.getByLabel('Password').fill(ADMIN.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(`${shop.url}/admin`);
  });

  it('the orders table fits its card at 1280 and 768; every order, unpaid too, shows View', async () => {
    await page.goto(`${shop.url}/admin/orders`);
    await expect.poll(() => rows().count(), POLL).toBe(4);
    await settleImages(page);
    for (const [label, viewport] of WIDTHS) {
      await page.setViewportSize(viewport);
      await page.waitForTimeout(200);
      const fit = await page.getByTestId('orders-table').evaluate((table) => {
        const card = table.parentElement!.getBoundingClientRect();
        return { table: table.scrollWidth, card: Math.round(card.width), right: card.right };
      });
      expect(fit.table, `table at ${label}`).toBeLessThanOrEqual(fit.card);
      for (const row of await rows().all()) {
        const view = row.getByRole('link', { name: /^View order / });
        expect(await view.isVisible(), `View at ${label}`).toBe(true);
        const box = (await view.boundingBox())!;
        expect(box.x + box.width, `View inside the card at ${label}`).toBeLessThanOrEqual(fit.right);
      }
      // Every header says its whole word ('AC' was all of Actions).
      if (label === '1280') {
        for (const header of await page.getByTestId('orders-table').locator('th').all()) {
          expect(await header.evaluate((cell) => cell.scrollWidth <= cell.clientWidth)).toBe(true);
        }
      }
    }
    expect(await rows().filter({ hasText: 'unpaid@example.com' }).getByRole('link', { name: /^View/ }).count()).toBe(1);
    expect(await audit('orders')).toEqual([]);
  });

  it('finds the payer by billing name, narrows by dates, and exports both addresses with unit prices', async () => {
    const search = page.getByRole('textbox', { name: 'Search orders' });
    await search.fill('bartholomew');
    await expect.poll(() => rows().count(), POLL).toBe(1);
    expect(await rows().first().textContent()).toContain('Grace Recipient');
    await search.fill('');
    await expect.poll(() => rows().count(), POLL).toBe(4);

    const range = page.getByTestId('order-date-range');
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    const today = new Date().toISOString().slice(0, 10);
    await range.getByLabel('From').fill(tomorrow);
    await page.getByText(ADMIN_ORDER_MESSAGES.empty).waitFor();
    await range.getByLabel('To').fill(today);
    await page.getByText(ADMIN_ORDER_MESSAGES.dateRangeInvalid).waitFor();
    await range.getByLabel('From').fill(today);
    await expect.poll(() => rows().count(), POLL).toBe(4);
    expect(await audit('orders-dates')).toEqual([]);

    const download = page.waitForEvent('download');
    await page.getByRole('link', { name: 'Export CSV' }).click();
    const csv = await (await (await download).createReadStream()).toArray();
    const text = Buffer.concat(csv).toString('utf8');
    const [header, ...lines] = text.trim().split('\n');
    expect(header).toContain('billing_name,billing_address_line1,billing_address_line2,billing_city');
    expect(header).toContain('shipping_postal_code,shipping_country');
    expect(header).toContain('line_items');
    expect(lines).toHaveLength(4);
    expect(text).toContain(PAYER);
    expect(text).toMatch(/Jan Peeters,Bondgenotenlaan 12,Bus 3,Leuven,,3000,BE/);
    expect(text).toMatch(/3 x Art Print 12×18″ @ \d+\.\d\d = \d+\.\d\d/);
    await range.getByRole('button', { name: 'Clear dates' }).click();
  });

  it("a Belgian order's addresses read as Belgium writes them, with the country's name", async () => {
    const belgian = orderIds[2]!;
    await page.goto(`${shop.url}/admin/orders/${belgian}`);
    const shipping = page.getByTestId('shipping-address');
    await shipping.waitFor();
    expect(await shipping.evaluate((address) => [...address.children].map((line) => line.textContent))).toEqual([
      'Jan Peeters',
      'Bondgenotenlaan 12',
      'Bus 3',
      '3000 Leuven',
      'Belgium',
    ]);
    // The confirmation e-mail it was sent says the same.
    const emailsOf = () =>
      page.evaluate(
        async (id) => (await (await fetch(`/api/admin/emails?order_id=${id}`)).json()).emails as unknown[],
        belgian,
      );
    await expect.poll(async () => (await emailsOf()).length, { timeout: 30_000 }).toBeGreaterThan(0);
    const emails = await emailsOf();
    const mail = await page.evaluate(
      async (id) => (await (await fetch(`/api/admin/emails/${id}`)).json()) as { html: string },
      (emails as Array<{ id: string }>)[0]!.id,
    );
    expect(mail.html).toContain('Jan Peeters<br>Bondgenotenlaan 12<br>Bus 3<br>3000 Leuven<br>Belgium');
    expect(await audit('order-detail-belgium')).toEqual([]);
  });

  it('Cancel Order asks first: Keep Order keeps it; confirming cancels it', async () => {
    await page.goto(`${shop.url}/admin/orders/${orderIds[3]}`);
    await page.getByRole('button', { name: 'Cancel Order' }).click();
    const dialog = page.getByRole('alertdialog');
    await dialog.getByText(ADMIN_ORDER_MESSAGES.cancelConfirmation).waitFor();
    expect(await audit('cancel-confirmation', { dialog: true })).toEqual([]);
    await dialog.getByRole('button', { name: 'Keep Order' }).click();
    await dialog.waitFor({ state: 'detached' });
    const state = async () =>
      (
        await page.evaluate(async (id) => (await (await fetch(`/api/admin/orders/${id}`)).json()).status, orderIds[3])
      ).toString();
    expect(await state()).toBe('pending');
    await page.getByRole('button', { name: 'Cancel Order' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Cancel Order' }).click();
    await toast(page, ADMIN_ORDER_MESSAGES.cancelled);
    expect(await state()).toBe('cancelled');
  });

  it('the erasure screen: the dry run lists what will go and changes nothing; Erase, after a confirmation, erases', async () => {
    // A visitor who left an e-mail with an artwork they never bought.
    const imageId = await uploadPhoto(
      shop.url,
      await sharp({ create: { width: 300, height: 200, channels: 3, background: '#cc8844' } })
        .jpeg()
        .toBuffer(),
    );
    const [style] = await json<Array<{ id: string }>>(await fetch(`${shop.url}/api/styles`));
    const { transformationId: theirs } = await json<{ transformationId: string }>(
      await fetch(`${shop.url}/api/transformations`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ imageId, styleId: style!.id, email: ERASED }),
      }),
    );
    const artworkStatus = async (id: string) => (await fetch(`${shop.url}/api/transformations/${id}`)).status;

    await page.goto(`${shop.url}/admin/transformations`);
    await page.getByRole('tab', { name: 'Customer Data' }).click();
    const screen = page.getByTestId('customer-erasure');
    await screen.getByLabel('Customer e-mail').fill('not an e-mail');
    await screen.getByRole('button', { name: 'Preview' }).click();
    await screen.getByText('Enter the customer’s e-mail address').waitFor();

    // The long e-mail's artwork is in an order: kept, and said so.
    await screen.getByLabel('Customer e-mail').fill(LONG_EMAIL);
    await screen.getByRole('button', { name: 'Preview' }).click();
    await screen.getByTestId('erasure-keep').waitFor();
    expect(await screen.getByTestId('erasure-remove').count()).toBe(0);

    await screen.getByLabel('Customer e-mail').fill(ERASED.toUpperCase());
    await screen.getByRole('button', { name: 'Preview' }).click();
    const remove = screen.getByTestId('erasure-remove');
    await remove.waitFor();
    expect(await remove.getByTestId('erasure-artwork').count()).toBe(1);
    expect(await artworkStatus(theirs)).toBe(200);
    expect(await audit('erasure-preview')).toEqual([]);

    await screen.getByRole('button', { name: `Erase ${ERASED}` }).click();
    const dialog = page.getByRole('alertdialog');
    await dialog.getByText(/cannot be undone/).waitFor();
    expect(await audit('erasure-confirmation', { dialog: true })).toEqual([]);
    await dialog.getByRole('button', { name: 'Erase' }).click();
    await toast(page, 'Erased 1 artwork(s)');
    expect(await artworkStatus(theirs)).toBe(404);
    expect(await artworkStatus(artworkId)).toBe(200);
  });

  it('the EXIF backfill counts a photo with no EXIF apart, not as Failed', async () => {
    await page.goto(`${shop.url}/admin/settings`);
    const card = page.getByTestId('exif-backfill-card');
    await card.getByRole('button', { name: 'Start Backfill' }).click();
    await expect
      .poll(() => card.getByTestId('exif-backfill-state').textContent(), { timeout: 30_000 })
      .toBe('Completed');
    const figures = (await card.getByTestId('exif-backfill-progress').textContent()) ?? '';
    expect(figures).toMatch(/No EXIF [1-9]/);
    expect(figures).toMatch(/Failed\s*0/);
    expect(await card.getByTestId('exif-backfill-errors').count()).toBe(0);
  });

  it("the gallery's default is the owner's: Settings switches where the storefront's switch starts", async () => {
    const settings = page.getByTestId('shop-settings');
    const toggle = settings.getByRole('switch', { name: SHOP_SETTINGS_TEXT.galleryLabel });
    expect(await toggle.getAttribute('aria-checked')).toBe('true');
    await toggle.click();
    await toast(page, SHOP_SETTINGS_TEXT.saved);
    expect((await (await fetch(`${shop.url}/api/site`)).json()).galleryConsentDefault).toBe(false);
    expect(await audit('settings')).toEqual([]);
    await toggle.click();
    await toast(page, SHOP_SETTINGS_TEXT.saved);
    expect((await (await fetch(`${shop.url}/api/site`)).json()).galleryConsentDefault).toBe(true);
  });

  it('hiding a homepage example says what it does, before and after', async () => {
    await page.evaluate(
      async (id) =>
        fetch(`/api/admin/transformations/${id}`, {
          method: 'PATCH',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ is_homepage_example: true }),
        }),
      artworkId,
    );
    await page.goto(`${shop.url}/admin/transformations`);
    const card = page.locator(`[data-testid="transformation-card"][data-id="${artworkId}"]`);
    await card.getByText('Homepage Example').waitFor();
    await card.getByRole('button', { name: 'Hide from Gallery' }).click();
    const dialog = page.getByRole('alertdialog');
    await dialog.getByText(TRANSFORMATION_MESSAGES.hideExampleConfirmation).waitFor();
    expect(await audit('hide-example', { dialog: true })).toEqual([]);
    await dialog.getByRole('button', { name: TRANSFORMATION_MESSAGES.hideExampleAction }).click();
    await toast(page, TRANSFORMATION_MESSAGES.hiddenAndRemoved);
    await card.getByText('Hidden from gallery').waitFor();
    expect(await card.getByText('Homepage Example').count()).toBe(0);
  });

  const screens = async (list: ReadonlyArray<readonly [string, string]>) => {
    const faults: string[] = [];
    for (const [path, name] of list) {
      await page.goto(`${shop.url}${path}`);
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      // Each screen's first answers, before axe reads it.
      await page.waitForFunction(() => document.querySelectorAll('[data-testid$="loading"]').length === 0);
      await page.waitForTimeout(400);
      faults.push(...(await audit(name)));
    }
    return faults;
  };

  it('the dashboard, content, landing pages and styles: no serious or critical fault, nothing too wide', async () => {
    const faults = await screens([
      ['/admin', 'dashboard'],
      ['/admin/content', 'content'],
      ['/admin/landing-pages', 'landing-pages'],
      ['/admin/styles', 'styles'],
    ]);
    expect(faults).toEqual([]);
  });

  it('transformations (its three tabs), e-mails and analytics: no serious or critical fault, nothing too wide', async () => {
    const faults = await screens([
      ['/admin/transformations', 'transformations'],
      ['/admin/emails', 'emails'],
      ['/admin/analytics', 'analytics'],
    ]);
    await page.goto(`${shop.url}/admin/transformations`);
    await page.getByRole('tab', { name: 'Data Backfill' }).click();
    faults.push(...(await audit('transformations-backfill')));
    await page.getByRole('tab', { name: 'Customer Data' }).click();
    faults.push(...(await audit('transformations-customers')));
    expect(faults).toEqual([]);
  });

  it('products, the pricing grid and the catalog browser: no serious or critical fault, nothing too wide', async () => {
    const faults = await screens([['/admin/products', 'products']]);
    await page.getByRole('tab', { name: 'Enhanced Catalog Browser' }).click();
    await page.getByTestId('catalog-card').first().waitFor();
    faults.push(...(await audit('products-catalog')));
    expect(faults).toEqual([]);
  });

  it("logged no error, and no router warning ('No HydrateFallback element')", () => {
    expect(warnings.filter((text) => /HydrateFallback/.test(text))).toEqual([]);
    expect(errors).toEqual([]);
  });
});
