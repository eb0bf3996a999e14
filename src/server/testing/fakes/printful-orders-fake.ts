/**
 * A local HTTP server speaking Printful API v1's orders (create with confirm, look up by
 * `@external_id`, update and confirm, cancel) and its variant read (the built-in catalog), checking the token and store header, counting every
 * call, and failing on request (429 with Retry-After, 5xx) to exercise retries.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { builtinCatalog } from '../../../domain/builtin-catalog.js';
import { productView, variantView } from './printful-catalog-fake.js';

export interface FakePrintfulOrder {
  id: number;
  external_id: string;
  status: string;
  recipient: Record<string, unknown>;
  items: Array<{ variant_id: number; quantity: number; files: Array<{ url: string }> }>;
}

export interface FakePrintfulCall {
  method: string;
  path: string;
  query: string;
  body: unknown;
  /** When the request arrived (ms since the epoch). */
  receivedAt: number;
}

export interface FakePrintful {
  url: string;
  calls: FakePrintfulCall[];
  orders: Map<string, FakePrintfulOrder>;
  /** The next `times` calls matching method and path prefix answer this status. */
  failNext(
    match: { method: string; path: string },
    status: number,
    options?: { times?: number; retryAfter?: number; applyFirst?: boolean },
  ): void;
  close(): Promise<void>;
}

export async function startFakePrintful(options: { token: string; storeId?: string }): Promise<FakePrintful> {
  const calls: FakePrintfulCall[] = [];
  const orders = new Map<string, FakePrintfulOrder>();
  const failures: Array<{
    method: string;
    path: string;
    status: number;
    times: number;
    retryAfter?: number;
    applyFirst: boolean;
  }> = [];
  let nextId = 1000;

  const server: Server = createServer(async (request, response) => {
    const url = new URL(request.url ?? '/', 'http://fake');
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const text = Buffer.concat(chunks).toString('utf8');
    const body = text ? JSON.parse(text) : undefined;
    calls.push({
      method: request.method ?? 'GET',
      path: url.pathname,
      query: url.search,
      body,
      receivedAt: Date.now(),
    });

    const send = (status: number, payload: unknown, headers: Record<string, string> = {}) => {
      response.writeHead(status, { 'content-type': 'application/json', ...headers });
      response.end(JSON.stringify(payload));
    };
    const error = (status: number, reason: string, message: string, headers?: Record<string, string>) =>
      send(status, { code: status, result: message, error: { reason, message } }, headers);

    if (request.headers.authorization !== `Bearer ${options.token}`)
      return error(401, 'Unauthorized', 'Malformed or missing token');
    if (options.storeId && request.headers['x-pf-store-id'] !== options.storeId)
      return error(400, 'BadRequest', 'Store id missing');

    const failure = failures.find((f) => f.method === request.method && url.pathname.startsWith(f.path) && f.times > 0);
    const failAfter = failure?.applyFirst;
    if (failure && !failAfter) {
      failure.times -= 1;
      return error(
        failure.status,
        failure.status === 429 ? 'TooManyRequests' : 'InternalError',
        `Fake failure ${failure.status}`,
        failure.retryAfter ? { 'retry-after': String(failure.retryAfter) } : {},
      );
    }

    const confirm = url.searchParams.get('confirm') === 'true' || url.searchParams.get('confirm') === '1';
    const answer = (status: number, order: FakePrintfulOrder) => {
      if (failure && failAfter) {
        // The order was made, but the answer is lost (a timeout or a 5xx on the way back).
        failure.times -= 1;
        return error(failure.status, 'InternalError', `Fake failure ${failure.status} after the change`);
      }
      return send(status, { code: status, result: order });
    };

    if (request.method === 'POST' && url.pathname === '/orders') {
      if (orders.has(body.external_id)) return error(400, 'BadRequest', 'Order with this External ID already exists');
      if (!body.recipient?.address1 || !Array.isArray(body.items) || body.items.length === 0) {
        return error(400, 'BadRequest', 'Recipient and items are required');
      }
      for (const item of body.items) {
        if (!item.variant_id || !item.files?.[0]?.url?.startsWith('http'))
          return error(400, 'BadRequest', 'Item needs a variant and a file URL');
      }
      const order = {
        id: nextId++,
        external_id: body.external_id,
        status: confirm ? 'pending' : 'draft',
        recipient: body.recipient,
        items: body.items,
      };
      orders.set(order.external_id, order);
      return answer(200, order);
    }

    // One API, as Printful's: checkout asks the catalog whether each variant can still be made.
    const variantRead = request.method === 'GET' && /^\/products\/variant\/(\d+)$/.exec(url.pathname);
    if (variantRead) {
      const id = Number(variantRead[1]);
      const product = builtinCatalog.find((candidate) => candidate.variants.some((v) => v.id === id));
      if (!product) return error(404, 'NotFound', 'Variant not found');
      const variant = product.variants.find((v) => v.id === id)!;
      return send(200, { code: 200, result: { variant: variantView(variant), product: productView(product) } });
    }

    const byExternal = /^\/orders\/@(.+)$/.exec(url.pathname);
    if (byExternal) {
      const order = orders.get(decodeURIComponent(byExternal[1]));
      if (!order) return error(404, 'NotFound', 'Order not found');
      if (request.method === 'GET') return send(200, { code: 200, result: order });
      if (request.method === 'PUT') {
        Object.assign(order, { recipient: body.recipient ?? order.recipient, items: body.items ?? order.items });
        if (confirm) order.status = 'pending';
        return answer(200, order);
      }
      if (request.method === 'DELETE') {
        // Printful cancels only what is not yet being made.
        if (!['draft', 'pending', 'failed', 'onhold', 'canceled'].includes(order.status)) {
          return error(400, 'BadRequest', `Order in status ${order.status} cannot be canceled`);
        }
        order.status = 'canceled';
        return send(200, { code: 200, result: order });
      }
    }
    return error(404, 'NotFound', 'Not found');
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    calls,
    orders,
    failNext(match, status, { times = 1, retryAfter, applyFirst = false } = {}) {
      failures.push({ ...match, status, times, retryAfter, applyFirst });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
