/** What the back office's browser tests share: signing in, toasts, and screenshots at two widths. */
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { DESKTOP, MOBILE, screenshot, settleImages } from './browser';

/** The owner's account in the browser tests' shops: ADMIN_ENV makes it at start. */
export const ADMIN = { email: 'owner@wanderer.test', password: 'a-strong-owner-password' };
export const ADMIN_ENV = { ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password };

export async function signInAsAdmin(
  page: Page,
  shopUrl: string,
  path: string,
  admin: { email: string; password: string },
): Promise<void> {
  await page.goto(`${shopUrl}${path}`);
  await page.waitForURL(`${shopUrl}/admin/login`);
  await page.getByLabel('Email').fill(admin.email);
  await page.getByLabel('Password').fill(admin.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(`${shopUrl}${path}`);
}

export async function toast(page: Page, text: string | RegExp): Promise<void> {
  await page.locator('[data-sonner-toast]').filter({ hasText: text }).first().waitFor();
}

/** Until no toast is showing and every image has loaded. */
export async function settle(page: Page): Promise<void> {
  await page.waitForFunction(() => document.querySelectorAll('[data-sonner-toast]').length === 0, undefined, {
    timeout: 15_000,
  });
  await settleImages(page);
  await page.waitForTimeout(150);
}

/**
 * The page at 1280 px and at 768 px (a dialog as the window shows it, a page whole from the
 * top), named `{name}-desktop` and `{name}-768`; the page is never wider than the window.
 * Back to desktop after.
 */
export async function shootBoth(page: Page, name: string, { dialog = false } = {}): Promise<void> {
  for (const [label, viewport] of [
    ['desktop', DESKTOP],
    ['768', MOBILE],
  ] as const) {
    await page.setViewportSize(viewport);
    if (!dialog) {
      await page.evaluate(() => window.scrollTo(0, 0));
      await settle(page);
    } else {
      await page.waitForTimeout(300);
    }
    await screenshot(page, `${name}-${label}`, { fullPage: !dialog });
    expect(await page.evaluate(() => document.documentElement.scrollWidth), `${name} at ${label}`).toBeLessThanOrEqual(
      viewport.width,
    );
  }
  await page.setViewportSize(DESKTOP);
}
