/**
 * JavaScript each storefront page makes a visitor download, gzipped, measured in Chromium on
 * the built shop (issue 17's budget: ≤ 200 KB for /).
 *
 *   npm run build && npm run bench -- js-budget
 */
import type { Page } from 'playwright-core';
import { launchBrowser } from '../e2e/support/browser.js';
import { javascriptOf, kilobytes } from '../e2e/support/js-budget.js';
import { startShop } from '../e2e/support/server.js';

/**
 * Each page with what its own chunk draws: "network idle" alone can come before the browser
 * has asked for that chunk, and the page would read as the entry's scripts only.
 */
const PAGES: Record<string, (page: Page) => Promise<void>> = {
  '/': (page) => page.getByTestId('upload-area').waitFor(),
  '/transform': (page) => page.getByRole('heading', { level: 1 }).first().waitFor(),
  '/order-status': (page) => page.getByTestId('order-message').waitFor(),
  '/payment-cancelled': (page) => page.getByRole('heading', { name: 'Payment Cancelled' }).waitFor(),
  '/no/such/page': (page) => page.getByRole('heading', { name: '404' }).waitFor(),
};

const [shop, browser] = await Promise.all([startShop({ env: { LOG_LEVEL: 'warn' } }), launchBrowser()]);
try {
  console.log('page                  gzipped JS   scripts   largest');
  for (const [path, ready] of Object.entries(PAGES)) {
    const cost = await javascriptOf(browser, `${shop.url}${path}`, { ready });
    const largest = cost.scripts[0];
    console.log(
      `${path.padEnd(22)}${kilobytes(cost.gzipBytes).padStart(10)}   ${String(cost.scripts.length).padStart(7)}   ` +
        `${largest ? `${largest.url} ${kilobytes(largest.gzipBytes)}` : ''}`,
    );
  }
  console.log('\nbudget: / ≤ 200.0 KB');
} finally {
  await browser.close();
  await shop.stop();
  await shop.cleanup();
}
