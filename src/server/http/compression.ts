/**
 * Compressed answers (issue 31: `/` sent 603 KB of JavaScript and every JSON answer as raw
 * bytes). Two paths:
 *
 * - the built web app's files are compressed once, at build time, with brotli at its best and
 *   gzip (`precompress.ts`, run by the Vite build), and served by @fastify/static's content
 *   negotiation (`preCompressed`, which adds `Vary: Accept-Encoding`);
 * - JSON and HTML answers made per request of at least `COMPRESS_THRESHOLD_BYTES` are
 *   compressed as they are sent (@fastify/compress, brotli at quality 4: 11 costs far more
 *   CPU than it saves bytes on a live answer).
 *
 * What must not be compressed is left alone: an answer already encoded (the pre-compressed
 * files), partial content (an image's range request), images (not a compressible type) and
 * the progress streams (`text/event-stream` is excluded, and those routes write to the
 * connection themselves).
 */
import fastifyCompress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';
import { COMPRESS_THRESHOLD_BYTES } from './precompress.js';

/** Compresses every route registered after it on `app` (register it before the routes). */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  await app.register(fastifyCompress, {
    global: true,
    threshold: COMPRESS_THRESHOLD_BYTES,
    encodings: ['br', 'gzip'],
  });
}
