import type { FastifyInstance } from 'fastify';
import { recordFunnelEvent, visitIdOf } from '../analytics/index.js';
import { checkoutRequestSchema, type CheckoutResponse } from '../../../domain/checkout.js';
import type { AppContext } from '../../context.js';
import { CheckoutError, createCheckout, resumePayment } from './service.js';

export async function checkoutRoutes(app: FastifyInstance, context: AppContext): Promise<void> {
  /** The spec's create-stripe-payment: `{success, client_secret, order_id}` or `{success: false, error}`. */
  app.post('/api/checkout', async (request, reply): Promise<CheckoutResponse> => {
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
  });

  /** Pays an unpaid order later: the same answer as checkout, for the same order. */
  app.post<{ Params: { id: string } }>('/api/orders/:id/payment', async (request, reply): Promise<CheckoutResponse> => {
    reply.header('cache-control', 'no-store');
    try {
      const { orderId, clientSecret } = await resumePayment(context, request.params.id);
      return { success: true, client_secret: clientSecret, order_id: orderId };
    } catch (error) {
      if (!(error instanceof CheckoutError)) throw error;
      reply.status(error.statusCode);
      return { success: false, error: error.message, ...(error.orderId ? { order_id: error.orderId } : {}) };
    }
  });
}
