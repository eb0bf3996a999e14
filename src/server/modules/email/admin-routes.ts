/**
 * /api/admin/emails: what the shop sent (outbox or SMTP), newest first, with each message's
 * status, and one message with its rendered HTML for the preview.
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { sentEmailListQuery } from '../../../domain/sent-emails.js';
import type { AppContext } from '../../context.js';
import { notFound } from '../../http/errors.js';
import { findSentEmail, listSentEmails } from './repository.js';
import { describeRoute } from '../../http/api-description.js';

export async function adminEmailRoutes(admin: FastifyInstance, context: AppContext): Promise<void> {
  admin.get(
    '/emails',
    {
      schema: describeRoute('E-mails the shop sent, newest first, with their status', {
        querystring: sentEmailListQuery,
      }),
    },
    async (request, reply) => {
      const query = sentEmailListQuery.parse(request.query ?? {});
      const { emails, total } = await listSentEmails(context.db, {
        orderId: query.order_id,
        page: query.page,
        pageSize: query.page_size,
      });
      reply.header('cache-control', 'no-store');
      return { emails, total, page: query.page, page_size: query.page_size };
    },
  );

  admin.get(
    '/emails/:id',
    { schema: describeRoute('One sent e-mail with its rendered HTML') },
    async (request, reply) => {
      const { id } = request.params as { id: string };
      if (!z.uuid().safeParse(id).success) throw notFound('E-mail not found');
      const message = await findSentEmail(context.db, id);
      if (!message) throw notFound('E-mail not found');
      reply.header('cache-control', 'no-store');
      return message;
    },
  );
}
