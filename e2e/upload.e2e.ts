import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import exifr from 'exifr';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { heicPhoto, makePhoto, noisyPhoto, USHUAIA_EXIF } from '../src/testing/test-photos';
import { collectPageErrors, DESKTOP, MOBILE, screenshot } from './support/browser';
import { useShop } from './support/use-shop';

const { shop, browser } = useShop();
let photo: Buffer;

beforeAll(async () => {
  photo = await makePhoto({ width: 1600, height: 1200, exif: USHUAIA_EXIF });
});

const viewports = [
  ['desktop', DESKTOP],
  ['768px', MOBILE],
] as const;

async function expectPhotoOnTransform(page: Page): Promise<string> {
  // The photo is named in the URL, so a reload, Back/Forward or a shared link shows it too.
  await page.waitForURL(new RegExp(`^${shop.url}/transform\\?image=[0-9a-f-]{36}$`));
  const image = page.getByTestId('transform-photo');
  await image.waitFor();
  await page.waitForFunction(() => {
    const img = document.querySelector<HTMLImageElement>('[data-testid="transform-photo"]');
    return !!img && img.complete && img.naturalWidth > 0;
  });
  const src = (await image.getAttribute('src'))!;
  // Display copies are named by a random id, never by the visitor's file name.
  expect(src).toMatch(/^\/files\/display\/[0-9a-f-]{36}\.jpg$/);
  return src;
}

describe('a visitor uploads a photo on Home and lands on /transform seeing it (storefront §2)', () => {
  for (const [label, viewport] of viewports) {
    it(`with the 'Upload a photo' button: preview, 'Uploading...' while busy, the success toast, then /transform (${label})`, async () => {
      const page = await browser.newPage({ viewport });
      const errors = collectPageErrors(page);
      // Hold the upload so the busy state can be seen.
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      await page.route('**/api/images', async (route) => {
        await held;
        await route.continue();
      });
      await page.goto(shop.url);
      const chooser = page.waitForEvent('filechooser');
      await page.getByRole('button', { name: 'Upload a photo' }).click();
      await (await chooser).setFiles({ name: `harbour-${label}.jpg`, mimeType: 'image/jpeg', buffer: photo });

      const busy = page.getByRole('button', { name: 'Uploading...' });
      await busy.waitFor();
      expect(await busy.isDisabled()).toBe(true);
      await page.getByTestId('upload-preview').waitFor();
      await page.waitForFunction(
        () => document.querySelector<HTMLImageElement>('[data-testid="upload-preview"]')!.naturalWidth > 0,
      );
      await screenshot(page, `upload-busy-${label}`, { fullPage: false });

      release();
      await page.getByText('Photo uploaded successfully!').waitFor();
      await expectPhotoOnTransform(page);
      await screenshot(page, `transform-photo-${label}`);
      expect(errors).toEqual([]);
      await page.close();
    });
  }

  it('by dropping a photo on the upload area', async () => {
    const page = await browser.newPage({ viewport: DESKTOP });
    await page.goto(shop.url);
    const bytes = (await makePhoto({ width: 900, height: 600 })).toString('base64');
    const dataTransfer = await page.evaluateHandle((base64) => {
      const transfer = new DataTransfer();
      const data = Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));
      transfer.items.add(new File([data], 'dropped-photo.jpg', { type: 'image/jpeg' }));
      return transfer;
    }, bytes);
    const area = page.getByTestId('upload-area');
    await area.dispatchEvent('dragover', { dataTransfer });
    await screenshot(page, 'upload-dragover-desktop', { fullPage: false });
    await area.dispatchEvent('drop', { dataTransfer });
    await page.getByText('Photo uploaded successfully!').waitFor();
    await expectPhotoOnTransform(page);
    await page.close();
  });
});

describe('a photo over 8MB is compressed in the browser first (storefront §4, §9)', () => {
  it('sends a JPEG of at most 2048 px that still carries the camera and GPS data', async () => {
    const large = await noisyPhoto({ width: 2600, height: 1950, exif: USHUAIA_EXIF });
    expect(large.length).toBeGreaterThan(8 * 1024 * 1024);
    const page = await browser.newPage({ viewport: DESKTOP });
    const sent: number[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/api/images')) sent.push(request.postDataBuffer()?.length ?? 0);
    });
    await page.goto(shop.url);
    const chooser = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: 'Upload a photo' }).click();
    await (await chooser).setFiles({ name: 'big-camera-photo.jpg', mimeType: 'image/jpeg', buffer: large });
    await page.getByText('Photo uploaded successfully!').waitFor();
    await expectPhotoOnTransform(page);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toBeLessThan(5000 * 1024);

    const originals = join(shop.dataDir, 'storage/original');
    const [stored] = (await readdir(originals)).filter((name) => name.endsWith('big-camera-photo-jpg'));
    const original = await readFile(join(originals, stored));
    expect(await sharp(original).metadata()).toMatchObject({ format: 'jpeg', width: 2048, height: 1536 });
    const tags = await exifr.parse(original, { gps: true });
    expect(tags).toMatchObject({ Make: 'Canon', Model: 'Canon EOS R5' });
    expect(tags.latitude).toBeLessThan(-54);
    expect(tags.longitude).toBeLessThan(-68);
    await page.close();
  });
});

describe('/transform without a photo lets the visitor upload there', () => {
  for (const [label, viewport] of viewports) {
    it(`shows the upload control, takes an iPhone HEIC photo and shows it (${label})`, async () => {
      const page = await browser.newPage({ viewport });
      const errors = collectPageErrors(page);
      await page.goto(`${shop.url}/transform`);
      await page.getByRole('heading', { name: 'Start with a photo' }).waitFor();
      await screenshot(page, `transform-empty-${label}`);
      const chooser = page.waitForEvent('filechooser');
      await page.getByRole('button', { name: 'Upload a photo' }).click();
      await (await chooser).setFiles({ name: 'IMG_0420.HEIC', mimeType: 'image/heic', buffer: heicPhoto() });
      await page.getByText('Photo uploaded successfully!').waitFor();
      await expectPhotoOnTransform(page);
      expect(await page.getByTestId('transform-photo').evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(
        1200,
      );
      await screenshot(page, `transform-heic-${label}`);
      // The photo stays on reload: it lives in the URL.
      await page.reload();
      await expectPhotoOnTransform(page);
      expect(errors).toEqual([]);
      await page.close();
    });
  }
});

describe('upload errors (storefront §8 Upload)', () => {
  it("refuses a non-image before sending it: 'Please upload an image file'", async () => {
    const page = await browser.newPage({ viewport: DESKTOP });
    let sent = false;
    page.on('request', (request) => {
      if (request.url().endsWith('/api/images')) sent = true;
    });
    await page.goto(shop.url);
    const chooser = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: 'Upload a photo' }).click();
    await (await chooser).setFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not a photo') });
    await page.getByRole('alert').filter({ hasText: 'Please upload an image file' }).waitFor();
    await page.getByText('Upload failed').waitFor();
    expect(sent).toBe(false);
    expect(page.url()).toBe(`${shop.url}/`);
    await page.close();
  });

  for (const [label, viewport] of viewports) {
    it(`shows the server's refusal of a file that only claims to be a photo (${label})`, async () => {
      const page = await browser.newPage({ viewport });
      await page.goto(shop.url);
      const chooser = page.waitForEvent('filechooser');
      await page.getByRole('button', { name: 'Upload a photo' }).click();
      await (
        await chooser
      ).setFiles({
        name: 'holiday.jpg',
        mimeType: 'image/jpeg',
        buffer: Buffer.from('<html><script>alert(1)</script></html>'),
      });
      await page.getByRole('alert').filter({ hasText: 'Please upload an image file' }).waitFor();
      await page.getByText('Upload failed').waitFor();
      expect(await page.getByRole('button', { name: 'Upload a photo' }).isEnabled()).toBe(true);
      await screenshot(page, `upload-error-${label}`, { fullPage: false });
      expect(page.url()).toBe(`${shop.url}/`);
      await page.close();
    });
  }
});
