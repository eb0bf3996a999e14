/**
 * The Transformations screen and the data tools in a real browser (issue 15, "Must show" 3):
 * filter the feed by style and date, select three, set two as homepage examples (Home shows
 * them), hide one from the gallery (Home no longer shows it), delete one; recreate a lost
 * record in Data Backfill; run the EXIF backfill, pause, resume, finish.
 * Screenshots at desktop and 768 px land in e2e/artifacts/transformations-*.png.
 *
 * The shop's data folder is prepared before it starts: the art styles, 16 older artworks
 * whose metadata was read at upload (a second page), 14 artworks made
 * from photos stored without their metadata (their originals carry EXIF), 5 more such
 * photos, and 7 whose originals have none: with the deleted artwork's photo gone, the
 * backfill reads 25 photos in three batches and reports 7 errors.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import sharp from 'sharp';
import { DEFAULT_STYLES } from '../src/domain/styles';
import { openDatabase } from '../src/server/db/client';
import { image_transformations, images, styles } from '../src/server/db/schema';
import { LocalStorage } from '../src/server/infra/storage/index';
import { collectPageErrors, DESKTOP, MOBILE, screenshot } from './support/browser';
import { useShop } from './support/use-shop';
import { ADMIN, ADMIN_ENV } from './support/admin';

/** Cards the test acts on: three Watercolour artworks of 10-12 March 2026 (the filter's answer). */
interface Planted {
  id: string;
  fileName: string;
  style: string;
  createdAt: Date;
}

// The shop starts on a data folder prepared for it (Chromium starts meanwhile).
const { shop, browser } = useShop(async () => ({
  dataDir: await prepareShopData(),
  env: ADMIN_ENV,
}));
const planted: Planted[] = [];

const SKIES = ['#f4a261', '#8ecae6', '#ffb4a2', '#bde0fe', '#ffd166', '#cdb4db', '#a8dadc'];
const HILLS = ['#2a9d8f', '#264653', '#6d597a', '#3a5a40', '#bc6c25', '#1d3557', '#588157'];

async function scene(index: number, width: number, height: number, exif = false): Promise<Buffer> {
  const sky = SKIES[index % SKIES.length];
  const hill = HILLS[(index * 3) % HILLS.length];
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <rect width="100%" height="100%" fill="${sky}"/>
    <circle cx="${width * (0.25 + (index % 5) * 0.12)}" cy="${height * 0.3}" r="${height * 0.11}" fill="#fff3c4"/>
    <path d="M0 ${height * 0.72} Q ${width * 0.3} ${height * (0.4 + (index % 3) * 0.05)} ${width * 0.6} ${height * 0.66} T ${width} ${height * 0.58} V ${height} H 0 Z" fill="${hill}"/>
  </svg>`;
  let image = sharp(Buffer.from(svg));
  if (exif) {
    image = image.withExif({
      IFD0: { Make: 'Canon', Model: 'Canon EOS R5', Software: 'Firmware Version 1.8.1' },
      IFD2: {
        DateTimeOriginal: '2024:02:03 19:42:10',
        ExposureTime: '1/250',
        FNumber: '28/10',
        ISOSpeedRatings: '400',
        FocalLength: '35/1',
      },
      IFD3: {
        GPSLatitudeRef: 'S',
        GPSLatitude: '54/1 48/1 684/100',
        GPSLongitudeRef: 'W',
        GPSLongitude: '68/1 18/1 108/10',
      },
    });
  }
  return image.jpeg({ quality: 82 }).toBuffer();
}

/** Artworks look painted: the scene posterised and saturated. */
const paint = (photo: Buffer) => sharp(photo).modulate({ saturation: 1.8 }).median(5).jpeg({ quality: 80 }).toBuffer();

async function prepareShopData(): Promise<string> {
  const dataDir = await mkdtemp(join(tmpdir(), 'wanderer-e2e-transformations-'));
  const database = await openDatabase({ dataDir });
  await database.migrate();
  const storage = new LocalStorage(join(dataDir, 'storage'), '');
  await storage.ready();
  const styleRows = await database.db
    .insert(styles)
    .values(DEFAULT_STYLES.map((style) => ({ ...style, is_active: true })))
    .returning({ id: styles.id, name: styles.name });
  const styleNamed = (name: string) => styleRows.find((style) => style.name === name)!;

  const photo = async (index: number, fileName: string, createdAt: Date, exif: boolean, metadataRead = false) => {
    const id = randomUUID();
    const original = await scene(index, 1200, 900, exif);
    const display = await sharp(original).resize(800).jpeg({ quality: 80 }).toBuffer();
    await storage.put(`original/${createdAt.getTime()}-${id}`, original, { contentType: 'image/jpeg' });
    await storage.put(`display/${id}.jpg`, display, { contentType: 'image/jpeg' });
    await database.db.insert(images).values({
      id,
      file_name: fileName,
      storage_path: `original/${createdAt.getTime()}-${id}`,
      display_path: `display/${id}.jpg`,
      checksum: randomBytes(16).toString('hex'),
      mime_type: 'image/jpeg',
      byte_size: original.length,
      width: 1200,
      height: 900,
      created_at: createdAt,
      // Read at upload already: the EXIF backfill has nothing to do for this photo.
      exif_data: metadataRead ? {} : null,
    });
    return { id, display };
  };

  const artworks: Array<[string, string, string]> = [
    ['harbour-dawn.jpg', 'Watercolour', '2026-03-10T08:30:00Z'],
    ['old-town-steps.jpg', 'Watercolour', '2026-03-11T14:05:00Z'],
    ['lighthouse.jpg', 'Watercolour', '2026-03-12T17:45:00Z'],
    ['fishing-boats.jpg', 'Watercolour', '2026-03-13T09:10:00Z'],
    ['market-stalls.jpg', 'Ink Sketch', '2026-03-11T11:00:00Z'],
    ['cathedral.jpg', 'Oil Painting', '2026-03-10T16:20:00Z'],
    ['tram-28.jpg', 'Pop Art', '2026-02-20T10:00:00Z'],
    ['rooftops.jpg', 'Stained Glass', '2026-02-14T12:00:00Z'],
    ['desert-road.jpg', 'Vintage Travel Poster', '2026-01-30T07:45:00Z'],
    ['glacier.jpg', 'Watercolour', '2026-01-05T13:30:00Z'],
    ['rice-terraces.jpg', 'Ink Sketch', '2026-04-02T06:00:00Z'],
    ['night-market.jpg', 'Pop Art', '2026-04-03T21:15:00Z'],
    ['canal-bridge.jpg', '', '2026-03-11T19:00:00Z'],
    ['fjord.jpg', 'Oil Painting', '2026-04-05T15:40:00Z'],
  ];
  for (const [index, [fileName, style, at]] of artworks.entries()) {
    const createdAt = new Date(at);
    const { id: imageId, display } = await photo(index, fileName, createdAt, true);
    const id = randomUUID();
    await storage.put(`artworks/${id}.jpg`, await paint(display), { contentType: 'image/jpeg' });
    await database.db.insert(image_transformations).values({
      id,
      image_id: imageId,
      style_id: style ? styleNamed(style).id : null,
      status: 'completed',
      progress: 100,
      storage_path: `artworks/${id}.jpg`,
      width: 800,
      height: 600,
      // Made with the storefront's gallery switch on, as it starts.
      gallery_consent: true,
      created_at: createdAt,
      completed_at: createdAt,
    });
    planted.push({ id, fileName, style: style || 'Unknown Style', createdAt });
  }
  // An older archive, enough for a second page of the feed.
  for (let n = 0; n < 16; n += 1) {
    const createdAt = new Date(Date.UTC(2025, 5, 1 + n, 12));
    const { id: imageId, display } = await photo(
      60 + n,
      `archive-${String(n + 1).padStart(2, '0')}.jpg`,
      createdAt,
      false,
      true,
    );
    const id = randomUUID();
    await storage.put(`artworks/${id}.jpg`, await paint(display), { contentType: 'image/jpeg' });
    await database.db.insert(image_transformations).values({
      id,
      image_id: imageId,
      style_id: styleNamed('Ink Sketch').id,
      status: 'completed',
      progress: 100,
      storage_path: `artworks/${id}.jpg`,
      created_at: createdAt,
      completed_at: createdAt,
    });
  }
  for (let n = 0; n < 5; n += 1) await photo(20 + n, `trail-${n + 1}.jpg`, new Date(Date.UTC(2026, 4, 1, 9, n)), true);
  for (let n = 0; n < 7; n += 1)
    await photo(40 + n, `screenshot-${n + 1}.png.jpg`, new Date(Date.UTC(2026, 4, 2, 9, n)), false);

  // An artwork whose record was lost, named after its photo's file name and its style.
  await storage.put('artworks/fjord-oil-painting-restored.jpg', await paint(await scene(13, 800, 600)), {
    contentType: 'image/jpeg',
  });
  await database.close();
  return dataDir;
}

async function settle(page: Page) {
  await page.waitForFunction(() => document.querySelectorAll('[data-sonner-toast]').length === 0, undefined, {
    timeout: 15_000,
  });
  await page.evaluate(() => {
    for (const image of document.querySelectorAll<HTMLImageElement>('img[loading="lazy"]')) image.loading = 'eager';
  });
  await page.waitForFunction(() => [...document.images].every((image) => image.complete));
  await page.waitForTimeout(150);
}

/** Desktop and 768 px, whole page from the top (or as the viewport shows an open dialog). */
async function shoot(page: Page, name: string, { dialog = false, keepToasts = false } = {}) {
  for (const [label, viewport] of [
    ['desktop', DESKTOP],
    ['768', MOBILE],
  ] as const) {
    await page.setViewportSize(viewport);
    if (!dialog) await page.evaluate(() => window.scrollTo(0, 0));
    if (!keepToasts) await settle(page);
    else await page.waitForTimeout(200);
    await screenshot(page, `transformations-${name}-${label}`, { fullPage: !dialog });
  }
  await page.setViewportSize(DESKTOP);
}

async function toast(page: Page, text: string) {
  await page.locator('[data-sonner-toast]').filter({ hasText: text }).first().waitFor();
}

const card = (page: Page, fileName: string) => page.getByTestId('transformation-card').filter({ hasText: fileName });
const found = (page: Page, n: number) =>
  page
    .getByTestId('feed-total')
    .filter({ hasText: new RegExp(`^${n} transformations found$`) })
    .waitFor();

async function homeArtworkUrls(page: Page): Promise<string[]> {
  await page.goto(`${shop.url}/`);
  await page.locator('[data-testid="example-pair"], [data-testid="recent-transformation"]').first().waitFor();
  return page
    .locator('[data-testid="example-pair"] img, [data-testid="recent-transformation"] img')
    .evaluateAll((nodes) => nodes.map((node) => (node as HTMLImageElement).getAttribute('src') ?? ''));
}

describe('the owner reviews the artworks and repairs the data', () => {
  let context: BrowserContext;
  let page: Page;
  let errors: string[];
  const byName = (fileName: string) => planted.find((entry) => entry.fileName === fileName)!;

  beforeAll(async () => {
    context = await browser.newContext({ viewport: DESKTOP });
    page = await context.newPage();
    errors = collectPageErrors(page);
    await page.goto(`${shop.url}/admin/login`);
    await page.getByLabel('Email').fill(ADMIN.email);
    await page.getByLabel('Password').fill(ADMIN.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(`${shop.url}/admin`);
  });
  afterAll(async () => context?.close());

  it('shows the feed: 30 found, page 1 of 2, newest first, each card with both images', async () => {
    await page.goto(`${shop.url}/admin/transformations`);
    await found(page, 30);
    await page.getByText('Page 1 of 2').waitFor();
    expect(await page.getByTestId('transformation-card').count()).toBe(20);
    const names = await page.getByTestId('transformation-card').locator('p.truncate').allTextContents();
    expect(names.slice(0, 3)).toEqual(['fjord.jpg', 'night-market.jpg', 'rice-terraces.jpg']);
    await card(page, 'canal-bridge.jpg').getByText('Unknown Style').waitFor();
    await shoot(page, 'feed');
  });

  it('pages on; changing a filter goes back to page 1 and clears the selection', async () => {
    await page.getByRole('navigation', { name: 'Pagination' }).getByRole('button', { name: '2', exact: true }).click();
    await page.getByText('Page 2 of 2').waitFor();
    await page.getByRole('checkbox', { name: 'Select archive-05.jpg' }).check();
    await page.getByTestId('bulk-bar').getByText('1 selected').waitFor();
    await shoot(page, 'page-2');
    await page.getByRole('combobox', { name: 'Art style' }).click();
    await page.getByRole('option', { name: 'Ink Sketch', exact: true }).click();
    await found(page, 18);
    await page.getByText('Page 1 of 1').waitFor();
    expect(await page.getByTestId('bulk-bar').count()).toBe(0);
    expect(await page.getByRole('checkbox', { name: 'Select archive-05.jpg' }).isChecked()).toBe(false);
  });

  it('filters by style and date range; the Active marker shows; 3 found', async () => {
    await page.getByRole('combobox', { name: 'Art style' }).click();
    await page.getByRole('option', { name: 'Watercolour', exact: true }).click();
    await found(page, 5);
    await page.getByRole('button', { name: 'Date range' }).click();
    await page.getByLabel('From Date').fill('2026-03-12');
    await page.getByLabel('To Date').fill('2026-03-10');
    await page.getByText('From Date cannot be after To Date').waitFor();
    expect(await page.getByRole('button', { name: 'Apply' }).isDisabled()).toBe(true);
    await page.getByLabel('From Date').fill('2026-03-10');
    await page.getByLabel('To Date').fill('2026-03-12');
    await shoot(page, 'date-range', { dialog: true });
    await page.getByRole('button', { name: 'Apply' }).click();
    await found(page, 3);
    await page.getByText('Active', { exact: true }).waitFor();
    const names = await page.getByTestId('transformation-card').locator('p.truncate').allTextContents();
    expect(names).toEqual(['lighthouse.jpg', 'old-town-steps.jpg', 'harbour-dawn.jpg']);
    await shoot(page, 'filtered');
  });

  it('selects three, sets two as homepage examples, and Home shows them', async () => {
    for (const name of ['lighthouse.jpg', 'old-town-steps.jpg', 'harbour-dawn.jpg']) {
      await page.getByRole('checkbox', { name: `Select ${name}` }).check();
    }
    await page.getByTestId('bulk-bar').getByText('3 selected').waitFor();
    await shoot(page, 'three-selected');
    await page.getByRole('checkbox', { name: 'Select lighthouse.jpg' }).uncheck();
    await page.getByTestId('bulk-bar').getByText('2 selected').waitFor();
    await page.getByRole('button', { name: 'Set as Examples' }).click();
    await toast(page, 'Successfully set 2 homepage example(s)');
    await card(page, 'harbour-dawn.jpg').getByText('Homepage Example').waitFor();
    await card(page, 'old-town-steps.jpg').getByText('Homepage Example').waitFor();
    expect(await card(page, 'lighthouse.jpg').getByText('Homepage Example').count()).toBe(0);
    await shoot(page, 'examples-set');

    // The same two again: nothing to change.
    for (const name of ['old-town-steps.jpg', 'harbour-dawn.jpg'])
      await page.getByRole('checkbox', { name: `Select ${name}` }).check();
    await page.getByRole('button', { name: 'Set as Examples' }).click();
    await toast(page, 'No changes needed - items already in desired state');

    const home = await homeArtworkUrls(page);
    expect(home.some((src) => src.includes(byName('harbour-dawn.jpg').id))).toBe(true);
    expect(home.some((src) => src.includes(byName('old-town-steps.jpg').id))).toBe(true);
    expect(await page.getByTestId('example-pair').count()).toBe(2);
    await shoot(page, 'home-two-examples');
  });

  it('hides one from the gallery: Home no longer shows it', async () => {
    await page.goto(`${shop.url}/admin/transformations`);
    await page.getByLabel('Search by file name').fill('harbour');
    await found(page, 1);
    // A homepage example: the owner is told first that hiding it takes it off Home (issue 34).
    await card(page, 'harbour-dawn.jpg').getByRole('button', { name: 'Hide from Gallery' }).click();
    await page
      .getByRole('alertdialog')
      .getByText(/also removes it from the homepage examples/)
      .waitFor();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Hide and remove example' }).click();
    await toast(page, 'Hidden from the public gallery and removed from the homepage examples');
    await card(page, 'harbour-dawn.jpg').getByText('Hidden from gallery').waitFor();
    await shoot(page, 'hidden');

    const home = await homeArtworkUrls(page);
    expect(home.some((src) => src.includes(byName('harbour-dawn.jpg').id))).toBe(false);
    expect(home.some((src) => src.includes(byName('old-town-steps.jpg').id))).toBe(true);
    expect(await page.getByTestId('example-pair').count()).toBe(1);
    // No visitor's file name anywhere on Home.
    expect(await page.locator('body').innerText()).not.toMatch(/old-town|harbour-dawn/);
    await shoot(page, 'home-after-hide');
  });

  it('deletes one after confirming; it is gone from the feed', async () => {
    await page.goto(`${shop.url}/admin/transformations`);
    await found(page, 30);
    await card(page, 'lighthouse.jpg').getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('alertdialog').getByText('Are you sure you want to delete this transformation?').waitFor();
    await shoot(page, 'delete-confirm', { dialog: true });
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
    await toast(page, 'Transformation deleted successfully');
    await found(page, 29);
    expect(await card(page, 'lighthouse.jpg').count()).toBe(0);
  });

  it('Data Backfill: analyzes, dry-runs and recreates the lost record', async () => {
    await page.getByRole('tab', { name: 'Data Backfill' }).click();
    await page.getByRole('button', { name: 'Analyze' }).click();
    const summary = page.getByTestId('backfill-summary');
    await summary.waitFor();
    expect(await summary.innerText()).toMatch(/Missing records\s*1/);
    await page.getByText('artworks/fjord-oil-painting-restored.jpg').waitFor();
    await page.getByRole('button', { name: 'Dry Run' }).click();
    await page.getByText('Dry run: nothing was written').waitFor();
    await shoot(page, 'backfill-dry-run');
    await page.getByRole('button', { name: 'Backfill', exact: true }).click();
    await page.getByText('Backfill complete: 1 record(s) created').waitFor();
    await page.getByRole('tab', { name: 'Transformations Feed' }).click();
    await found(page, 30);
  });

  it('runs the EXIF backfill, pauses, resumes from the saved offset, and finishes', async () => {
    await page.goto(`${shop.url}/admin/settings`);
    const exif = page.getByTestId('exif-backfill-card');
    await exif.getByRole('button', { name: 'Start Backfill' }).click();
    await exif.getByText(/Processed 10 /).waitFor({ timeout: 30_000 });
    await exif.getByRole('button', { name: 'Pause' }).click();
    await toast(page, 'Backfill paused. You can resume from where it left off.');
    await exif.getByTestId('exif-backfill-state').filter({ hasText: 'Paused' }).waitFor();
    // Paused means paused: no batch is sent while the owner waits.
    await page.waitForTimeout(2500);
    const pausedAt = await exif.getByTestId('exif-backfill-progress').innerText();
    expect(pausedAt).toMatch(/Processed (10|20) /);
    await page.waitForTimeout(1500);
    expect(await exif.getByTestId('exif-backfill-progress').innerText()).toBe(pausedAt);
    await shoot(page, 'exif-paused', { keepToasts: true });

    await exif.getByRole('button', { name: 'Resume' }).click();
    await toast(page, 'EXIF backfill completed!');
    await exif.getByTestId('exif-backfill-state').filter({ hasText: 'Completed' }).waitFor();
    // The seven screenshots carry no EXIF: counted apart, not as failures (issue 34).
    expect(await exif.getByTestId('exif-backfill-progress').innerText()).toMatch(
      /Processed 25 · Updated 18 · No EXIF 7 · Failed 0 · Remaining 0/,
    );
    expect(await exif.getByTestId('exif-backfill-errors').count()).toBe(0);
    await shoot(page, 'exif-completed');
  });

  it('the feed now shows the metadata the backfill read', async () => {
    await page.goto(`${shop.url}/admin/transformations`);
    await page.getByLabel('Search by file name').fill('glacier');
    await found(page, 1);
    await card(page, 'glacier.jpg').getByRole('button', { name: 'EXIF metadata' }).click();
    const details = card(page, 'glacier.jpg').getByTestId('exif-details');
    await details.getByText('Canon Canon EOS R5').waitFor();
    expect(await details.innerText()).toMatch(/Ushuaia/);
    expect(await details.innerText()).toMatch(/-54\.80/);
    await shoot(page, 'exif-details');
    expect(errors).toEqual([]);
  });
});
