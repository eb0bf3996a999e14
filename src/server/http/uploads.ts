/**
 * Multipart uploads of the back office (style previews, the hero background, example pairs):
 * each file read with a size cap that answers in the spec's words. The images module then
 * checks each by its bytes and re-encodes it for public serving (`toPublicJpeg`).
 */
import type { FastifyRequest } from 'fastify';
import { UPLOAD_MESSAGES } from '../../domain/upload.js';
import { badRequest, payloadTooLarge } from './errors.js';
import { checkMultipartBoundary, multipartFailure } from './multipart.js';

export interface UploadedFile {
  field: string;
  fileName: string;
  buffer: Buffer;
}

export interface FileRule {
  /** The file must be smaller than this many bytes. */
  maxBytes: number;
  tooLarge: string;
}

/**
 * Reads the multipart body: the files named in `rules` (others are refused) and the plain
 * fields. A file at or over its limit stops the upload with that file's message.
 */
async function readUploads(
  request: FastifyRequest,
  rules: Record<string, FileRule>,
): Promise<{ files: Map<string, UploadedFile>; fields: Record<string, string> }> {
  if (!request.isMultipart()) throw badRequest('Send the files as multipart/form-data');
  checkMultipartBoundary(request, UPLOAD_MESSAGES.malformedUpload);
  try {
    return await readParts(request, rules);
  } catch (error) {
    throw multipartFailure(error);
  }
}

async function readParts(
  request: FastifyRequest,
  rules: Record<string, FileRule>,
): Promise<{ files: Map<string, UploadedFile>; fields: Record<string, string> }> {
  const largest = Math.max(...Object.values(rules).map((rule) => rule.maxBytes));
  const files = new Map<string, UploadedFile>();
  const fields: Record<string, string> = {};
  const parts = request.parts({
    limits: { fileSize: largest - 1, files: Object.keys(rules).length, fields: 20, fieldSize: 10_000 },
  });
  for await (const part of parts) {
    if (part.type === 'field') {
      fields[part.fieldname] = String(part.value);
      continue;
    }
    const rule = rules[part.fieldname];
    if (!rule) {
      part.file.resume();
      throw badRequest(`Unexpected file field: ${part.fieldname}`);
    }
    let buffer: Buffer;
    try {
      buffer = await part.toBuffer();
    } catch (error) {
      if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw payloadTooLarge(rule.tooLarge);
      throw error;
    }
    if (buffer.length >= rule.maxBytes) throw payloadTooLarge(rule.tooLarge);
    if (buffer.length > 0)
      files.set(part.fieldname, { field: part.fieldname, fileName: part.filename || 'image', buffer });
  }
  return { files, fields };
}

/**
 * Reads the multipart body as `readUploads` does, and asks for every file named in `rules`:
 * one missing or empty answers 400 with `missing`.
 */
export async function readRequiredFiles<Field extends string>(
  request: FastifyRequest,
  rules: Record<Field, FileRule>,
  missing: string,
): Promise<Record<Field, UploadedFile>> {
  const { files } = await readUploads(request, rules);
  const required = {} as Record<Field, UploadedFile>;
  for (const field of Object.keys(rules) as Field[]) {
    const file = files.get(field);
    if (!file) throw badRequest(missing);
    required[field] = file;
  }
  return required;
}
