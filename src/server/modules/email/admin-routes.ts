/**
 * /api/admin/emails: what the shop sent (outbox or SMTP), newest first, with each message's
 * status, and one message with its rendered HTML for the preview.
 */
import type { FastifyInstance } from 'fastify';
import { count, desc, eq } from 'drizzle-orm';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { email_messages } from '../../db/schema.js';
import { notFound } from '../../http/errors.js';

const listQuery = z.object({
  order_id: z.uuid().optional(),
  page: z.coerce.number().int().min(1).max(100_000).optional().default(1),
  page_size: z.coerce.number().int().min(1).max(100).optional().default(50),
});

const summary = {
  id: email_messages.id,
  order_id: email_messages.order_id,
  kind: email_messages.kind,
  to_address: email_messages.to_address,
  subject: email_messages.subject,
  status: email_messages.status,
  transport: email_messages.transport,
  error: email_messages.error,
  sent_at: email_messages.sent_at,
  opened_at: email_messages.opened_at,
  created_at: email_messages.created_at,
};

export async function adminEmailRoutes(admin: FastifyInstance, context: AppContext): Promise<void> {
  admin.get('/emails', async (request, reply) => {
    const query = listQuery.parse(request.query ?? {});
    const where = query.order_id ? eq(email_messages.order_id, query.order_id) : undefined;
    const [emails, [{ total }]] = await Promise.all([
      context.db
        .select(summary)
        .from(email_messages)
        .where(where)
        .orderBy(desc(email_messages.created_at), desc(email_messages.id))
        .limit(query.page_size)
        .offset((query.page - 1) * query.page_size),
      context.db.select({ total: count() }).from(email_messages).where(where),
    ]);
    reply.header('cache-control', 'no-store');
    return { emails, total, page: query.page, page_size: query.page_size };
  });

  admin.get('/emails/:id', async (request, reply) => {
    const { id } = request.params as { id: string };
    if (!z.uuid().safeParse(id).success) throw notFound('E-mail not found');
    const [message] = await context.db
      .select({ ...summary, html: email_messages.html, text_body: email_messages.text_body })
      .from(email_messages)
      .where(eq(email_messages.id, id));
    if (!message) throw notFound('E-mail not found');
    reply.header('cache-control', 'no-store');
    return message;
  });
}
