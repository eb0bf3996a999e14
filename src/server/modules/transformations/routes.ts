import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { nextChange } from './progress-signal.js';
import {
  EDIT_TOKEN_HEADER,
  requireTransformation,
  transformationEditToken,
  startTransformation,
  startTransformationSchema,
  transformationState,
  updateEmailSchema,
  updateTransformationEmail,
} from './service.js';

/** How often the event stream re-reads the row when no nudge comes (the job may run in another process). */
const EVENT_POLL_MS = 400;
const HEARTBEAT_MS = 15_000;

export async function transformationRoutes(app: FastifyInstance, context: AppContext): Promise<void> {
  app.post('/api/transformations', async (request, reply) => {
    const row = await startTransformation(context, startTransformationSchema.parse(request.body));
    // editToken: the uploader's proof for PATCH …/email; nobody else ever sees it.
    const editToken = await transformationEditToken(context, row.id);
    return reply.status(202).send({ success: true, transformationId: row.id, status: row.status, editToken });
  });

  app.get<{ Params: { id: string } }>('/api/transformations/:id', async (request) =>
    transformationState(context, request.params.id),
  );

  app.patch<{ Params: { id: string } }>('/api/transformations/:id/email', async (request) => {
    const { email } = updateEmailSchema.parse(request.body);
    const token = request.headers[EDIT_TOKEN_HEADER];
    await updateTransformationEmail(context, request.params.id, email, typeof token === 'string' ? token : undefined);
    return { success: true };
  });

  app.get<{ Params: { id: string } }>('/api/transformations/:id/events', async (request, reply) => {
    await requireTransformation(context, request.params.id);
    reply.hijack();
    const response = reply.raw;
    response.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache, no-transform',
      connection: 'keep-alive',
      'x-accel-buffering': 'no',
    });

    let last = '';
    let closed = false;
    let lastWrite = Date.now();
    request.raw.on('close', () => (closed = true));
    while (!closed) {
      const state = await transformationState(context, request.params.id).catch(() => undefined);
      if (!state) break;
      const data = JSON.stringify(state);
      if (data !== last) {
        response.write(`event: state\ndata: ${data}\n\n`);
        last = data;
        lastWrite = Date.now();
      } else if (Date.now() - lastWrite > HEARTBEAT_MS) {
        response.write(': keep-alive\n\n');
        lastWrite = Date.now();
      }
      if (state.status !== 'processing') break;
      await nextChange(request.params.id, EVENT_POLL_MS);
    }
    response.end();
  });
}
