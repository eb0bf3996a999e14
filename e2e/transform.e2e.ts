import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { collectPageErrors, DESKTOP, MOBILE, screenshot, settleImages } from './support/browser';
import { ROOT } from './support/server';
import { useShop } from './support/use-shop';

const { shop, browser } = useShop();
let photo: Buffer;

beforeAll(async () => {
  photo = await readFile(join(ROOT, 'assets/photos/lake-boats-sunset.jpg'));
});

async function uploadOnTransform(page: Page, name: string) {
  await page.goto(`${shop.url}/transform`);
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Upload a photo' }).click();
  await (await chooser).setFiles({ name, mimeType: 'image/jpeg', buffer: photo });
  await page.getByTestId('transform-photo').waitFor();
}

/** Every stage text the page shows until the artwork is there. */
async function transformAndWatch(page: Page): Promise<string[]> {
  const seen = new Set<string>();
  await page.exposeFunction('recordStage', (text: string) => seen.add(text));
  await page.evaluate(() => {
    const observer = new MutationObserver(() => {
      const stage = document.querySelector('[data-testid="transform-stage"]');
      if (stage?.textContent) (window as unknown as { recordStage(text: string): void }).recordStage(stage.textContent);
    });
    observer.observe(document.body, { subtree: true, childList: true, characterData: true });
  });
  await page.getByRole('button', { name: 'Transform Image' }).click();
  await page.getByRole('button', { name: 'Transforming...' }).waitFor();
  await page.getByTestId('style-picker-compact').getByText('Creating your artwork...').waitFor();
  await page.getByTestId('compare-slider').waitFor({ timeout: 60_000 });
  return [...seen];
}

describe('art styles and transformation (storefront §2 Transform, §4)', () => {
  for (const [label, viewport] of [
    ['desktop', DESKTOP],
    ['768px', MOBILE],
  ] as const) {
    it(`chooses a style, transforms, watches the progress texts and sees the artwork with the comparison slider (${label})`, async () => {
      const page = await browser.newPage({ viewport });
      const errors = collectPageErrors(page);
      await uploadOnTransform(page, `lake-${label}.jpg`);

      await page.getByRole('heading', { name: 'Choose a Style' }).waitFor();
      await page.getByText('Select a style and transform to see your artwork').waitFor();
      const cards = page.getByTestId('style-card');
      await cards.first().waitFor();
      expect(await cards.count()).toBeGreaterThanOrEqual(6);
      // The first style is chosen for the visitor.
      expect(await cards.first().getAttribute('aria-checked')).toBe('true');
      await settleImages(page, '[data-testid="style-picker"]');
      await screenshot(page, `transform-styles-${label}`);

      await page.getByRole('radio', { name: /Watercolour/ }).click();
      const stages = await transformAndWatch(page);
      expect(stages).toContain('Transformation complete!');
      expect(
        stages.some((text) =>
          /Analyzing your image|Applying artistic style|Refining details|Finalizing artwork/.test(text),
        ),
      ).toBe(true);

      const slider = page.getByRole('slider', { name: 'Compare the original photo with the artwork' });
      await slider.focus();
      await page.keyboard.press('Home');
      await settleImages(page);
      await screenshot(page, `transform-artwork-${label}`);
      expect(errors).toEqual([]);
      await page.close();
    });
  }
});

describe('a cart line is a product with its own artwork (issue 17, fault 2)', () => {
  for (const [label, viewport] of [
    ['desktop', DESKTOP],
    ['390px', { width: 390, height: 844 }],
  ] as const) {
    it(`three Watercolour mugs stay Watercolour after a Pop Art mug is added (${label})`, async () => {
      const page = await browser.newPage({ viewport });
      const errors = collectPageErrors(page);
      await uploadOnTransform(page, `two-artworks-${label}.jpg`);
      const mugCard = page.getByTestId('product-card').filter({ hasText: 'Classic Mug 11 oz' });
      const addMug = mugCard.getByRole('button', { name: /Add Classic Mug 11 oz to cart/ });

      const artworkOf = async (style: RegExp) => {
        await page.getByRole('radio', { name: style }).click();
        const started = page.waitForResponse(
          (r) => r.url().endsWith('/api/transformations') && r.request().method() === 'POST',
        );
        await page.getByRole('button', { name: 'Transform Image' }).click();
        const id = (await (await started).json()).transformationId as string;
        await page.getByTestId('compare-slider').waitFor({ timeout: 60_000 });
        await mugCard
          .locator(`[data-testid="product-thumbnail"][src*="/files/mockups/${id}/"]`)
          .waitFor({ timeout: 60_000 });
        return id;
      };

      const watercolour = await artworkOf(/Watercolour/);
      for (let i = 0; i < 3; i += 1) await addMug.click();
      expect(await addMug.textContent()).toContain('(3)');
      const popArt = await artworkOf(/Pop Art/);
      // The grid counts the mugs of the artwork shown: none of Pop Art yet.
      expect(await addMug.textContent()).not.toContain('(3)');
      await addMug.click();

      const summary = page.getByTestId('order-summary');
      const lines = summary.getByTestId('summary-line');
      await expect.poll(() => lines.count()).toBe(2);
      expect(await lines.getByTestId('summary-quantity').allTextContents()).toEqual(['3', '1']);
      const thumbnails = await lines
        .getByTestId('summary-thumbnail')
        .evaluateAll((images) => images.map((image) => image.getAttribute('src')));
      expect(thumbnails[0]).toContain(`/files/mockups/${watercolour}/`);
      expect(thumbnails[1]).toContain(`/files/mockups/${popArt}/`);
      await summary.scrollIntoViewIfNeeded();
      await settleImages(page);
      await screenshot(page, `cart-two-artworks-${label}`);

      // The lines go to checkout as they are: each with its own artwork.
      const stored = (await page.evaluate(() =>
        JSON.parse(localStorage.getItem('wanderer.cart.v1') ?? '[]'),
      )) as Array<{
        transformationId: string;
        quantity: number;
      }>;
      expect(stored.map((line) => [line.transformationId, line.quantity])).toEqual([
        [watercolour, 3],
        [popArt, 1],
      ]);
      await page.evaluate(() => localStorage.clear());
      expect(errors).toEqual([]);
      await page.close();
    });
  }
});

describe('products, mockups and cart (storefront §2 product grid, preview modal, Order Summary; §4 Cart)', () => {
  for (const [label, viewport] of [
    ['desktop', DESKTOP],
    ['768px', MOBILE],
  ] as const) {
    it(`shows mockups in the grid, a wrapping carousel, the quantity rules, and a cart that survives a reload (${label})`, async () => {
      const page = await browser.newPage({ viewport });
      const errors = collectPageErrors(page);
      await uploadOnTransform(page, `cart-${label}.jpg`);
      await page.getByRole('radio', { name: /Oil Painting/ }).click();
      await page.getByRole('button', { name: 'Transform Image' }).click();
      await page.getByTestId('compare-slider').waitFor({ timeout: 60_000 });

      // Mockups generate for every product once the artwork is ready.
      const cards = page.getByTestId('product-card');
      await cards.first().waitFor();
      const productCount = await cards.count();
      expect(productCount).toBeGreaterThanOrEqual(8);
      await page.waitForFunction(
        (count) =>
          document.querySelectorAll('[data-testid="product-thumbnail"][src*="/files/mockups/"]').length === count,
        productCount,
        { timeout: 60_000 },
      );
      expect(await page.getByTestId('order-summary').count()).toBe(0);
      await settleImages(page);
      await page.getByRole('heading', { name: 'Choose your products' }).scrollIntoViewIfNeeded();
      await screenshot(page, `products-grid-${label}`);

      // The preview modal: a carousel that wraps around, a counter, labels, thumbnails.
      const mug = cards.filter({ hasText: 'Classic Mug 11 oz' });
      await mug.getByRole('button', { name: /View Classic Mug 11 oz/ }).click();
      const modal = page.getByTestId('preview-modal');
      await modal.waitFor();
      const counter = modal.getByTestId('mockup-counter');
      const total = Number((await counter.textContent())!.split('/')[1]);
      expect(total).toBeGreaterThanOrEqual(2);
      expect((await counter.textContent())!.trim()).toBe(`1 / ${total}`);
      await modal.getByRole('button', { name: 'Previous view' }).click();
      expect((await counter.textContent())!.trim()).toBe(`${total} / ${total}`);
      await modal.getByRole('button', { name: 'Next view' }).click();
      expect((await counter.textContent())!.trim()).toBe(`1 / ${total}`);
      await modal.getByText('Mockup generation may take up to 60 seconds.').waitFor();
      await settleImages(page, '[data-testid="preview-modal"]');
      await screenshot(page, `preview-modal-${label}`, { fullPage: false });

      // Quantity starts at 1, can go down to 0, where the button adds 1.
      const quantity = modal.getByTestId('modal-quantity');
      expect(await quantity.textContent()).toBe('1');
      await modal.getByRole('button', { name: 'Increase quantity' }).click();
      await modal.getByRole('button', { name: 'Increase quantity' }).click();
      expect(await quantity.textContent()).toBe('3');
      for (let i = 0; i < 3; i += 1) await modal.getByRole('button', { name: 'Decrease quantity' }).click();
      expect(await quantity.textContent()).toBe('0');
      expect(await modal.getByRole('button', { name: 'Decrease quantity' }).isDisabled()).toBe(true);
      await modal.getByRole('button', { name: 'Increase quantity' }).click();
      await modal.getByRole('button', { name: 'Increase quantity' }).click();
      await modal.getByRole('button', { name: 'Add to Cart' }).click();
      await modal.waitFor({ state: 'detached' });

      // The same product again from the grid adds up; another product is a new line.
      await mug.getByRole('button', { name: /Add Classic Mug 11 oz to cart/ }).click();
      const poster = cards.filter({ hasText: 'Poster 18×24″' });
      await poster.getByRole('button', { name: /Add Poster 18×24″ to cart/ }).click();
      const summary = page.getByTestId('order-summary');
      await summary.waitFor();
      expect(await summary.getByTestId('summary-line').count()).toBe(2);
      expect(await mug.getByRole('button', { name: /Add Classic Mug/ }).textContent()).toContain('(3)');

      const prices = await page.evaluate(async () => (await fetch('/api/products')).json());
      const price = (name: string) => prices.find((p: { name: string }) => p.name === name).final_price as number;
      const expected = `$${(Math.round(price('Classic Mug 11 oz') * 100) * 3 + Math.round(price('Poster 18×24″') * 100)) / 100}`;
      const expectedTotal = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(
        Number(expected.slice(1)),
      );
      expect(await summary.getByTestId('summary-total').textContent()).toBe(expectedTotal);
      await summary.scrollIntoViewIfNeeded();
      await screenshot(page, `order-summary-${label}`);

      // A change to 0 removes the line.
      await summary.getByRole('button', { name: 'One fewer Poster 18×24″' }).click();
      expect(await summary.getByTestId('summary-line').count()).toBe(1);

      // The cart and the artwork survive a reload.
      await page.reload();
      await page.getByTestId('compare-slider').waitFor({ timeout: 30_000 });
      await page.getByTestId('order-summary').waitFor();
      expect(await page.getByTestId('summary-quantity').first().textContent()).toBe('3');
      expect(await page.getByTestId('summary-total').textContent()).toBe(
        new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(
          (Math.round(price('Classic Mug 11 oz') * 100) * 3) / 100,
        ),
      );
      await page.getByRole('button', { name: 'Proceed to Checkout' }).waitFor();

      await page.evaluate(() => localStorage.clear());
      expect(errors).toEqual([]);
      await page.close();
    });
  }
});
