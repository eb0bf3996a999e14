import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import { recordFunnelEvent, visitIdOf } from '../analytics/index.js';
import {
  checkoutRequestSchema,
  quoteRequestSchema,
  type CheckoutResponse,
  type QuoteResponse,
} from '../../../domain/checkout.js';
import { HttpError } from '../../http/errors.js';
import type { AppContext } from '../../context.js';
import { CheckoutError, createCheckout, quoteCart, resumePayment } from './service.js';
import { describeRoute } from '../../http/api-description.js';

/**
 * Quotes per address: each may ask Printful, whose budget (120 calls a minute) the whole shop
 * shares. A visitor typing an address asks a few times a minute; 30 leaves room for that.
 */
export const QUOTE_LIMIT = { max: 30, timeWindow: 60 * 1000 };
export const QUOTE_LIMIT_MESSAGE = 'Too many shipping quotes. Please wait a minute and try again.';

export async function checkoutRoutes(app: FastifyInstance, context: AppContext): Promise<void> {
  /** The spec's create-stripe-payment: `{success, client_secret, order_id}` or `{success: false, error}`. */
  app.post(
    '/api/checkout',
    { schema: describeRoute('Creates an order priced by the server and its payment', { body: checkoutRequestSchema }) },
    async (request, reply): Promise<CheckoutResponse> => {
      const parsed = checkoutRequestSchema.safeParse(request.body);
      if (!parsed.success) {
        reply.status(400);
        return { success: false, error: parsed.error.issues[0]?.message ?? 'Invalid request' };
      }
      try {
        const visitId = visitIdOf(request);
        const { orderId, clientSecret } = await createCheckout(context, parsed.data, { visitId });
        recordFunnelEvent(context, { visitId, step: 'checkout_started', orderId });
        return { success: true, client_secret: clientSecret, order_id: orderId };
      } catch (error) {
        if (!(error instanceof CheckoutError)) throw error;
        reply.status(error.statusCode);
        return { success: false, error: error.message, ...(error.orderId ? { order_id: error.orderId } : {}) };
      }
    },
  );

  await app.register(async (limited) => {
    await limited.register(rateLimit, {
      global: false,
      errorResponseBuilder: () => new HttpError(429, QUOTE_LIMIT_MESSAGE, { code: 'rate_limited' }),
    });

    /** The shipping options, tax and total of a cart for an address: what the shipping step shows. */
    limited.post(
      '/api/checkout/quote',
      {
        schema: describeRoute("A cart's shipping options, tax and total for an address (rate-limited)", {
          body: quoteRequestSchema,
        }),
        config: { rateLimit: QUOTE_LIMIT },
      },
      async (request, reply): Promise<QuoteResponse> => {
        reply.header('cache-control', 'no-store');
        const parsed = quoteRequestSchema.safeParse(request.body);
        if (!parsed.success) {
          reply.status(400);
          return { success: false, error: parsed.error.issues[0]?.message ?? 'Invalid request' };
        }
        try {
          return { success: true, quote: await quoteCart(context, parsed.data) };
        } catch (error) {
          if (!(error instanceof CheckoutError)) throw error;
          reply.status(error.statusCode);
          return { success: false, error: error.message };
        }
      },
    );
  });

  /** Pays an unpaid order later: the same answer as checkout, for the same order. */
  app.post<{ Params: { id: string } }>(
    '/api/orders/:id/payment',
    { schema: describeRoute('Pays an unpaid order later: its payment reopened, or a new one for the same total') },
    async (request, reply): Promise<CheckoutResponse> => {
      reply.header('cache-control', 'no-store');
      try {
        const { orderId, clientSecret } = await resumePayment(context, request.params.id);
        return { success: true, client_secret: clientSecret, order_id: orderId };
      } catch (error) {
        if (!(error instanceof CheckoutError)) throw error;
        reply.status(error.statusCode);
        return { success: false, error: error.message, ...(error.orderId ? { order_id: error.orderId } : {}) };
      }
    },
  );
}
