/**
 * Checkout: the cart becomes an order priced from our own catalog, then a payment with the
 * active provider. The client's names, prices, variants and artwork URLs are never trusted;
 * only product ids, quantities, the transformation, the fit and our own mockup URLs are taken.
 */
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import {
  CHECKOUT_MESSAGES,
  PAYMENT_MESSAGES,
  type ParsedCheckoutRequest,
  type ParsedQuoteRequest,
} from '../../../domain/checkout.js';
import type { ShippingQuote } from '../../../domain/shipping-quote.js';
import { quotedMoneyColumns } from '../../../domain/orders.js';
import {
  DEFAULT_CURRENCY,
  dollarsToCents,
  lineTotalCents,
  MAX_PAYMENT_CENTS,
  MONEY_MESSAGES,
} from '../../../domain/money.js';
import type { AppContext } from '../../context.js';
import { batchWhileBusy, loadAll, othersServed, perOwner, rowsByKey } from '../../db/batches.js';
import { HttpError } from '../../http/errors.js';
import { VARIANT_PROBLEM_PHRASES } from '../../../domain/variants.js';
import { validateVariants } from '../catalog/index.js';
import { mockupUrlsOf, printChecks, printSourceOf } from '../mockups/index.js';
import { PaymentProviderError } from '../payments/index.js';
import { activePaymentProviderId, paymentProvider } from '../payments/index.js';
import { type NewOrder } from '../order-records/index.js';
import * as orderRecords from '../order-records/index.js';
import { quoteLines, type PricedQuote } from './quote.js';
import * as repository from './repository.js';
import type { MockupRow, ProductRow, TransformationRow } from './repository.js';

export class CheckoutError extends HttpError {
  constructor(
    statusCode: number,
    message: string,
    readonly orderId?: string,
  ) {
    super(statusCode, message);
  }
}

export interface CheckoutResult {
  orderId: string;
  clientSecret: string;
}

/**
 * A product the catalog says can no longer be made (discontinued, out of stock, gone) is
 * refused before any order is written, whatever the browser's grid showed. A catalog that
 * cannot be asked right now refuses nothing: the fulfilment check catches what slips by.
 */
async function refuseUnorderableProducts(context: AppContext, products: ProductRow[]): Promise<void> {
  const variantIds = products.flatMap((product) => (product.printful_variant_id ? [product.printful_variant_id] : []));
  if (variantIds.length === 0) return;
  const { results } = await validateVariants(context, variantIds);
  for (const result of results) {
    if (result.valid || !result.reason || result.reason === 'error') continue;
    const product = products.find((row) => row.printful_variant_id === result.variant_id)!;
    context.log.info(
      { productId: product.id, variantId: result.variant_id, reason: result.reason },
      'checkout refused a product',
    );
    throw new CheckoutError(
      409,
      CHECKOUT_MESSAGES.productCannotBeMade(product.name, VARIANT_PROBLEM_PHRASES[result.reason]),
    );
  }
}

/**
 * A line whose photo would print below the sharpness floor at its product's size is refused,
 * as the storefront refuses to add it (issue 37): the server decides, not the browser.
 */
async function refuseBlurryPrints(
  context: AppContext,
  request: ParsedCheckoutRequest,
  productById: Map<string, ProductRow>,
): Promise<void> {
  const sources = new Map<string, Awaited<ReturnType<typeof printSourceOf>>>();
  for (const item of request.items) {
    const product = productById.get(item.productId)!;
    if (!product.printful_variant_id) continue;
    if (!sources.has(item.transformationId)) {
      sources.set(item.transformationId, await printSourceOf(context.db, item.transformationId));
    }
    const source = sources.get(item.transformationId);
    const [check] = source ? printChecks(source, [product.printful_variant_id], item.fit) : [];
    if (check && !check.sharp) throw new CheckoutError(400, CHECKOUT_MESSAGES.photoTooSmall(product.name));
  }
}

const MAX_MOCKUPS_PER_ITEM = 10;

export async function createCheckout(
  context: AppContext,
  request: ParsedCheckoutRequest,
  visit: { visitId?: string | null } = {},
): Promise<CheckoutResult> {
  const { db, storage } = context;
  // Decided before anything is written: with no provider to pay, there is no order to make.
  const providerId = activePaymentProviderId(context);
  if (providerId === null) throw new CheckoutError(503, PAYMENT_MESSAGES.notConfigured);
  const provider = paymentProvider(context, providerId);
  const productIds = [...new Set(request.items.map((item) => item.productId))];
  const transformationIds = [...new Set(request.items.map((item) => item.transformationId))];

  // Read together, so that the three reads of a rush of checkouts go in one batch each at the same moment.
  const reads = checkoutReads(context);
  const [productRows, transformationRows, mockupRows] = await Promise.all([
    loadAll(reads.products, productIds),
    loadAll(reads.transformations, transformationIds),
    loadAll(reads.mockups, transformationIds),
  ]);
  const products = productRows.filter(isRow);
  const productById = new Map(products.map((product) => [product.id, product]));
  if (productIds.some((id) => !productById.has(id))) throw new CheckoutError(400, CHECKOUT_MESSAGES.productUnavailable);
  await refuseUnorderableProducts(context, products);

  const transformationById = new Map(transformationRows.filter(isRow).map((row) => [row.id, row]));
  for (const id of transformationIds) {
    const transformation = transformationById.get(id);
    if (!transformation) throw new CheckoutError(400, CHECKOUT_MESSAGES.artworkMissing);
    if (transformation.status !== 'completed' || !transformation.storage_path) {
      throw new CheckoutError(400, CHECKOUT_MESSAGES.artworkNotReady);
    }
  }
  await refuseBlurryPrints(context, request, productById);
  const storedMockups = mockupRows.flat();

  const lines = request.items.map((item) => {
    const product = productById.get(item.productId)!;
    const transformation = transformationById.get(item.transformationId)!;
    const unitPrice = dollarsToCents(product.final_price!);
    const ours = product.printful_variant_id
      ? mockupUrlsOf(
          context,
          storedMockups.filter((m) => m.transformation_id === transformation.id),
          product.printful_variant_id,
          item.fit,
        )
      : [];
    const mockupUrls = (ours.length > 0 ? ours : item.mockupUrls.filter((url) => isOwnMockupUrl(context, url))).slice(
      0,
      MAX_MOCKUPS_PER_ITEM,
    );
    return {
      physical_item_id: product.id,
      product_name: product.name,
      printful_variant_id: product.printful_variant_id,
      quantity: item.quantity,
      unit_price: unitPrice,
      total_price: lineTotalCents(unitPrice, item.quantity),
      transformation_id: transformation.id,
      artwork_url: storage.publicUrl(transformation.storage_path!),
      // Made once the order is paid (fulfilment's print-file job), for this line.
      print_file_path: null,
      mockup_urls: [...new Set(mockupUrls)],
      fit: item.fit ?? null,
    };
  });
  const { billingAddress: billing, shippingAddress: shipping } = request;
  if (lines.reduce((sum, line) => sum + line.total_price, 0) > MAX_PAYMENT_CENTS) {
    throw new CheckoutError(400, MONEY_MESSAGES.totalTooHigh);
  }
  // Shipping and tax are quoted again here, from our products and the address: never the browser's.
  const quote = await quoteOrThrow(
    context,
    request.items.map((item) => ({ product: productById.get(item.productId)!, quantity: item.quantity })),
    shipping,
    request.shippingMethod,
  );
  const { amounts } = quote;
  const total = amounts.totalCents;
  if (total > MAX_PAYMENT_CENTS) throw new CheckoutError(400, MONEY_MESSAGES.totalTooHigh);
  const orderId = randomUUID();
  const createPayment = () =>
    provider.createPayment({
      orderId,
      amount: total,
      currency: DEFAULT_CURRENCY,
      idempotencyKey: `order-${orderId}-payment`,
    });
  // A payment made in this process is made first and written with the order: one write, not two.
  const payment = provider.createsLocally ? await createPayment() : null;
  await placedOrders(context).load({
    order: {
      id: orderId,
      status: 'pending',
      visit_id: visit.visitId ?? null,
      customer_email: request.customerEmail,
      shipping_name: shipping.name,
      shipping_address_line1: shipping.line1,
      shipping_address_line2: shipping.line2,
      shipping_city: shipping.city,
      shipping_state: shipping.state,
      shipping_postal_code: shipping.postalCode,
      shipping_country: shipping.country,
      billing_name: billing.name,
      billing_address_line1: billing.line1,
      billing_address_line2: billing.line2,
      billing_city: billing.city,
      billing_state: billing.state,
      billing_postal_code: billing.postalCode,
      billing_country: billing.country,
      total_amount: total,
      subtotal_amount: amounts.subtotalCents,
      ...quotedMoneyColumns(quote),
      tax_source: amounts.tax ? quote.taxSource : null,
      currency: DEFAULT_CURRENCY,
      payment_provider: provider.id,
      payment_id: payment?.paymentIntentId ?? null,
    },
    items: lines.map((line, position) => ({ ...line, order_id: orderId, position })),
  });
  if (payment) return { orderId, clientSecret: payment.clientSecret };

  try {
    const { paymentIntentId, clientSecret } = await createPayment();
    await orderRecords.setOrderPayment(db, orderId, { paymentId: paymentIntentId });
    return { orderId, clientSecret };
  } catch (error) {
    // The order stays pending with no payment; the visitor may start over.
    context.log.error({ err: error, order: orderId, provider: provider.id }, 'creating the payment failed');
    const visible = error instanceof PaymentProviderError ? error.visibleMessage : null;
    const message = visible ?? PAYMENT_MESSAGES.createFailed;
    await orderRecords.setOrderPayment(db, orderId, { error: message });
    throw new CheckoutError(502, message, orderId);
  }
}

const isRow = <T>(row: T | null): row is T => row !== null;

async function quoteOrThrow(...args: Parameters<typeof quoteLines>): Promise<PricedQuote> {
  try {
    return await quoteLines(args[0], args[1], args[2], args[3], { strict: true });
  } catch (error) {
    if (error instanceof HttpError && !(error instanceof CheckoutError)) {
      throw new CheckoutError(error.statusCode, error.message);
    }
    throw error;
  }
}

/**
 * `POST /api/checkout/quote`: the cart's shipping options and amounts for an address, from our
 * own products. A product that cannot be sold is refused in checkout's words.
 */
export async function quoteCart(context: AppContext, request: ParsedQuoteRequest): Promise<ShippingQuote> {
  const productIds = [...new Set(request.items.map((item) => item.productId))];
  const products = (await loadAll(checkoutReads(context).products, productIds)).filter(isRow);
  const productById = new Map(products.map((product) => [product.id, product]));
  if (productIds.some((id) => !productById.has(id))) throw new CheckoutError(400, CHECKOUT_MESSAGES.productUnavailable);
  const lines = request.items.map((item) => ({ product: productById.get(item.productId)!, quantity: item.quantity }));
  const { lineTotalsCents: _lines, ...quote } = await quoteLines(
    context,
    lines,
    request.shippingAddress,
    request.shippingMethod,
  );
  return quote;
}

/**
 * What checkout reads, by id, for all the checkouts in one batch at once (db/batches.ts):
 * a product that cannot be sold (disabled, no price) and an id with no row read as null.
 */
const checkoutReads = perOwner(({ db, requests }: AppContext) => ({
  products: batchWhileBusy<string, ProductRow | null>(async (ids) => {
    const rows = await repository.listSellableProducts(db, [...ids]);
    return rowsByKey(ids, rows, (row) => row.id);
  }, othersServed(requests)),
  transformations: batchWhileBusy<string, TransformationRow | null>(async (ids) => {
    const rows = await repository.listTransformations(db, [...ids]);
    return rowsByKey(ids, rows, (row) => row.id);
  }, othersServed(requests)),
  mockups: batchWhileBusy<string, MockupRow[]>(async (transformationIds) => {
    const rows = await repository.listMockups(db, [...transformationIds]);
    return transformationIds.map((id) => rows.filter((row) => row.transformation_id === id));
  }, othersServed(requests)),
}));

/** Writes the orders of the checkouts in one batch (db/batches.ts), with their items, in one transaction. */
const placedOrders = perOwner(({ db, requests }: AppContext) =>
  batchWhileBusy<NewOrder, string>((placed) => orderRecords.insertOrders(db, [...placed]), {
    retryAlone: true,
    ...othersServed(requests),
  }),
);

const uuid = z.uuid();

/**
 * Pays an order placed earlier and left unpaid (its page's Pay button, 'Try Payment Again'):
 * the same order at the price it was placed for, never a second order. The payment made at
 * checkout is reopened while it still takes a card; otherwise a new one is made with the
 * shop's provider of today for the order's own total.
 */
export async function resumePayment(context: AppContext, orderId: string): Promise<CheckoutResult> {
  const { db } = context;
  const order = uuid.safeParse(orderId).success ? await orderRecords.findOrder(db, orderId) : undefined;
  if (!order) throw new CheckoutError(404, CHECKOUT_MESSAGES.orderNotFound);
  if (order.status !== 'pending') throw new CheckoutError(409, CHECKOUT_MESSAGES.notPayable, order.id);
  const providerId = activePaymentProviderId(context);
  if (providerId === null) throw new CheckoutError(503, PAYMENT_MESSAGES.notConfigured, order.id);
  const provider = paymentProvider(context, providerId);

  try {
    if (order.payment_id && order.payment_provider === providerId) {
      const earlier = await provider.reopenPayment(order.payment_id);
      if (earlier.state === 'open') return { orderId: order.id, clientSecret: earlier.clientSecret };
      if (earlier.state === 'settling') throw new CheckoutError(409, CHECKOUT_MESSAGES.paymentSettling, order.id);
    }
    const payment = await provider.createPayment({
      orderId: order.id,
      amount: order.total_amount,
      currency: order.currency,
      // A new key for each payment this order gets, so that a retried request makes no second one.
      idempotencyKey: `order-${order.id}-payment-after-${order.payment_id ?? 'none'}`,
    });
    await orderRecords.setPendingOrderPayment(db, order.id, {
      paymentId: payment.paymentIntentId,
      providerId: provider.id,
    });
    return { orderId: order.id, clientSecret: payment.clientSecret };
  } catch (error) {
    if (error instanceof CheckoutError) throw error;
    context.log.error({ err: error, order: order.id, provider: provider.id }, 'reopening the payment failed');
    const visible = error instanceof PaymentProviderError ? error.visibleMessage : null;
    throw new CheckoutError(502, visible ?? PAYMENT_MESSAGES.createFailed, order.id);
  }
}

/** A mockup URL the client sent is kept only if it points into our own mockups folder. */
export function isOwnMockupUrl(context: AppContext, url: string): boolean {
  if (url.length > 1000 || /\.\.|[?#\s\\]/.test(url)) return false;
  const sample = context.storage.publicUrl('mockups/x');
  const prefix = sample.slice(0, -1);
  const prefixes = prefix.startsWith('/') ? [prefix, `${context.config.publicUrl}${prefix}`] : [prefix];
  return prefixes.some((base) => url.startsWith(base) && /^[A-Za-z0-9._\-/]+$/.test(url.slice(base.length)));
}
