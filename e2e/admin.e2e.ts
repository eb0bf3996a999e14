/**
 * The back office in a real browser (issue 7, "Must show" 3): sign in → dashboard → a new
 * style with a preview reaches the storefront → the hero edited shows on Home → two homepage
 * examples and the confirmed replacement of the oldest → sign out; a plain user is refused.
 * Screenshots at desktop and 768 px land in e2e/artifacts/admin-*.png.
 */
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import sharp from 'sharp';
import { collectPageErrors, DESKTOP, MOBILE, screenshot } from './support/browser';
import { useShop } from './support/use-shop';
import { ADMIN, ADMIN_ENV } from './support/admin';

const PLAIN = { email: 'traveller@wanderer.test', password: 'a-plain-user-password' };

const { shop, browser } = useShop({ env: ADMIN_ENV });

/** A JPEG of a simple scene: sky, sun and hills, in the given colours. */
async function scene(width: number, height: number, sky: string, hill: string): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <rect width="100%" height="100%" fill="${sky}"/>
    <circle cx="${width * 0.72}" cy="${height * 0.3}" r="${height * 0.12}" fill="#f6d365"/>
    <path d="M0 ${height * 0.7} Q ${width * 0.3} ${height * 0.45} ${width * 0.6} ${height * 0.68} T ${width} ${height * 0.6} V ${height} H 0 Z" fill="${hill}"/>
  </svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 85 }).toBuffer();
}

const jpegFile = (name: string, buffer: Buffer) => ({ name, mimeType: 'image/jpeg', buffer });

/**
 * Screenshots the page at desktop width and at 768 px, then goes back to desktop. A page is
 * taken whole from the top (the sidebar and header are sticky); an open dialog, as the
 * viewport shows it.
 */
async function shoot(page: Page, name: string, { dialog = false } = {}) {
  for (const [label, viewport] of [
    ['desktop', DESKTOP],
    ['768', MOBILE],
  ] as const) {
    await page.setViewportSize(viewport);
    if (!dialog) await page.evaluate(() => window.scrollTo(0, 0));
    await settle(page);
    await screenshot(page, `admin-${name}-${label}`, { fullPage: !dialog });
  }
  await page.setViewportSize(DESKTOP);
}

async function settle(page: Page) {
  // Toasts fade after a few seconds; the screenshots show the page itself.
  await page.waitForFunction(() => document.querySelectorAll('[data-sonner-toast]').length === 0, undefined, {
    timeout: 10_000,
  });
  await page.waitForFunction(() => [...document.images].every((image) => image.complete));
  await page.waitForTimeout(150);
}

/** Follows a link of the sidebar (the dashboard's cards carry the same names). */
async function openScreen(page: Page, name: string) {
  await page.getByRole('complementary', { name: 'Admin navigation' }).getByRole('link', { name, exact: true }).click();
}

async function toast(page: Page, text: string) {
  await page.locator('[data-sonner-toast]').filter({ hasText: text }).first().waitFor();
}

describe('the owner runs the shop from the back office', () => {
  let context: BrowserContext;
  let page: Page;
  let errors: string[];

  beforeAll(async () => {
    context = await browser.newContext({ viewport: DESKTOP });
    page = await context.newPage();
    errors = collectPageErrors(page);
  });
  afterAll(async () => context?.close());

  it('is sent to sign in, told what is missing or wrong, and then lands on the page it asked for', async () => {
    await page.goto(`${shop.url}/admin/styles`);
    await page.waitForURL(`${shop.url}/admin/login`);
    await page.getByRole('button', { name: 'Sign in' }).waitFor();
    await shoot(page, 'login');

    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('alert').filter({ hasText: 'Please enter both email and password' }).waitFor();

    await page.getByLabel('Email').fill(ADMIN.email);
    await page.getByLabel('Password').fill('not-the-password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('alert').filter({ hasText: 'Login failed: Invalid email or password' }).waitFor();

    await page.getByLabel('Password').fill(ADMIN.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(`${shop.url}/admin/styles`);
    await page.getByRole('heading', { name: 'Art Styles' }).waitFor();
  });

  it('shows the dashboard with its cards, the title and the signed-in e-mail', async () => {
    await openScreen(page, 'Dashboard');
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
    expect(await page.getByTestId('dashboard-card').count()).toBe(7);
    expect(await page.title()).toBe('Admin Dashboard - Wanderer');
    expect(await page.getByTestId('admin-email').textContent()).toBe(ADMIN.email);
    await shoot(page, 'dashboard');
  });

  it('collapses the sidebar to icons with ctrl+B and keeps that in a cookie for 7 days', async () => {
    const sidebar = page.getByRole('complementary', { name: 'Admin navigation' });
    expect((await sidebar.boundingBox())!.width).toBe(256);
    await page.keyboard.press('Control+b');
    await page.waitForFunction(() => document.querySelector('aside')?.getBoundingClientRect().width === 48);
    await screenshot(page, 'admin-sidebar-collapsed-desktop');
    const cookie = (await context.cookies()).find((entry) => entry.name === 'sidebar_state')!;
    expect(cookie.value).toBe('false');
    expect(cookie.expires - Date.now() / 1000).toBeGreaterThan(7 * 24 * 3600 - 60);
    await page.reload();
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
    expect((await sidebar.boundingBox())!.width).toBe(48);
    await page.keyboard.press('Control+b');
    await page.waitForFunction(() => document.querySelector('aside')?.getBoundingClientRect().width === 256);
  });

  it('creates a style with a preview, and the storefront offers it at once', async () => {
    await openScreen(page, 'Art Styles');
    await page.getByTestId('style-row').first().waitFor();
    const rowsBefore = await page.getByTestId('style-row').count();
    await shoot(page, 'styles');

    await page.getByRole('button', { name: 'Add New Style' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add New Style' });
    await dialog.getByRole('button', { name: 'Create Style' }).click();
    await dialog.getByText('Style name is required').waitFor();

    await dialog.getByLabel('Name').fill('Harbour Dusk');
    await dialog.getByRole('combobox', { name: 'Engine' }).click();
    await page.getByRole('option', { name: 'Watercolour' }).click();
    await dialog
      .getByLabel('Style Prompt')
      .fill(
        'Soft dusk watercolour of harbours and boats, with warm lantern light reflected in calm water and deep blue shadows.',
      );
    await dialog
      .getByLabel('Preview image')
      .setInputFiles(jpegFile('harbour.jpg', await scene(900, 900, '#f4a261', '#264653')));
    await dialog.getByAltText('Style preview').waitFor();
    await shoot(page, 'style-dialog', { dialog: true });
    await dialog.getByRole('button', { name: 'Create Style' }).click();
    await toast(page, 'Style created successfully');
    await page.getByRole('dialog').waitFor({ state: 'detached' });

    const row = page.getByTestId('style-row').filter({ hasText: 'Harbour Dusk' });
    await row.waitFor();
    expect(await page.getByTestId('style-row').count()).toBe(rowsBefore + 1);
    // The prompt is cut at 60 characters and opens in full.
    expect(
      await row
        .getByText('Soft dusk watercolour of harbours and boats, with warm lante...')
        .filter({ visible: true })
        .count(),
    ).toBe(1);
    await row.getByRole('button', { name: 'Show more' }).click();
    await row.getByText('calm water and deep blue shadows.').waitFor();
    await row.getByAltText('Harbour Dusk preview').waitFor();

    const storefront = await context.newPage();
    await storefront.goto(`${shop.url}/transform`);
    const offered = (await storefront.evaluate(() =>
      fetch('/api/styles').then((response) => response.json()),
    )) as Array<{
      name: string;
      preview_image_path: string | null;
    }>;
    const harbour = offered.find((style) => style.name === 'Harbour Dusk');
    expect(harbour?.preview_image_path).toMatch(/^\/files\/style-previews\/\d+-harbour-jpg\.jpg$/);
    // When the Transform page shows its picker, the new style is among its cards.
    if (
      await storefront
        .getByTestId('style-card')
        .first()
        .isVisible({ timeout: 3000 })
        .catch(() => false)
    ) {
      await storefront.getByTestId('style-card').filter({ hasText: 'Harbour Dusk' }).waitFor();
    }
    await storefront.close();
  });

  it('switches a style off with its toast, and deletes with the spec’s confirmation', async () => {
    const row = page.getByTestId('style-row').filter({ hasText: 'Harbour Dusk' });
    await row.getByRole('switch', { name: 'Active: Harbour Dusk' }).click();
    await toast(page, 'Style deactivated');
    await row.getByRole('button', { name: 'Delete Harbour Dusk' }).click();
    const confirm = page.getByRole('alertdialog');
    await confirm
      .getByText('Are you sure? This will permanently delete the style "Harbour Dusk". This action cannot be undone.')
      .waitFor();
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await row.getByRole('switch', { name: 'Active: Harbour Dusk' }).click();
    await toast(page, 'Style activated');
  });

  it('saves the hero, and Home shows its headline, subheadline and background', async () => {
    await openScreen(page, 'Content');
    await page.getByRole('heading', { name: 'Content Management' }).waitFor();
    const headline = page.getByLabel('Headline', { exact: true });
    await headline.waitFor();
    expect(await headline.inputValue()).toBe('Turn your travel photos into personal artwork');

    await page.getByRole('button', { name: 'Upload image' }).click();
    await toast(page, 'Please select an image first');

    await headline.fill('Bring the mountains home');
    await page.getByLabel('Subheadline').fill('Your trail photos, painted and printed for your walls.');
    await page
      .getByLabel('Background image', { exact: true })
      .setInputFiles(jpegFile('alps.jpg', await scene(1920, 1080, '#8ecae6', '#2a6f4e')));
    await page.getByRole('button', { name: 'Upload image' }).click();
    await toast(page, 'Background image uploaded');
    await page.getByRole('button', { name: 'Save Hero Section' }).click();
    await toast(page, 'Hero section saved');
    expect(await page.getByRole('link', { name: 'View Website' }).getAttribute('target')).toBe('_blank');
    await shoot(page, 'content-hero');

    const home = await context.newPage();
    await home.goto(shop.url);
    await home.getByRole('heading', { level: 1, name: 'Bring the mountains home' }).waitFor();
    await home.getByText('Your trail photos, painted and printed for your walls.').waitFor();
    expect(await home.getByTestId('hero-background').getAttribute('src')).toMatch(/^\/files\/content\/hero-.+\.jpg$/);
    await shoot(home, 'home-with-hero');
    await home.close();
  });

  it('puts two examples on the homepage, and replaces the oldest only after confirmation', async () => {
    await page.getByRole('tab', { name: 'Example Transformations' }).click();
    await page.getByRole('button', { name: 'Upload Example' }).click();
    await toast(page, 'Please select both original and transformed images');

    const palettes = [
      ['#a8dadc', '#457b9d', '#e63946', '#1d3557'],
      ['#ffe8d6', '#6b705c', '#cb997e', '#3f4238'],
      ['#cdb4db', '#5e548e', '#ffafcc', '#231942'],
    ];
    for (const [n, [sky, hill, artSky, artHill]] of palettes.entries()) {
      await page
        .getByLabel('Original image')
        .setInputFiles(jpegFile(`trip-${n}.jpg`, await scene(1600, 1200, sky, hill)));
      await page
        .getByLabel('Transformed image')
        .setInputFiles(jpegFile(`trip-${n}-art.jpg`, await scene(1600, 1200, artSky, artHill)));
      await page.getByRole('button', { name: 'Upload Example' }).click();
      await toast(page, 'Example transformation uploaded successfully');
      await page.waitForFunction(
        (count) => document.querySelectorAll('[data-testid="example-card"]').length === count,
        n + 1,
      );
    }
    const pairs = (await page.evaluate(() =>
      fetch('/api/admin/content/examples').then((response) => response.json()),
    )) as Array<{
      id: string;
      createdAt: string;
      transformedImageUrl: string;
    }>;
    const [oldest, middle, newest] = [...pairs].sort((a, b) => a.createdAt.localeCompare(b.createdAt));
    const homepageSwitch = (id: string) => page.locator(`[data-example-id="${id}"]`).getByRole('switch');

    await homepageSwitch(oldest.id).click();
    await toast(page, 'Updated homepage examples');
    await page.locator(`[data-example-id="${oldest.id}"]`).getByText('Homepage', { exact: true }).waitFor();
    await homepageSwitch(middle.id).click();
    await page.locator(`[data-example-id="${middle.id}"]`).getByText('Homepage', { exact: true }).waitFor();

    await homepageSwitch(newest.id).click();
    const confirm = page.getByRole('alertdialog');
    await confirm
      .getByText(
        'You can only have 2 examples on the homepage. Do you want to replace the oldest example with this new one?',
      )
      .waitFor();
    await shoot(page, 'examples-replace-confirm', { dialog: true });
    await confirm.getByRole('button', { name: 'Update Examples' }).click();
    await page.locator(`[data-example-id="${newest.id}"]`).getByText('Homepage', { exact: true }).waitFor();
    await page.waitForFunction(
      (id) =>
        document.querySelector(`[data-example-id="${id}"] [role="switch"]`)?.getAttribute('aria-checked') === 'false',
      oldest.id,
    );

    // A homepage example cannot be deleted; another asks first.
    await page.locator(`[data-example-id="${newest.id}"]`).getByRole('button', { name: 'Delete example' }).click();
    await toast(page, "Cannot delete an example that's currently on the homepage");
    await page.locator(`[data-example-id="${oldest.id}"]`).getByRole('button', { name: 'Delete example' }).click();
    await page
      .getByRole('alertdialog')
      .getByText('Are you sure you want to delete this example? This action cannot be undone.')
      .waitFor();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Cancel' }).click();
    await shoot(page, 'content-examples');

    const home = await context.newPage();
    await home.goto(shop.url);
    await home.getByTestId('example-pair').first().waitFor();
    const artworks = await home
      .getByTestId('example-pair')
      .locator('img[alt="The photo transformed into artwork"]')
      .evaluateAll((images) => images.map((image) => image.getAttribute('src')));
    expect(artworks.sort()).toEqual([middle.transformedImageUrl, newest.transformedImageUrl].sort());
    await home.close();
  });

  it('shows each integration with its adapter and a working connection test', async () => {
    await openScreen(page, 'Settings');
    await page.getByTestId('integration-database').getByText('Answers').waitFor();
    for (const id of ['storage', 'payments', 'print-provider', 'image-ai', 'email']) {
      await page.getByTestId(`integration-${id}`).getByText('Answers').waitFor();
    }
    await page.getByTestId('integration-storage').getByRole('button', { name: 'Test connection' }).click();
    await toast(page, 'wrote, read back and deleted a test object');
    await page.getByLabel('OpenAI API key', { exact: true }).fill('sk-e2e-test-key-ABCD');
    await page.getByRole('button', { name: 'Save Settings' }).click();
    await toast(page, 'Settings saved successfully');
    await page.getByText('Saved · …ABCD').waitFor();
    expect(await page.getByLabel('OpenAI API key', { exact: true }).inputValue()).toBe('');
    await page.getByTestId('integration-image-ai').getByText('Saved key').waitFor();
    await shoot(page, 'settings');
    await page.getByRole('button', { name: 'Remove the saved OpenAI API key' }).click();
    await toast(page, 'Settings saved successfully');
  });

  it("shows 'Coming Soon' for Landing Pages; Analytics is live", async () => {
    await openScreen(page, 'Landing Pages');
    await page.getByText('Coming Soon').waitFor();
    await page.getByRole('button', { name: 'Create New Page' }).waitFor();
    await page.getByRole('button', { name: 'Notify Me' }).waitFor();
    await shoot(page, 'landing-pages');
    await openScreen(page, 'Analytics');
    await page.getByRole('heading', { name: 'Analytics' }).waitFor();
    await page.getByRole('group', { name: 'Date range presets' }).waitFor();
    expect(await page.getByText('Coming Soon').count()).toBe(0);
  });

  it('opens the sidebar as an 18rem sheet on a phone', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByRole('button', { name: 'Toggle sidebar' }).click();
    const sheet = page.getByRole('dialog', { name: 'Admin navigation' });
    await sheet.waitFor();
    expect((await sheet.boundingBox())!.width).toBe(288);
    await screenshot(page, 'admin-sidebar-phone');
    await sheet.getByRole('link', { name: 'Dashboard' }).click();
    await sheet.waitFor({ state: 'detached' });
    await page.setViewportSize(DESKTOP);
  });

  it("signs out: 'Successfully logged out', back to the sign-in page, and the admin API closed", async () => {
    await page.getByRole('button', { name: 'Sign Out' }).click();
    await toast(page, 'Successfully logged out');
    await page.waitForURL(`${shop.url}/admin/login`);
    const status = await page.evaluate(() => fetch('/api/admin/styles').then((response) => response.status));
    expect(status).toBe(401);
    await page.goto(`${shop.url}/admin/settings`);
    await page.waitForURL(`${shop.url}/admin/login`);
    expect(errors.filter((error) => !/401|403|409|Failed to load resource/.test(error))).toEqual([]);
  });
});

/** The link in the newest sign-up e-mail to `address`, read from the shop's outbox. */
async function signUpLinkFor(address: string): Promise<string> {
  const folder = join(shop.dataDir, 'outbox');
  for (const name of await readdir(folder)) {
    // Quoted-printable: undo the soft line breaks and the escaped '=' before looking.
    const text = (await readFile(join(folder, name), 'utf8')).replace(/=\r?\n/g, '').replace(/=3D/g, '=');
    const link =
      /^To: (.+)$/m.exec(text)?.[1]?.trim() === address &&
      /https?:\/\/\S+\/api\/auth\/confirm\?token=[\w-]+/.exec(text);
    if (link) return `${shop.url}${new URL(link[0]).pathname}${new URL(link[0]).search}`;
  }
  throw new Error(`no sign-up e-mail to ${address}`);
}

describe('a signed-in plain user', () => {
  it("is refused: the 'Access denied' toast, then Access Denied with the e-mail", async () => {
    const context = await browser.newContext({ viewport: DESKTOP });
    const page = await context.newPage();
    await page.goto(`${shop.url}/`);
    const signUp = await page.request.post(`${shop.url}/api/auth/signup`, {
      data: PLAIN,
      headers: { origin: shop.url },
    });
    expect(signUp.status()).toBe(202);
    // The account is made by the link in the e-mail, which signs the visitor in and opens the shop.
    await page.goto(await signUpLinkFor(PLAIN.email));
    await page.waitForURL(`${shop.url}/`);

    await page.goto(`${shop.url}/admin`);
    await toast(page, 'Access denied');
    await page
      .locator('[data-sonner-toast]')
      .getByText("You don't have admin privileges to access this area.")
      .waitFor();
    await page.waitForURL(`${shop.url}/admin/unauthorized`);
    await page.getByText('Access Denied', { exact: true }).waitFor();
    expect(await page.getByTestId('denied-email').textContent()).toBe(PLAIN.email);
    for (const name of ['Return to Homepage', 'Refresh Admin Status', 'Sign Out']) {
      await page.getByRole(name === 'Return to Homepage' ? 'link' : 'button', { name }).waitFor();
    }
    await shoot(page, 'access-denied');

    // The login page sends a signed-in non-admin here too, and the API agrees.
    await page.goto(`${shop.url}/admin/login`);
    await page.waitForURL(`${shop.url}/admin/unauthorized`);
    expect(await page.evaluate(() => fetch('/api/admin/styles').then((response) => response.status))).toBe(403);

    await page.getByRole('button', { name: 'Sign Out' }).click();
    await toast(page, 'Successfully logged out');
    await page.waitForURL(`${shop.url}/admin/login`);
    await context.close();
  });
});

describe('the guard while it checks, and when the checks fail (admin §4, §9)', () => {
  it("shows 'Verifying access...' while the session is checked, then the page", async () => {
    const context = await browser.newContext({ viewport: DESKTOP });
    const page = await context.newPage();
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/auth/session', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(`${shop.url}/admin`);
    await page.getByText('Verifying access...').waitFor();
    await page.getByRole('button', { name: 'Refresh' }).waitFor();
    await screenshot(page, 'admin-verifying-access');
    release();
    await page.waitForURL(`${shop.url}/admin/login`);
    await context.close();
  });

  it("shows 'Authentication Error' on /admin and 'Authentication Issue' on the sign-in page when the check fails", async () => {
    const context = await browser.newContext({ viewport: DESKTOP });
    const page = await context.newPage();
    await page.route('**/api/auth/session', (route) => route.abort('connectionrefused'));
    await page.goto(`${shop.url}/admin`);
    await page.getByText('Authentication Error').waitFor();
    await page.getByRole('button', { name: 'Try Again' }).waitFor();
    await page.getByRole('button', { name: 'Go to Login' }).click();
    await page.waitForURL(`${shop.url}/admin/login`);
    await page.getByText('Authentication Issue').waitFor();
    await page.getByRole('button', { name: 'Refresh Page' }).waitFor();
    await screenshot(page, 'admin-authentication-issue');
    await context.close();
  });

  it('falls back to the admin status cached within the hour when the admin check fails, and refuses without one', async () => {
    const context = await browser.newContext({ viewport: DESKTOP });
    const page = await context.newPage();
    await page.goto(`${shop.url}/admin/login`);
    await page.getByLabel('Email').fill(ADMIN.email);
    await page.getByLabel('Password').fill(ADMIN.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor();

    await page.route('**/api/auth/admin-status', (route) => route.abort('connectionrefused'));
    await page.reload();
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor();

    await page.evaluate(() => localStorage.clear());
    await page.reload();
    await page.getByText('Authentication Error').waitFor();
    await page.getByText('Failed to verify admin status').waitFor();
    await context.close();
  });
});
