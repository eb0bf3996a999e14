import type { OutgoingHttpHeaders } from 'node:http';
import type { FastifyInstance } from 'fastify';
import { galleryConsentSchema } from '../../../domain/gallery.js';
import { startTransformationSchema, updateEmailSchema } from '../../../domain/transformation.js';
import type { AppContext } from '../../context.js';
import { ChangeWatcher } from './change-watcher.js';
import { nextChange } from './progress-signal.js';
import { HttpError } from '../../http/errors.js';
import {
  EDIT_TOKEN_HEADER,
  requireTransformation,
  setGalleryConsent,
  transformationEditToken,
  startTransformation,
  transformationState,
  updateTransformationEmail,
} from './service.js';
import { describeRoute } from '../../http/api-description.js';

const HEARTBEAT_MS = 15_000;
/** A render waiting its turn moves up as others finish elsewhere: its place is read this often. */
const QUEUE_REFRESH_MS = 2_000;
/** Open progress streams one address may hold: a visitor needs one per artwork being made. */
export const EVENT_STREAMS_PER_ADDRESS = 10;

/**
 * `artworkStarted` is what the shop does besides once a visitor has started an artwork (app.ts
 * warms the mockup templates): the work of other modules, which this one does not import.
 */
export async function transformationRoutes(
  app: FastifyInstance,
  context: AppContext,
  { artworkStarted = () => {} }: { artworkStarted?: () => void } = {},
): Promise<void> {
  const watcher = new ChangeWatcher(context);
  const streamsByAddress = new Map<string, number>();
  app.addHook('onClose', async () => watcher.close());
  app.post(
    '/api/transformations',
    { schema: describeRoute('Starts turning a photo into an artwork in a style', { body: startTransformationSchema }) },
    async (request, reply) => {
      const row = await startTransformation(context, startTransformationSchema.parse(request.body));
      artworkStarted();
      // editToken: the uploader's proof for PATCH …/email; nobody else ever sees it.
      const editToken = await transformationEditToken(context, row.id);
      return reply.status(202).send({ success: true, transformationId: row.id, status: row.status, editToken });
    },
  );

  app.get<{ Params: { id: string } }>(
    '/api/transformations/:id',
    { schema: describeRoute("A transformation's status, progress and artwork") },
    async (request) => transformationState(context, request.params.id),
  );

  app.patch<{ Params: { id: string } }>(
    '/api/transformations/:id/email',
    { schema: describeRoute('Saves the e-mail to tell when the artwork is ready', { body: updateEmailSchema }) },
    async (request) => {
      const { email } = updateEmailSchema.parse(request.body);
      const token = request.headers[EDIT_TOKEN_HEADER];
      await updateTransformationEmail(context, request.params.id, email, typeof token === 'string' ? token : undefined);
      return { success: true };
    },
  );

  app.put<{ Params: { id: string } }>(
    '/api/transformations/:id/gallery',
    {
      schema: describeRoute("Its maker's say over the gallery (the edit token, or the id of an order holding it)", {
        body: galleryConsentSchema,
      }),
    },
    async (request) => {
      const update = galleryConsentSchema.parse(request.body ?? {});
      const token = request.headers[EDIT_TOKEN_HEADER];
      return setGalleryConsent(context, request.params.id, update, typeof token === 'string' ? token : undefined);
    },
  );

  app.get<{ Params: { id: string } }>(
    '/api/transformations/:id/events',
    { schema: describeRoute("A transformation's progress as server-sent events") },
    async (request, reply) => {
      await requireTransformation(context, request.params.id);
      const address = request.ip;
      const open = streamsByAddress.get(address) ?? 0;
      if (open >= EVENT_STREAMS_PER_ADDRESS) {
        throw new HttpError(
          429,
          'Too many progress streams are open from this address. Please close some tabs and try again.',
        );
      }
      streamsByAddress.set(address, open + 1);
      const unwatch = watcher.watch(request.params.id);
      let released = false;
      const release = () => {
        if (released) return;
        released = true;
        unwatch();
        const left = (streamsByAddress.get(address) ?? 1) - 1;
        if (left > 0) streamsByAddress.set(address, left);
        else streamsByAddress.delete(address);
      };
      reply.hijack();
      // From here the stream waits for progress to pass on; it is no longer being served.
      context.requests.settle(request);
      const response = reply.raw;
      response.writeHead(200, {
        ...(reply.getHeaders() as OutgoingHttpHeaders),
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache, no-transform',
        connection: 'keep-alive',
        'x-accel-buffering': 'no',
      });

      let last = '';
      let closed = false;
      let lastWrite = Date.now();
      const wake = () => {
        closed = true;
        release();
      };
      // The response's close is the client leaving; the request's own 'close' fires as soon as
      // its (empty) body has been read, which ended streams after their first wait.
      response.on('close', wake);
      try {
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
          // Woken by this process's job or by the shared watcher; the heartbeat bounds the wait.
          await nextChange(request.params.id, state.queue ? QUEUE_REFRESH_MS : HEARTBEAT_MS);
        }
      } finally {
        release();
      }
      response.end();
    },
  );
}
