import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { cardInputSchema } from '../../../domain/checkout.js';
import type { AppContext } from '../../context.js';
import { notFound } from '../../http/errors.js';
import { activePaymentProviderId, paymentConfig, paymentsNotConfigured } from './providers.js';
import { handleStripeWebhook } from './stripe-provider.js';
import { authenticateTestPayment, confirmTestPayment } from './test-provider.js';

const confirmBody = z.object({ client_secret: z.string().max(200), card: cardInputSchema });
const authenticateBody = z.object({ client_secret: z.string().max(200), outcome: z.enum(['approve', 'fail']) });

export async function paymentRoutes(app: FastifyInstance, context: AppContext): Promise<void> {
  app.get('/api/payments/config', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return paymentConfig(context);
  });

  // The test provider's own card API exists only while it is the shop's provider; while a
  // live print provider has turned it off, it pays nothing.
  const requireTestProvider = async () => {
    const active = activePaymentProviderId(context);
    if (active === null) throw paymentsNotConfigured();
    if (active !== 'test') throw notFound();
  };
  app.post('/api/payments/test/confirm', { preHandler: requireTestProvider }, async (request) =>
    confirmTestPayment(context, confirmBody.parse(request.body)),
  );
  app.post('/api/payments/test/authenticate', { preHandler: requireTestProvider }, async (request) =>
    authenticateTestPayment(context, authenticateBody.parse(request.body)),
  );

  // Stripe signs the exact bytes it sent: this route alone keeps the body raw.
  await app.register(async (webhooks) => {
    webhooks.addContentTypeParser(
      'application/json',
      { parseAs: 'buffer', bodyLimit: 512 * 1024 },
      (_request, body, done) => done(null, body),
    );
    webhooks.post('/api/payments/stripe/webhook', async (request) => {
      const signature = request.headers['stripe-signature'];
      await handleStripeWebhook(context, request.body as Buffer, Array.isArray(signature) ? signature[0] : signature);
      return { received: true };
    });
  });
}
