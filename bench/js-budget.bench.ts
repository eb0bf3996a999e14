/**
 * JavaScript each storefront page makes a visitor download, gzipped, measured in Chromium on
 * the built shop (issue 17's budget: ≤ 200 KB for /), and what actually crossed the wire with
 * its content-encoding (issue 31).
 *
 *   npm run build && npm run bench -- js-budget
 */
import { launchBrowser } from '../e2e/support/browser.js';
import { javascriptOf, kilobytes, PAGE_READY } from '../e2e/support/js-budget.js';
import { startShop } from '../e2e/support/server.js';

const [shop, browser] = await Promise.all([startShop({ env: { LOG_LEVEL: 'warn' } }), launchBrowser()]);
try {
  console.log('page                  gzipped JS   on the wire (encoding)   scripts   largest');
  for (const [path, ready] of Object.entries(PAGE_READY)) {
    const cost = await javascriptOf(browser, `${shop.url}${path}`, { ready });
    const largest = cost.scripts[0];
    const encodings = [...new Set(cost.scripts.map((script) => script.encoding ?? 'identity'))].join('+');
    console.log(
      `${path.padEnd(22)}${kilobytes(cost.gzipBytes).padStart(10)}   ${`${kilobytes(cost.transferBytes)} (${encodings})`.padEnd(22)}` +
        `   ${String(cost.scripts.length).padStart(7)}   ${largest ? `${largest.url} ${kilobytes(largest.gzipBytes)}` : ''}`,
    );
  }
  console.log('\nbudget: / ≤ 200.0 KB');
} finally {
  await browser.close();
  await shop.stop();
  await shop.cleanup();
}
