import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { FIND_ORDER_MESSAGES, findOrderSchema } from '../../../domain/orders.js';
import type { AppContext } from '../../context.js';
import { HttpError } from '../../http/errors.js';
import { findOrderByNumber, readOrder, verifyOrderPayment } from './service.js';
import { describeRoute } from '../../http/api-description.js';
import { jsonRoutes } from '../../http/routes.js';

/** An order's id as the path gives it; the service says whether there is such an order. */
const orderIdParams = z.object({ id: z.string() });
const verifyBody = z.object({ payment_intent_id: z.string().max(200).optional() }).default({});

/**
 * Find my order tries per address. An order number is 8 hex digits, so with a known e-mail a
 * guesser needs billions of tries; 10 per 15 minutes is plenty for a customer retyping a
 * number. Counted in this process's memory: with several web processes each counts its own.
 */
export const FIND_ORDER_LIMIT = { max: 10, timeWindow: 15 * 60 * 1000 };

export async function orderRoutes(app: FastifyInstance, context: AppContext): Promise<void> {
  const routes = jsonRoutes(app);

  routes.get(
    '/api/orders/:id',
    { summary: "An order's status, items and tracking, for its customer", params: orderIdParams, noStore: true },
    ({ params }) => readOrder(context, params.id),
  );

  /** /payment-success calls this: the server asks the payment provider, then answers the order. */
  app.post(
    '/api/orders/:id/verify-payment',
    { schema: describeRoute('Asks the payment provider whether an order was paid') },
    async (request, reply) => {
      const { id } = request.params as { id: string };
      const { payment_intent_id } = verifyBody.parse(request.body ?? {});
      reply.header('cache-control', 'no-store');
      return verifyOrderPayment(context, id, payment_intent_id);
    },
  );

  await app.register(async (limited) => {
    // Only routes that ask for a limit get one.
    await limited.register(rateLimit, {
      global: false,
      errorResponseBuilder: () => new HttpError(429, FIND_ORDER_MESSAGES.tooManyTries, { code: 'rate_limited' }),
    });

    /** Find my order: e-mail + order number → the order's id, for the order page. */
    limited.post(
      '/api/orders/lookup',
      {
        schema: describeRoute(
          "Find my order: an order's id from its customer's e-mail and order number (rate-limited)",
          { body: findOrderSchema },
        ),
        config: { rateLimit: FIND_ORDER_LIMIT },
      },
      async (request, reply) => {
        const input = findOrderSchema.parse(request.body ?? {});
        reply.header('cache-control', 'no-store');
        return findOrderByNumber(context, input);
      },
    );
  });
}
