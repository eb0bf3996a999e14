/**
 * What the server says about the web app's pages before any script runs, for link previews
 * and crawlers: each page's head (title, description, Open Graph and Twitter card),
 * /robots.txt and /sitemap.xml. The pages themselves are listed in domain/pages.ts.
 */
import type { FastifyInstance } from 'fastify';
import { NOT_FOUND_PAGE, PUBLIC_PAGES, SHARE_IMAGE, type Page } from '../../domain/pages.js';
import { escapeHtml } from '../infra/html.js';

export interface SiteHead {
  siteName: string;
  /** The shop's address, without a trailing slash. */
  publicUrl: string;
  /** The absolute URL of the picture link previews show (the shop's share card). */
  imageUrl: string;
}

/** The head tags of one page; `path` is the address asked for, without its query. */
export function pageHead(page: Page, path: string, site: SiteHead): string {
  const title = page.title(site.siteName);
  const url = `${site.publicUrl}${path}`;
  const tags = [
    `<title>${escapeHtml(title)}</title>`,
    meta('name', 'description', page.description),
    ...(page.public ? [] : [meta('name', 'robots', 'noindex')]),
    meta('property', 'og:type', 'website'),
    meta('property', 'og:site_name', site.siteName),
    meta('property', 'og:title', title),
    meta('property', 'og:description', page.description),
    meta('property', 'og:url', url),
    meta('property', 'og:image', site.imageUrl),
    meta('property', 'og:image:type', 'image/png'),
    meta('property', 'og:image:width', String(SHARE_IMAGE.width)),
    meta('property', 'og:image:height', String(SHARE_IMAGE.height)),
    meta('property', 'og:image:alt', SHARE_IMAGE.alt),
    meta('name', 'twitter:card', 'summary_large_image'),
  ];
  return tags.join('\n    ');
}

const meta = (attribute: 'name' | 'property', key: string, content: string) =>
  `<meta ${attribute}="${key}" content="${escapeHtml(content)}" />`;

/** The built index.html with its placeholder title and description replaced by the page's head. */
export function renderPage(indexHtml: string, page: Page | undefined, path: string, site: SiteHead): string {
  const head = pageHead(page ?? NOT_FOUND_PAGE, path, site);
  const bare = indexHtml.replace(/<title>[^<]*<\/title>\s*/, '').replace(/<meta\s+name="description"[^>]*>\s*/, '');
  return bare.replace('</head>', `  ${head}\n  </head>`);
}

export function robotsTxt(publicUrl: string): string {
  return ['User-agent: *', 'Disallow: /admin', 'Disallow: /api', '', `Sitemap: ${publicUrl}/sitemap.xml`, ''].join(
    '\n',
  );
}

export function sitemapXml(publicUrl: string, pages: Page[] = PUBLIC_PAGES): string {
  const urls = pages.map((page) => `  <url><loc>${escapeHtml(`${publicUrl}${page.path}`)}</loc></url>`);
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...urls,
    '</urlset>',
    '',
  ].join('\n');
}

export function crawlerRoutes(app: FastifyInstance, publicUrl: string): void {
  const robots = robotsTxt(publicUrl);
  const sitemap = sitemapXml(publicUrl);
  app.get('/robots.txt', async (_request, reply) => reply.type('text/plain; charset=utf-8').send(robots));
  app.get('/sitemap.xml', async (_request, reply) => reply.type('application/xml; charset=utf-8').send(sitemap));
}
