/**
 * buildApp(context) → the HTTP server: the JSON API under /api, public files under /files,
 * robots.txt and sitemap.xml, and the built web app for every other path (404 for a path
 * that is none of its pages). Tests build it too.
 */
import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import type { OutgoingHttpHeaders } from 'node:http';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import Fastify, { type FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import { ZodError } from 'zod';
import type { AppContext } from './context.js';
import { controlCharactersMessage, findControlCharacters, InputTooDeepError } from '../domain/text-input.js';
import { badRequest, HttpError } from './http/errors.js';
import { describeApi, describeRoute } from './http/api-description.js';
import { registerCompression } from './http/compression.js';
import { registerMetrics } from './http/metrics.js';
import { recordRoutes } from './http/route-registry.js';
import { securityHeaders } from './http/security-headers.js';
import { absoluteUrl } from './http/urls.js';
import { faviconRoute } from './http/icons.js';
import { crawlerRoutes, renderPage, type SiteHead } from './http/web-pages.js';
import { findPage, SHARE_IMAGE } from '../domain/pages.js';
import { analyticsRoutes } from './modules/analytics/index.js';
import { adminApi } from './modules/admin/index.js';
import { localBackupRoutes } from './modules/backups/index.js';
import { catalogRoutes } from './modules/catalog/index.js';
import { contentRoutes, shareImageRoute } from './modules/content/index.js';
import { checkoutRoutes } from './modules/checkout/index.js';
import { emailRoutes } from './modules/email/index.js';
import { fulfilmentRoutes } from './modules/fulfilment/index.js';
import { orderRoutes } from './modules/orders/index.js';
import { paymentRoutes } from './modules/payments/index.js';
import { imageRoutes } from './modules/images/index.js';
import { LocalStorage, LOCAL_FILES_ROUTE, isPublicKey } from './infra/storage/index.js';
import { mockupRoutes, warmMockupTemplatesAfterArtwork } from './modules/mockups/index.js';
import { styleRoutes } from './modules/styles/index.js';
import { transformationRoutes } from './modules/transformations/index.js';

export const WEB_DIST_DIR = join(dirname(fileURLToPath(import.meta.url)), '../../dist/web');

export async function buildApp(context: AppContext, options: { webRoot?: string } = {}): Promise<FastifyInstance> {
  const requestTimeoutMs = context.config.requestTimeoutSeconds * 1000;
  const app = Fastify({
    loggerInstance: context.log,
    bodyLimit: 1024 * 1024,
    // Node's own limit covers headers that trickle in; bodies are timed below.
    requestTimeout: requestTimeoutMs,
    trustProxy: context.config.trustProxy,
    // Each request's log lines carry one id, echoed to the client; behind a trusted proxy
    // the proxy's X-Request-Id is kept, so one id follows a request through both logs.
    requestIdHeader: context.config.trustProxy ? 'x-request-id' : false,
    genReqId: () => randomUUID(),
  }) as unknown as FastifyInstance;
  const headers = securityHeaders({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:', 'http:'],
        scriptSrc: ["'self'", 'https://js.stripe.com'],
        frameSrc: ["'self'", 'https://js.stripe.com', 'https://hooks.stripe.com'],
        connectSrc: ["'self'", 'https://api.stripe.com'],
        styleSrc: ["'self'", "'unsafe-inline'"],
        fontSrc: ["'self'", 'data:'],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
    crossOriginResourcePolicy: { policy: 'cross-origin' },
  });
  // Each request's id and the security headers, on every answer: a stream or an error written
  // straight to the connection passes them on with reply.getHeaders().
  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id).headers(headers);
  });
  context.requests.track(app);
  // Before any route: the plugin adds its hook to each route as it is declared.
  await registerCompression(app);
  recordRoutes(app);
  await describeApi(app, { siteName: context.config.siteName });
  registerMetrics(app, { token: context.config.metricsToken });

  app.setErrorHandler((error, request, reply) => {
    if (error instanceof HttpError) {
      return reply.status(error.statusCode).send({ error: error.message, ...error.details });
    }
    if (error instanceof ZodError) {
      return reply.status(400).send({ error: error.issues[0]?.message ?? 'Invalid request' });
    }
    const status = (error as { statusCode?: number }).statusCode;
    if (status && status >= 400 && status < 500) {
      return reply.status(status).send({ error: (error as Error).message });
    }
    request.log.error({ err: error }, 'request failed');
    return reply.status(500).send({ error: 'Something went wrong. Please try again.' });
  });

  // A client sending one byte every few seconds would otherwise hold its connection and its
  // upload's temporary file for ever (Node's requestTimeout stops watching once the headers
  // are in). A body still incomplete after the limit gets 408 and its connection is closed,
  // which fails the upload's stream, and the route removes what it had written.
  app.addHook('onRequest', (request, reply, done) => {
    const body = request.raw;
    if (body.complete) return done();
    const timer = setTimeout(() => {
      if (body.complete) return;
      request.log.warn(
        { req: request },
        `request body not received within ${context.config.requestTimeoutSeconds} s; closing`,
      );
      const closeConnection = () => body.socket?.destroy();
      if (reply.raw.headersSent) return closeConnection();
      reply.raw.writeHead(408, {
        ...(reply.getHeaders() as OutgoingHttpHeaders),
        'content-type': 'application/json; charset=utf-8',
        connection: 'close',
      });
      reply.raw.end(
        JSON.stringify({ error: 'The request took too long to arrive. Please try again.' }),
        closeConnection,
      );
    }, requestTimeoutMs);
    timer.unref();
    const stop = () => clearTimeout(timer);
    body.once('end', stop);
    body.once('close', stop);
    reply.raw.once('close', stop);
    done();
  });

  // Every JSON body, query and route parameter: a NUL byte would otherwise reach the database
  // (which refuses it with an error that became a 500) and escapes would reach the logs.
  // Raw bodies (the Stripe webhook's signed bytes) are strings or buffers and are not walked.
  app.addHook('preValidation', async (request) => {
    for (const part of [request.params, request.query, request.body]) {
      if (!part || typeof part !== 'object' || Buffer.isBuffer(part)) continue;
      let field: string | null;
      try {
        field = findControlCharacters(part);
      } catch (error) {
        if (error instanceof InputTooDeepError) throw badRequest(error.message);
        throw error;
      }
      if (field) throw badRequest(controlCharactersMessage(field), { field });
    }
  });

  app.get(
    '/healthz',
    { schema: describeRoute('Answers once the database and storage are ready') },
    async (_request, reply) => {
      await context.db.execute('select 1');
      await context.storage.ready();
      return reply.send({ status: 'ok', database: context.database.kind, storage: context.storage.kind });
    },
  );

  await context.readCache.listen();

  await app.register(async (api) => {
    await adminApi(api, context);
    await styleRoutes(api, context);
    await catalogRoutes(api, context);
    await contentRoutes(api, context);
    await checkoutRoutes(api, context);
    await paymentRoutes(api, context);
    await orderRoutes(api, context);
    await emailRoutes(api, context);
    await fulfilmentRoutes(api, context);
    await imageRoutes(api, context);
    await transformationRoutes(api, context, { artworkStarted: () => warmMockupTemplatesAfterArtwork(context) });
    await mockupRoutes(api, context);
    await analyticsRoutes(api, context);
    await localBackupRoutes(api, context);
  });

  if (context.storage instanceof LocalStorage) await serveLocalFiles(app, context.storage);
  crawlerRoutes(app, context.config.publicUrl);
  const webRoot = options.webRoot ?? WEB_DIST_DIR;
  shareImageRoute(
    app,
    context.config.siteName,
    existsSync(join(webRoot, 'favicon.svg')) ? join(webRoot, 'favicon.svg') : null,
  );
  await serveWebApp(app, {
    root: webRoot,
    site: {
      siteName: context.config.siteName,
      publicUrl: context.config.publicUrl,
      // /transform/thumbnail's card, drawn by the server as a PNG.
      imageUrl: absoluteUrl(context.config, SHARE_IMAGE.path),
    },
  });
  return app;
}

async function serveLocalFiles(app: FastifyInstance, storage: LocalStorage): Promise<void> {
  await app.register(async (files) => {
    await files.register(fastifyStatic, { root: storage.root, serve: false, decorateReply: true });
    files.get(
      `${LOCAL_FILES_ROUTE}/*`,
      {
        schema: describeRoute('Public stored files (artworks, mockups, their renditions, previews) from local storage'),
      },
      async (request, reply) => {
        const key = (request.params as { '*': string })['*'];
        if (!isPublicKey(key) || key.split('/').includes('..')) return reply.status(404).send({ error: 'Not found' });
        return reply.sendFile(key, storage.root, { maxAge: 3600 * 1000, immutable: false });
      },
    );
  });
}

/** Source maps would publish the web app's source: they stay in the build folder for debugging, unserved. */
const isSourceMap = (path: string) => path.endsWith('.map');

/**
 * The built web app: its files, and for every other path its page, whose head the server
 * writes (domain/pages.ts); a path that is no page is answered 404 with the app, which then
 * shows its 404 page. HEAD answers as GET without the body.
 */
export async function serveWebApp(
  app: FastifyInstance,
  { root = WEB_DIST_DIR, site }: { root?: string; site: SiteHead },
): Promise<void> {
  if (!existsSync(join(root, 'index.html'))) {
    app.log.warn('the web app is not built (npm run build); only the API is served');
    return;
  }
  await app.register(fastifyStatic, {
    root,
    // A folder ('/', '/assets/') is a page's path or none, never a listing.
    allowedPath: (pathName) => !isSourceMap(pathName) && !pathName.endsWith('/'),
    prefix: '/',
    // One route for every file, not one per file: a route per file costs the start a folder
    // walk and 166 routes. A path that is no file falls through to the pages below.
    wildcard: true,
    index: false,
    decorateReply: false,
    // The build wrote brotli and gzip copies (vite.config.ts); the browser gets the one it accepts.
    preCompressed: true,
    setHeaders(reply, path) {
      // Vite names assets by their content hash, so they never change under one name.
      if (path.startsWith(join(root, 'assets'))) reply.header('cache-control', 'public, max-age=31536000, immutable');
    },
  });
  if (existsSync(join(root, 'favicon.svg'))) faviconRoute(app, root);
  const indexHtml = await readFile(join(root, 'index.html'), 'utf8');
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0]!;
    if (
      (request.method !== 'GET' && request.method !== 'HEAD') ||
      path.startsWith('/api/') ||
      path.startsWith(`${LOCAL_FILES_ROUTE}/`) ||
      isSourceMap(path)
    ) {
      return reply.status(404).send({ error: 'Not found' });
    }
    const page = findPage(path);
    return reply
      .status(page ? 200 : 404)
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      .send(renderPage(indexHtml, page, path, site));
  });
}
