import type { FastifyInstance, FastifyRequest } from 'fastify';
import multipart from '@fastify/multipart';
import { recordFunnelEvent, visitIdOf } from '../analytics/index.js';
import { MAX_UPLOAD_BYTES, UPLOAD_MESSAGES } from '../../../domain/upload.js';
import type { AppContext } from '../../context.js';
import { hasControlCharacters } from '../../../domain/text-input.js';
import { badRequest, payloadTooLarge } from '../../http/errors.js';
import { checkMultipartBoundary, multipartFailure } from '../../http/multipart.js';
import { closeHeicPool } from './adapters/index.js';
import { imagePublicUrl, ingestImage, publicImage } from './service.js';
import { saveToTempFile } from './temp-upload.js';
import { describeRoute } from '../../http/api-description.js';

/** Room for the multipart boundaries and part headers around a photo of the largest size. */
const MULTIPART_ALLOWANCE = 64 * 1024;

/**
 * Past the limit nothing more is stored or parsed, and the 413 goes out at once. What the
 * client is still sending is read and thrown away, so that it can finish writing and read
 * the answer (closing at once makes most HTTP clients report a broken pipe instead of the
 * 413), but only up to another 40 MB and for a few seconds; then the connection is closed.
 */
const DISCARD_AFTER_LIMIT_BYTES = MAX_UPLOAD_BYTES;
const DISCARD_AFTER_LIMIT_MS = 3_000;

function discardRestOfBody(request: FastifyRequest): void {
  const body = request.raw;
  const cutOff = () => body.destroy();
  const timer = setTimeout(cutOff, DISCARD_AFTER_LIMIT_MS).unref();
  let discarded = 0;
  body.on('data', (chunk: Buffer) => {
    discarded += chunk.length;
    if (discarded > DISCARD_AFTER_LIMIT_BYTES) cutOff();
  });
  body.once('end', () => clearTimeout(timer));
  body.once('close', () => clearTimeout(timer));
}

export async function imageRoutes(app: FastifyInstance, context: AppContext): Promise<void> {
  /** An uploaded photo by id, so /transform?image={id} comes back after a reload or a shared link. */
  app.get<{ Params: { id: string } }>(
    '/api/images/:id',
    { schema: describeRoute("An uploaded photo's public URL, for a link to /transform?image={id}") },
    async (request) => publicImage(context, request.params.id),
  );

  // Its own scope: the multipart parser applies to the upload route only.
  await app.register(async (scope) => {
    await scope.register(multipart, {
      limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 5, parts: 6 },
      throwFileSizeLimit: false,
    });
    scope.addHook('onClose', closeHeicPool);

    /** Storefront §4: one photo, multipart field `file` → 201 {id, url} (200 for a photo already stored). */
    scope.post(
      '/api/images',
      {
        schema: describeRoute('Uploads a photo (checked by its bytes, metadata read, GPS kept private)', {
          bodyNote: 'multipart/form-data with one file field `file`, at most 40 MB and 100 megapixels',
        }),
      },
      async (request, reply) => {
        const tooLarge = () => {
          discardRestOfBody(request);
          return payloadTooLarge(UPLOAD_MESSAGES.tooLarge);
        };
        if (Number(request.headers['content-length']) > MAX_UPLOAD_BYTES + MULTIPART_ALLOWANCE) throw tooLarge();
        if (!request.isMultipart()) throw badRequest(UPLOAD_MESSAGES.notAnImage);
        checkMultipartBoundary(request, UPLOAD_MESSAGES.malformedUpload);
        const part = await request.file().catch((error: unknown) => {
          throw multipartFailure(error);
        });
        if (!part) throw badRequest(UPLOAD_MESSAGES.notAnImage);
        if (part.fieldname !== 'file') {
          part.file.resume();
          discardRestOfBody(request);
          throw badRequest(UPLOAD_MESSAGES.notAnImage);
        }
        if (hasControlCharacters(part.filename ?? '', { singleLine: true })) {
          part.file.resume();
          discardRestOfBody(request);
          throw badRequest(UPLOAD_MESSAGES.controlCharactersInName);
        }

        const connectionGone = new AbortController();
        const abort = () => connectionGone.abort();
        request.raw.socket?.once('close', abort);
        const upload = await saveToTempFile(part.file, connectionGone.signal)
          .catch((error: unknown) => {
            throw multipartFailure(error);
          })
          .finally(() => request.raw.socket?.off('close', abort));
        try {
          if (upload.tooLarge) throw tooLarge();
          const { image, created } = await ingestImage(context, {
            path: upload.path,
            fileName: part.filename || 'photo',
          });
          recordFunnelEvent(context, { visitId: visitIdOf(request), step: 'photo_uploaded' });
          return reply.status(created ? 201 : 200).send({ id: image.id, url: imagePublicUrl(context, image) });
        } finally {
          await upload.remove();
        }
      },
    );
  });
}
