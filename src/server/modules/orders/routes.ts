import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { readOrder, verifyOrderPayment } from './service.js';

const verifyBody = z.object({ payment_intent_id: z.string().max(200).optional() }).default({});

export async function orderRoutes(app: FastifyInstance, context: AppContext): Promise<void> {
  app.get('/api/orders/:id', async (request, reply) => {
    const { id } = request.params as { id: string };
    reply.header('cache-control', 'no-store');
    return readOrder(context, id);
  });

  /** /payment-success calls this: the server asks the payment provider, then answers the order. */
  app.post('/api/orders/:id/verify-payment', async (request, reply) => {
    const { id } = request.params as { id: string };
    const { payment_intent_id } = verifyBody.parse(request.body ?? {});
    reply.header('cache-control', 'no-store');
    return verifyOrderPayment(context, id, payment_intent_id);
  });
}
