/**
 * A local HTTP server speaking Printful API v1's orders (create with confirm, look up by
 * `@external_id`, update and confirm, cancel), its shipping rates per country and its variant
 * read (the built-in catalog), checking the token and store header, counting every
 * call, and failing on request (429 with Retry-After, 5xx) to exercise retries.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { builtinCatalog } from '../../../domain/builtin-catalog.js';
import { printfilesView, productView, variantView } from './printful-catalog-fake.js';

/** A line's file as Printful receives it: the URL, and the placement and position it is printed at. */
export interface FakePrintfulFile {
  url: string;
  type?: string;
  position?: {
    area_width: number;
    area_height: number;
    width: number;
    height: number;
    top: number;
    left: number;
    limit_to_print_area?: boolean;
  };
}

export interface FakePrintfulOrder {
  id: number;
  external_id: string;
  status: string;
  recipient: Record<string, unknown>;
  /** The shipping method asked for ('STANDARD', 'EXPRESS'). */
  shipping: string;
  items: Array<{ variant_id: number; quantity: number; files: FakePrintfulFile[] }>;
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
  /** The shop's settings that send its Printful calls here, with the token and store it expects. */
  env(): Record<string, string>;
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

/** What Printful would refuse in a file's placement or position (it knows each product's placements). */
function fileProblem(variantId: number, file: FakePrintfulFile): string | undefined {
  const product = builtinCatalog.find((p) => p.variants.some((v) => v.id === variantId));
  if (file.type !== undefined && product && !product.print_areas.some((area) => area.placement === file.type)) {
    return `Placement ${file.type} is not available for this product`;
  }
  const position = file.position;
  if (!position) return undefined;
  const sizes = [position.area_width, position.area_height, position.width, position.height];
  if (
    !sizes.every((n) => Number.isInteger(n) && n > 0) ||
    !Number.isInteger(position.top) ||
    !Number.isInteger(position.left)
  ) {
    return 'Position needs whole positive sizes and whole offsets';
  }
  return undefined;
}
/** The fake's shipping rates in cents, by country: what tests expect Printful to quote. */
export const FAKE_SHIPPING_RATES: Record<
  string,
  Array<{ id: string; name: string; first: number; additional: number; days: [number, number] }>
> = {
  US: [
    { id: 'STANDARD', name: 'Flat Rate', first: 529, additional: 250, days: [3, 6] },
    { id: 'EXPRESS', name: 'Express', first: 1649, additional: 400, days: [1, 3] },
  ],
  BE: [
    { id: 'STANDARD', name: 'Flat Rate', first: 689, additional: 200, days: [4, 7] },
    { id: 'EXPRESS', name: 'Express', first: 1899, additional: 500, days: [2, 3] },
  ],
  default: [
    { id: 'STANDARD', name: 'Flat Rate', first: 1290, additional: 300, days: [7, 14] },
    { id: 'EXPRESS', name: 'Express', first: 3190, additional: 800, days: [3, 6] },
  ],
};

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
        const problem = fileProblem(item.variant_id, item.files[0] as FakePrintfulFile);
        if (problem) return error(400, 'BadRequest', problem);
      }
      const order = {
        id: nextId++,
        external_id: body.external_id,
        status: confirm ? 'pending' : 'draft',
        recipient: body.recipient,
        shipping: body.shipping ?? 'STANDARD',
        items: body.items,
      };
      orders.set(order.external_id, order);
      return answer(200, order);
    }

    // Shipping rates, per country as Printful answers them: two options, a first-item price
    // plus a price per further item, and the delivery days.
    if (request.method === 'POST' && url.pathname === '/shipping/rates') {
      const country = body?.recipient?.country_code;
      if (!country) return error(400, 'BadRequest', 'Recipient country code is missing');
      if (['US', 'CA', 'AU'].includes(country) && !body.recipient.state_code)
        return error(400, 'BadRequest', 'Recipient state code is missing');
      if (!Array.isArray(body.items) || body.items.length === 0) return error(400, 'BadRequest', 'Items are missing');
      const units = body.items.reduce((sum: number, item: { quantity?: number }) => sum + (item.quantity ?? 1), 0);
      const table = FAKE_SHIPPING_RATES[country] ?? FAKE_SHIPPING_RATES.default!;
      return send(200, {
        code: 200,
        result: table.map((rate) => ({
          id: rate.id,
          name: `${rate.name} (Estimated delivery: ${rate.days[0]}-${rate.days[1]} days)`,
          rate: ((rate.first + rate.additional * (units - 1)) / 100).toFixed(2),
          currency: 'USD',
          minDeliveryDays: rate.days[0],
          maxDeliveryDays: rate.days[1],
        })),
      });
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

    // The print file job asks for the variant's printfile size, as the mockup generator does.
    const printfilesRead = request.method === 'GET' && /^\/mockup-generator\/printfiles\/(\d+)$/.exec(url.pathname);
    if (printfilesRead) {
      const product = builtinCatalog.find((candidate) => candidate.id === Number(printfilesRead[1]));
      if (!product) return error(404, 'NotFound', 'Product not found');
      return send(200, { code: 200, result: printfilesView(product) });
    }

    const byExternal = /^\/orders\/@(.+)$/.exec(url.pathname);
    if (byExternal) {
      const order = orders.get(decodeURIComponent(byExternal[1]));
      if (!order) return error(404, 'NotFound', 'Order not found');
      if (request.method === 'GET') return send(200, { code: 200, result: order });
      if (request.method === 'PUT') {
        Object.assign(order, {
          recipient: body.recipient ?? order.recipient,
          shipping: body.shipping ?? order.shipping,
          items: body.items ?? order.items,
        });
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
    env: () => ({
      PRINTFUL_API_KEY: options.token,
      ...(options.storeId ? { PRINTFUL_STORE_ID: options.storeId } : {}),
      PRINTFUL_BASE_URL: `http://127.0.0.1:${port}`,
    }),
    calls,
    orders,
    failNext(match, status, { times = 1, retryAfter, applyFirst = false } = {}) {
      failures.push({ ...match, status, times, retryAfter, applyFirst });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
