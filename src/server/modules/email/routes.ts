import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { OPEN_PIXEL_ROUTE, recordEmailOpen } from './service.js';
import { describeRoute } from '../../http/api-description.js';

/** A transparent 1×1 GIF. */
const PIXEL = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');

export async function emailRoutes(app: FastifyInstance, context: AppContext): Promise<void> {
  app.get(
    `${OPEN_PIXEL_ROUTE}/:file`,
    { schema: describeRoute("Marks an order e-mail opened (the message's tracking pixel)") },
    async (request, reply) => {
      const { file } = request.params as { file: string };
      const messageId = file.endsWith('.gif') ? file.slice(0, -4) : file;
      try {
        await recordEmailOpen(context, messageId);
      } catch (error) {
        // The picture is always answered: a mail client must never show a broken image.
        request.log.warn({ err: error }, 'could not record an e-mail open');
      }
      return reply
        .header('cache-control', 'no-store, no-cache, must-revalidate, private')
        .type('image/gif')
        .send(PIXEL);
    },
  );
}
