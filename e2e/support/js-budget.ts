/**
 * What a page costs a visitor in JavaScript: every script the browser fetched for it until the
 * network went quiet (the entry, its preloads and the page's lazy chunks), each measured as
 * gzip would send it, the way Vite's build report and Lighthouse count, and as it actually
 * came over the wire (its body's bytes as received, and the `content-encoding` it came in).
 */
import { gzipSync } from 'node:zlib';
import type { Browser, Page } from 'playwright-core';

export interface ScriptCost {
  /** Gzipped bytes of every script, summed. */
  gzipBytes: number;
  /** The bytes of every script's body as the browser received them, summed. */
  transferBytes: number;
  scripts: Array<{ url: string; gzipBytes: number; transferBytes: number; encoding: string | null }>;
}

export async function javascriptOf(
  browser: Browser,
  url: string,
  options: { viewport?: { width: number; height: number }; ready?: (page: Page) => Promise<void> } = {},
): Promise<ScriptCost> {
  const { viewport = { width: 1280, height: 900 }, ready } = options;
  const page = await browser.newPage({ viewport });
  const bodies: Array<Promise<ScriptCost['scripts'][number]>> = [];
  page.on('response', (response) => {
    if (response.request().resourceType() !== 'script') return;
    const cost = Promise.all([
      response.body(),
      response.request().sizes(),
      response.headerValue('content-encoding'),
    ]).then(([body, sizes, encoding]) => ({
      url: new URL(response.url()).pathname,
      gzipBytes: gzipSync(body).length,
      transferBytes: sizes.responseBodySize,
      encoding,
    }));
    // A script still arriving when the page closes fails here, not as an unhandled rejection.
    cost.catch(() => {});
    bodies.push(cost);
  });
  await page.goto(url, { waitUntil: 'networkidle' });
  // "Network idle" alone can come before the page's own chunk on a busy machine (the browser
  // had not yet parsed the entry when 500 ms passed): `ready` waits for what the chunk draws.
  await ready?.(page);
  const scripts = (await Promise.all(bodies)).sort((a, b) => b.gzipBytes - a.gzipBytes);
  await page.close();
  return {
    gzipBytes: scripts.reduce((sum, script) => sum + script.gzipBytes, 0),
    transferBytes: scripts.reduce((sum, script) => sum + script.transferBytes, 0),
    scripts,
  };
}

export const kilobytes = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

/**
 * What each storefront page's own chunk draws, to wait for: "network idle" alone can come
 * before the browser has asked for that chunk, and the page would read as the entry's scripts.
 */
export const PAGE_READY: Record<string, (page: Page) => Promise<void>> = {
  '/': (page) => page.getByTestId('upload-area').waitFor(),
  '/transform': (page) => page.getByRole('heading', { level: 1 }).first().waitFor(),
  '/order-status': (page) => page.getByTestId('order-message').waitFor(),
  '/payment-cancelled': (page) => page.getByRole('heading', { name: 'Payment Cancelled' }).waitFor(),
  '/no/such/page': (page) => page.getByRole('heading', { name: '404' }).waitFor(),
};
