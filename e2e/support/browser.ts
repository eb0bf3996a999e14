/** Chromium driven by playwright-core, with screenshots kept under e2e/artifacts for review. */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { ROOT } from './server';

export const ARTIFACTS = join(ROOT, 'e2e/artifacts');

export const DESKTOP = { width: 1280, height: 900 };
/** The spec's mobile breakpoint. */
export const MOBILE = { width: 768, height: 1024 };

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--disable-dev-shm-usage',
    ],
  });
}

export async function screenshot(page: Page, name: string, options: { fullPage?: boolean } = {}): Promise<string> {
  mkdirSync(ARTIFACTS, { recursive: true });
  const path = join(ARTIFACTS, `${name}.png`);
  const fullPage = options.fullPage ?? true;
  // From the top, a sticky header sits where a visitor sees it, not across the middle.
  if (fullPage) await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path, fullPage });
  return path;
}

/** Fails the test on any error the page logs or throws, so a broken page cannot pass. */
export function collectPageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  return errors;
}

/** Loads every image on the page, lazy ones too, so a full-page screenshot shows them all. */
export async function settleImages(page: Page, scope = 'body'): Promise<void> {
  await page.evaluate((selector) => {
    for (const image of document.querySelectorAll<HTMLImageElement>(`${selector} img[loading="lazy"]`))
      image.loading = 'eager';
  }, scope);
  await page.waitForFunction(
    (selector) => [...document.querySelectorAll<HTMLImageElement>(`${selector} img`)].every((image) => image.complete),
    scope,
  );
}
