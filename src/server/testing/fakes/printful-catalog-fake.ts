/**
 * A local stand-in for Printful's API v1 catalog and mockup generator, speaking its JSON
 * (`{code, result}` and `{code, result: "text", error: {reason, message}}`), for tests of
 * the real adapters; 429s and failures on demand. Orders: printful-orders-fake.ts.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import sharp from 'sharp';
import { builtinCatalog, type CatalogProduct, type CatalogVariant } from '../../../domain/builtin-catalog.js';
import { printAreaOf } from '../../../domain/placement.js';

/**
 * `GET /mockup-generator/printfiles/{id}`'s result: as Printful's, a printfile per size (a
 * poster's sizes each have their own, portrait), at 150 dpi as Printful's wall art files are.
 */
export function printfilesView(product: CatalogProduct) {
  const printfiles: Array<{ printfile_id: number; width: number; height: number; dpi: number }> = [];
  const idOf = (width: number, height: number) => {
    let file = printfiles.find((f) => f.width === width && f.height === height);
    if (!file) printfiles.push((file = { printfile_id: printfiles.length + 1, width, height, dpi: 150 }));
    return file.printfile_id;
  };
  const variant_printfiles = product.variants.map((variant) => {
    const area = printAreaOf(product, variant, 0.75);
    const width = Math.round(area.widthIn * 150);
    const height = Math.round(area.heightIn * 150);
    return {
      variant_id: variant.id,
      placements: Object.fromEntries(product.print_areas.map((p) => [p.placement, idOf(width, height)])),
    };
  });
  return {
    product_id: product.id,
    available_placements: Object.fromEntries(product.print_areas.map((area) => [area.placement, area.title])),
    printfiles,
    variant_printfiles,
  };
}

export interface FakeRequest {
  method: string;
  path: string;
  body: unknown;
  headers: IncomingMessage['headers'];
}

export interface PrintfulFake {
  url: string;
  requests: FakeRequest[];
  /** Answer the next n calls with 429 (Retry-After: retryAfterSeconds). */
  rateLimitNext(n: number, retryAfterSeconds?: number): void;
  /** Answer the next n calls with this status. */
  failNext(status: number, n?: number): void;
  /** Change a variant's availability, or remove it (404). */
  setVariant(variantId: number, change: Partial<CatalogVariant> | 'removed'): void;
  /** How many polls a mockup task stays pending, and whether it then fails. */
  mockupTasks: { pendingPolls: number; fail: boolean };
  close(): Promise<void>;
}

const ok = (result: unknown, extra: Record<string, unknown> = {}) => ({ code: 200, result, ...extra });
const problem = (code: number, message: string, reason = 'Error') => ({
  code,
  result: message,
  error: { reason, message },
});

/** A catalog product as Printful's v1 API shows it. */
export const productView = (product: CatalogProduct) => ({
  id: product.id,
  type: product.type,
  type_name: product.type_name,
  title: product.title,
  brand: product.brand,
  model: product.model,
  image: `https://files.cdn.printful.com/products/${product.id}/product.jpg`,
  variant_count: product.variants.length,
  currency: 'USD',
  is_discontinued: product.is_discontinued,
  description: product.description,
  files: product.print_areas.map((area) => ({ id: area.placement, type: area.placement, title: area.title })),
  options: product.options,
  dimensions: { front: '12x16', back: null },
});
/** A catalog variant as Printful's v1 API shows it. */
export const variantView = (variant: CatalogVariant) => ({
  ...variant,
  image: `https://files.cdn.printful.com/variants/${variant.id}.jpg`,
});

export async function startPrintfulFake(): Promise<PrintfulFake> {
  const catalog: CatalogProduct[] = structuredClone(builtinCatalog) as CatalogProduct[];
  const removed = new Set<number>();
  const requests: FakeRequest[] = [];
  const tasks = new Map<string, { productId: number; variantIds: number[]; polls: number; placement: string }>();
  let rateLimited = 0;
  let retryAfter = 1;
  let failures: { status: number; remaining: number } | undefined;
  const mockupTasks = { pendingPolls: 1, fail: false };
  const mockupImage = await sharp({ create: { width: 400, height: 400, channels: 3, background: '#c8553d' } })
    .jpeg()
    .toBuffer();

  const findVariant = (id: number) => {
    if (removed.has(id)) return undefined;
    for (const product of catalog) {
      const variant = product.variants.find((v) => v.id === id);
      if (variant) return { product, variant };
    }
    return undefined;
  };
  let baseUrl = '';
  const server = createServer(async (request: IncomingMessage, response: ServerResponse) => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const text = Buffer.concat(chunks).toString();
    const url = new URL(request.url ?? '/', 'http://fake');
    const path = url.pathname;
    const body = text ? JSON.parse(text) : undefined;
    const send = (status: number, payload: unknown, headers: Record<string, string> = {}) => {
      response.writeHead(status, { 'content-type': 'application/json', ...headers });
      response.end(JSON.stringify(payload));
    };

    if (path.startsWith('/mockup-files/')) {
      response.writeHead(200, { 'content-type': 'image/jpeg' });
      response.end(mockupImage);
      return;
    }
    requests.push({ method: request.method ?? 'GET', path: `${path}${url.search}`, body, headers: request.headers });

    if (!request.headers.authorization?.startsWith('Bearer '))
      return send(401, problem(401, 'Unauthorized', 'Unauthorized'));
    if (rateLimited > 0) {
      rateLimited -= 1;
      return send(429, problem(429, 'Too Many Requests', 'TooManyRequests'), { 'retry-after': String(retryAfter) });
    }
    if (failures && failures.remaining > 0) {
      failures.remaining -= 1;
      return send(failures.status, problem(failures.status, 'Internal error', 'InternalError'));
    }

    let match: RegExpMatchArray | null;
    if (request.method === 'GET' && path === '/products') return send(200, ok(catalog.map(productView)));
    if (request.method === 'GET' && (match = path.match(/^\/products\/variant\/(\d+)$/))) {
      const found = findVariant(Number(match[1]));
      if (!found) return send(404, problem(404, 'Not Found', 'NotFound'));
      return send(200, ok({ variant: variantView(found.variant), product: productView(found.product) }));
    }
    if (request.method === 'GET' && (match = path.match(/^\/products\/(\d+)$/))) {
      const product = catalog.find((p) => p.id === Number(match![1]));
      if (!product) return send(404, problem(404, 'Not Found', 'NotFound'));
      return send(
        200,
        ok({
          product: productView(product),
          variants: product.variants.filter((v) => !removed.has(v.id)).map(variantView),
        }),
      );
    }
    if (request.method === 'GET' && (match = path.match(/^\/mockup-generator\/printfiles\/(\d+)$/))) {
      const product = catalog.find((p) => p.id === Number(match![1]));
      if (!product) return send(404, problem(404, 'Not Found', 'NotFound'));
      return send(200, ok(printfilesView(product)));
    }
    if (request.method === 'POST' && (match = path.match(/^\/mockup-generator\/create-task\/(\d+)$/))) {
      const key = `gt-${Math.random().toString(36).slice(2, 10)}`;
      tasks.set(key, {
        productId: Number(match[1]),
        variantIds: body.variant_ids,
        polls: 0,
        placement: body.files?.[0]?.placement ?? 'default',
      });
      return send(200, ok({ task_key: key, status: 'pending' }));
    }
    if (request.method === 'GET' && path === '/mockup-generator/task') {
      const task = tasks.get(url.searchParams.get('task_key') ?? '');
      if (!task) return send(404, problem(404, 'Task not found', 'NotFound'));
      task.polls += 1;
      if (task.polls <= mockupTasks.pendingPolls)
        return send(200, ok({ task_key: url.searchParams.get('task_key'), status: 'pending' }));
      if (mockupTasks.fail)
        return send(
          200,
          ok({ task_key: url.searchParams.get('task_key'), status: 'failed', error: 'Mockup generation failed' }),
        );
      return send(
        200,
        ok({
          task_key: url.searchParams.get('task_key'),
          status: 'completed',
          mockups: [
            {
              placement: task.placement,
              variant_ids: task.variantIds,
              mockup_url: `${baseUrl}/mockup-files/${task.productId}-main.jpg`,
              extra: [
                {
                  title: 'Lifestyle',
                  option: 'Lifestyle',
                  url: `${baseUrl}/mockup-files/${task.productId}-lifestyle.jpg`,
                },
              ],
            },
          ],
        }),
      );
    }
    return send(404, problem(404, `No route ${request.method} ${path}`, 'NotFound'));
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  baseUrl = `http://127.0.0.1:${port}`;

  return {
    url: baseUrl,
    requests,
    mockupTasks,
    rateLimitNext(n, seconds = 1) {
      rateLimited = n;
      retryAfter = seconds;
    },
    failNext(status, n = 1) {
      failures = { status, remaining: n };
    },
    setVariant(variantId, change) {
      if (change === 'removed') {
        removed.add(variantId);
        return;
      }
      for (const product of catalog) {
        const variant = product.variants.find((v) => v.id === variantId);
        if (variant) Object.assign(variant, change);
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
