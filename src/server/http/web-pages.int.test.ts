/**
 * Issue 17, fault 10: pages answer with their real status, HEAD as GET, a head of their own
 * for link previews and crawlers, and the shop has a robots.txt and a sitemap.
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAGES } from '../../domain/pages.js';
import { createTestApp, type TestApp } from '../testing/test-app.js';
import { pageHead } from './web-pages.js';

/** The shape of the built index.html: Vite keeps the head as src/web/index.html writes it. */
const INDEX_HTML = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <meta
      name="description"
      content="Turn your travel photos into personal artwork."
    />
    <title>Wanderer</title>
  </head>
  <body><div id="root"></div></body>
</html>`;

const PUBLIC_URL = 'https://shop.example';
const IMAGE_URL = `${PUBLIC_URL}/share-image.png`;
const STORED_IMAGE = '/files/examples/pair-1-artwork.jpg';

let shop: TestApp;
let webRoot: string;
beforeAll(async () => {
  webRoot = await mkdtemp(join(tmpdir(), 'wanderer-web-'));
  await mkdir(join(webRoot, 'assets'));
  await writeFile(join(webRoot, 'index.html'), INDEX_HTML);
  await writeFile(join(webRoot, 'assets', 'index-abc123.js'), 'console.log(1)');
  shop = await createTestApp({ webRoot, env: { PUBLIC_URL, SITE_NAME: 'Wanderer' } });
});
afterAll(async () => {
  await shop?.close();
  await rm(webRoot, { recursive: true, force: true });
});

const get = (url: string, method: 'GET' | 'HEAD' = 'GET') => shop.app.inject({ method, url });
const metaContent = (html: string, key: string) =>
  html.match(new RegExp(`<meta (?:name|property)="${key}" content="([^"]*)" />`))?.[1];

describe('a page answers with its real status', () => {
  it('answers 200 with the app for every page the app has', async () => {
    for (const url of [
      '/',
      '/transform',
      '/transform/thumbnail',
      '/payment-success?order_id=1',
      '/payment-cancelled',
      '/order-status',
      '/order-status/3f2a9c',
      '/find-order',
      '/admin',
      '/admin/login',
      '/admin/unauthorized',
      '/admin/orders/3f2a9c',
      '/admin/settings',
    ]) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type'], url).toBe('text/html; charset=utf-8');
      expect(response.body, url).toContain('<div id="root"></div>');
    }
  });

  it('answers 404 with the app for a path that is no page, so the app shows its 404 page', async () => {
    for (const url of ['/no/such/page', '/transform/nope', '/admin/nope', '/order-status/1/2']) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(404);
      expect(response.headers['content-type'], url).toBe('text/html; charset=utf-8');
      expect(response.body, url).toContain('<div id="root"></div>');
      expect(response.body, url).toContain('<title>Page not found · Wanderer</title>');
    }
  });

  it('keeps an unknown API path a JSON 404', async () => {
    const response = await get('/api/unknown');
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.json()).toEqual({ error: 'Not found' });
  });
});

describe('HEAD answers as GET, without the body', () => {
  it('on a page', async () => {
    const [head, getResponse] = await Promise.all([get('/', 'HEAD'), get('/')]);
    expect(head.statusCode).toBe(200);
    expect(head.body).toBe('');
    expect(head.headers['content-type']).toBe(getResponse.headers['content-type']);
    expect(head.headers['content-length']).toBe(getResponse.headers['content-length']);
  });

  it('on a path that is no page', async () => {
    const head = await get('/no/such/page', 'HEAD');
    expect(head.statusCode).toBe(404);
    expect(head.body).toBe('');
    expect(head.headers['content-type']).toBe('text/html; charset=utf-8');
  });

  it('on the built files, stored files and the robots file', async () => {
    const script = await get('/assets/index-abc123.js', 'HEAD');
    expect(script.statusCode).toBe(200);
    expect(script.body).toBe('');
    expect(script.headers['content-type']).toMatch(/javascript/);
    const image = await get(STORED_IMAGE, 'HEAD');
    expect(image.statusCode).toBe(200);
    expect(image.body).toBe('');
    expect(image.headers['content-type']).toBe('image/jpeg');
    const robots = await get('/robots.txt', 'HEAD');
    expect(robots.statusCode).toBe(200);
    expect(robots.headers['content-type']).toBe('text/plain; charset=utf-8');
  });
});

describe("each page's head names the page, for link previews and crawlers", () => {
  it('gives Create artwork its own title, description, Open Graph and Twitter tags', async () => {
    const { body } = await get('/transform?from=home');
    expect(body).toContain('<title>Create your artwork · Wanderer</title>');
    expect(body.match(/<title>/g)).toHaveLength(1);
    expect(body.match(/name="description"/g)).toHaveLength(1);
    expect(metaContent(body, 'description')).toMatch(/choose an art style/);
    expect(metaContent(body, 'og:title')).toBe('Create your artwork · Wanderer');
    expect(metaContent(body, 'og:description')).toBe(metaContent(body, 'description'));
    expect(metaContent(body, 'og:url')).toBe(`${PUBLIC_URL}/transform`);
    expect(metaContent(body, 'og:image')).toBe(IMAGE_URL);
    expect(metaContent(body, 'twitter:card')).toBe('summary_large_image');
    expect(metaContent(body, 'robots')).toBeUndefined();
  });

  it('gives the home page the shop name first and its tagline', async () => {
    const { body } = await get('/');
    expect(body).toContain('<title>Wanderer · Turn your travel photos into artwork</title>');
    expect(metaContent(body, 'og:url')).toBe(`${PUBLIC_URL}/`);
  });

  it("shows /transform/thumbnail's card, drawn as a 1200×630 PNG, as every page's preview image, at an absolute URL", async () => {
    const { body } = await get('/transform/thumbnail');
    expect(body).toContain('<title>Print your journey · Wanderer</title>');
    expect(metaContent(body, 'og:image')).toBe(IMAGE_URL);
    expect(metaContent(body, 'og:image:width')).toBe('1200');
    expect(metaContent(body, 'og:image:height')).toBe('630');
    const image = await get(new URL(IMAGE_URL).pathname);
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(await sharp(image.rawPayload).metadata()).toMatchObject({ format: 'png', width: 1200, height: 630 });
  });

  it('asks search engines not to index order and back-office pages', async () => {
    expect(metaContent((await get('/order-status/3f2a9c')).body, 'robots')).toBe('noindex');
    expect(metaContent((await get('/admin/orders')).body, 'robots')).toBe('noindex');
    expect((await get('/admin/orders')).body).toContain('<title>Admin Dashboard - Wanderer</title>');
  });

  it('escapes what it writes: the address asked for', async () => {
    const { body } = await get('/order-status/"><script>alert(1)</script>');
    expect(body).not.toContain('<script>alert(1)');
    // A raw quote can reach the server from a client that sends one unencoded.
    const head = pageHead(PAGES.orderStatus, '/order-status/"><script>alert(1)</script>', {
      siteName: 'Wanderer',
      publicUrl: PUBLIC_URL,
      imageUrl: IMAGE_URL,
    });
    expect(head).not.toContain('<script>');
    expect(metaContent(head, 'og:url')).toBe(
      `${PUBLIC_URL}/order-status/&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;`,
    );
  });
});

describe('the shop name is escaped too', () => {
  it('writes a hostile SITE_NAME as text', async () => {
    const hostile = await createTestApp({ webRoot, env: { SITE_NAME: '</title><script>x()</script> & "Co"' } });
    try {
      const { body } = await hostile.app.inject({ url: '/transform' });
      expect(body).not.toContain('<script>x()');
      expect(body).toContain(
        '<title>Create your artwork · &lt;/title&gt;&lt;script&gt;x()&lt;/script&gt; &amp; &quot;Co&quot;</title>',
      );
      expect(metaContent(body, 'og:site_name')).toBe(
        '&lt;/title&gt;&lt;script&gt;x()&lt;/script&gt; &amp; &quot;Co&quot;',
      );
    } finally {
      await hostile.close();
    }
  });
});

describe('robots.txt and sitemap.xml', () => {
  it('keeps crawlers out of the back office and the API and points them to the sitemap', async () => {
    const response = await get('/robots.txt');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(response.body.split('\n')).toEqual([
      'User-agent: *',
      'Disallow: /admin',
      'Disallow: /api',
      '',
      `Sitemap: ${PUBLIC_URL}/sitemap.xml`,
      '',
    ]);
  });

  it('lists the public pages at absolute URLs', async () => {
    const response = await get('/sitemap.xml');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(response.body).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>/);
    expect(response.body).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    expect([...response.body.matchAll(/<loc>([^<]*)<\/loc>/g)].map((match) => match[1])).toEqual([
      `${PUBLIC_URL}/`,
      `${PUBLIC_URL}/transform`,
      `${PUBLIC_URL}/find-order`,
    ]);
  });
});
