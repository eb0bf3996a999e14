/** Multipart bodies that no sender may send are refused with a 400, never a parser's 500. */
import type { FastifyRequest } from 'fastify';
import { UPLOAD_MESSAGES } from '../../domain/upload.js';
import { badRequest, HttpError } from './errors.js';

/** RFC 2046 §5.1.1: a boundary is 1 to 70 characters of this set (a space not last). */
const BOUNDARY = /^[0-9A-Za-z'()+_,\-./:=? ]{0,69}[0-9A-Za-z'()+_,\-./:=?]$/;

/**
 * Refuses (400) a multipart body whose boundary no sender may use, before the parser sees
 * it: the parser throws on one past 256 characters, which used to surface as a 500.
 */
export function checkMultipartBoundary(request: FastifyRequest, message: string): void {
  const contentType = request.headers['content-type'] ?? '';
  const match = /;\s*boundary=(?:"([^"]*)"|([^;\s]*))/i.exec(contentType);
  const boundary = match?.[1] ?? match?.[2];
  if (!boundary || !BOUNDARY.test(boundary)) throw badRequest(message);
}

/**
 * What reading a multipart body failed with, as the visitor should hear it: ours as they
 * are, the parser's (a body cut short, a part with no end) as a 400 in the shop's words.
 */
export function multipartFailure(error: unknown): unknown {
  if (error instanceof HttpError || (error as { statusCode?: number }).statusCode) return error;
  if ((error as { name?: string }).name === 'AbortError') return error;
  return badRequest(UPLOAD_MESSAGES.malformedUpload);
}
