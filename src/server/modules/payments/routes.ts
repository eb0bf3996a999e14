import type { FastifyInstance } from 'fastify';
import { testPaymentAuthenticateSchema, testPaymentConfirmSchema } from '../../../domain/checkout.js';
import { WEBHOOK_BODY_LIMIT } from '../../http/webhooks.js';
import type { AppContext } from '../../context.js';
import { notFound } from '../../http/errors.js';
import { activePaymentProviderId, paymentConfig, paymentsNotConfigured } from './providers.js';
import { handleStripeWebhook } from './stripe-provider.js';
import { authenticateTestPayment, confirmTestPayment } from './test-provider.js';
import { describeRoute } from '../../http/api-description.js';
import { jsonRoutes } from '../../http/routes.js';

export async function paymentRoutes(app: FastifyInstance, context: AppContext): Promise<void> {
  const routes = jsonRoutes(app);

  routes.get(
    '/api/payments/config',
    { summary: 'Which payment provider the browser talks to, and its public key', noStore: true },
    () => paymentConfig(context),
  );

  // The test provider's own card API exists only while it is the shop's provider; while a
  // live print provider has turned it off, it pays nothing.
  const requireTestProvider = async () => {
    const active = activePaymentProviderId(context);
    if (active === null) throw paymentsNotConfigured();
    if (active !== 'test') throw notFound();
  };
  app.post(
    '/api/payments/test/confirm',
    {
      schema: describeRoute("The built-in test provider: pays with one of Stripe's test cards", {
        body: testPaymentConfirmSchema,
      }),
      preHandler: requireTestProvider,
    },
    async (request) => confirmTestPayment(context, testPaymentConfirmSchema.parse(request.body)),
  );
  app.post(
    '/api/payments/test/authenticate',
    {
      schema: describeRoute("The built-in test provider: completes or fails a card's 3-D Secure step", {
        body: testPaymentAuthenticateSchema,
      }),
      preHandler: requireTestProvider,
    },
    async (request) => authenticateTestPayment(context, testPaymentAuthenticateSchema.parse(request.body)),
  );

  // Stripe signs the exact bytes it sent: this route alone keeps the body raw.
  await app.register(async (webhooks) => {
    webhooks.addContentTypeParser(
      'application/json',
      { parseAs: 'buffer', bodyLimit: WEBHOOK_BODY_LIMIT },
      (_request, body, done) => done(null, body),
    );
    webhooks.post(
      '/api/payments/stripe/webhook',
      { schema: describeRoute("Stripe's signed events", { bodyNote: 'the raw JSON body Stripe signed' }) },
      async (request) => {
        const signature = request.headers['stripe-signature'];
        await handleStripeWebhook(
          context,
          request.body as Buffer,
          Array.isArray(signature) ? signature[0] : signature,
          request.id,
        );
        return { received: true };
      },
    );
  });
}
