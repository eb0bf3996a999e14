import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { notFound } from '../../http/errors.js';
import { WEBHOOK_BODY_LIMIT } from '../../http/webhooks.js';
import { appSecret } from '../../infra/secrets/app-secret.js';
import { StorageError } from '../../infra/storage/index.js';
import { PRIVATE_FILES_ROUTE, verifyPrivateFileSignature } from '../../infra/storage/signed-urls.js';
import { handlePrintfulWebhook, type PrintfulWebhookEvent } from './printful-webhook.js';
import { describeRoute } from '../../http/api-description.js';

const CONTENT_TYPES: Record<string, string> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  tif: 'image/tiff',
  tiff: 'image/tiff',
  webp: 'image/webp',
};

export async function fulfilmentRoutes(app: FastifyInstance, context: AppContext): Promise<void> {
  app.post(
    '/api/fulfilment/printful/webhook/:secret',
    {
      schema: describeRoute("Printful's events (the secret is the store's webhook token)"),
      bodyLimit: WEBHOOK_BODY_LIMIT,
    },
    async (request) => {
      const { secret } = request.params as { secret: string };
      const outcome = await handlePrintfulWebhook(context, secret, (request.body ?? {}) as PrintfulWebhookEvent);
      return { received: true, outcome };
    },
  );

  // Print files for the provider to download: private objects behind a signed, expiring link.
  app.get(
    `${PRIVATE_FILES_ROUTE}/*`,
    { schema: describeRoute('A private file through a signed, expiring link (print files for Printful)') },
    async (request, reply) => {
      const key = (request.params as { '*': string })['*'];
      const { expires, signature } = request.query as { expires?: string; signature?: string };
      if (!verifyPrivateFileSignature(await appSecret(context.config), key, expires, signature)) throw notFound();
      try {
        const body = await context.storage.stream(key);
        const extension = key.split('.').pop()?.toLowerCase() ?? '';
        return reply
          .header('cache-control', 'private, no-store')
          .type(CONTENT_TYPES[extension] ?? 'application/octet-stream')
          .send(body);
      } catch (error) {
        if (error instanceof StorageError && error.code === 'not_found') throw notFound();
        throw error;
      }
    },
  );
}
