/**
 * What a page costs a visitor in JavaScript: every script the browser fetched for it until the
 * network went quiet (the entry, its preloads and the page's lazy chunks), each measured as
 * gzip would send it, the way Vite's build report and Lighthouse count.
 */
import { gzipSync } from 'node:zlib';
import type { Browser } from 'playwright-core';

export interface ScriptCost {
  /** Gzipped bytes of every script, summed. */
  gzipBytes: number;
  scripts: Array<{ url: string; gzipBytes: number }>;
}

export async function javascriptOf(
  browser: Browser,
  url: string,
  viewport = { width: 1280, height: 900 },
): Promise<ScriptCost> {
  const page = await browser.newPage({ viewport });
  const bodies: Array<Promise<{ url: string; gzipBytes: number }>> = [];
  page.on('response', (response) => {
    if (response.request().resourceType() !== 'script') return;
    bodies.push(
      response.body().then((body) => ({ url: new URL(response.url()).pathname, gzipBytes: gzipSync(body).length })),
    );
  });
  await page.goto(url, { waitUntil: 'networkidle' });
  const scripts = (await Promise.all(bodies)).sort((a, b) => b.gzipBytes - a.gzipBytes);
  await page.close();
  return { gzipBytes: scripts.reduce((sum, script) => sum + script.gzipBytes, 0), scripts };
}

export const kilobytes = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
