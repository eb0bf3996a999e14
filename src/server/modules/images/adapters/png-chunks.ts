/**
 * A PNG's metadata chunks, checked before any decoder or metadata reader sees the file.
 *
 * Colour profiles (iCCP) and compressed text (zTXt, iTXt) are deflate streams: a 1 MB chunk
 * can inflate to a gigabyte, and some readers inflate it whole, synchronously, with no cap
 * (exifr does, even when asked for no profile). Here each stream is inflated off the event
 * loop with a hard output limit; a file whose metadata would grow past it is refused, and a
 * file whose metadata chunks are themselves oversized is refused without inflating at all.
 * Only chunk headers are read from disk, plus the bytes of the chunks checked.
 */
import { open } from 'node:fs/promises';
import { promisify } from 'node:util';
import { inflate } from 'node:zlib';

const inflateAsync = promisify(inflate);

/** The most any one metadata chunk may inflate to: real ICC profiles are well under 1 MB. */
export const MAX_PNG_METADATA_INFLATED = 4 * 1024 * 1024;
/** The most the metadata chunks of one file may take on disk, compressed. */
export const MAX_PNG_METADATA_STORED = 8 * 1024 * 1024;

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
/** Metadata chunks, as opposed to pixels (IDAT) and the few structural ones. */
const METADATA_CHUNKS = new Set(['iCCP', 'zTXt', 'iTXt', 'tEXt', 'eXIf']);

export class PngMetadataTooLarge extends Error {
  constructor(readonly chunk: string) {
    super(`PNG ${chunk} chunk exceeds the metadata limit`);
  }
}

/** Where a chunk's deflate stream starts: after a keyword, its NUL and the header bytes. */
function compressedPart(type: string, data: Buffer): Buffer | null {
  const keywordEnd = data.indexOf(0);
  if (keywordEnd < 0) return null;
  if (type === 'iCCP' || type === 'zTXt') return data.subarray(keywordEnd + 2);
  if (type === 'iTXt') {
    // keyword\0 compressionFlag method language\0 translatedKeyword\0 text
    if (data[keywordEnd + 1] !== 1) return null;
    const languageEnd = data.indexOf(0, keywordEnd + 3);
    const translatedEnd = languageEnd < 0 ? -1 : data.indexOf(0, languageEnd + 1);
    return translatedEnd < 0 ? null : data.subarray(translatedEnd + 1);
  }
  return null;
}

async function inflatesWithinLimit(stream: Buffer): Promise<boolean> {
  try {
    await inflateAsync(stream, { maxOutputLength: MAX_PNG_METADATA_INFLATED });
    return true;
  } catch (error) {
    // Past the limit zlib stops and says so; a damaged stream is the decoder's concern.
    return (error as NodeJS.ErrnoException).code !== 'ERR_BUFFER_TOO_LARGE';
  }
}

/**
 * Throws PngMetadataTooLarge when the file's metadata would take too much memory to read.
 * Files that are not PNGs, or end early, pass: the decoder judges those.
 */
export async function checkPngMetadata(path: string): Promise<void> {
  const file = await open(path, 'r');
  try {
    const head = Buffer.alloc(8);
    if ((await file.read(head, 0, 8, 0)).bytesRead < 8 || !head.equals(SIGNATURE)) return;
    const { size } = await file.stat();
    let position = 8;
    let stored = 0;
    while (position + 8 <= size) {
      const header = Buffer.alloc(8);
      await file.read(header, 0, 8, position);
      const length = header.readUInt32BE(0);
      const type = header.toString('latin1', 4, 8);
      if (type === 'IEND') return;
      if (METADATA_CHUNKS.has(type)) {
        stored += length;
        if (stored > MAX_PNG_METADATA_STORED) throw new PngMetadataTooLarge(type);
        const data = Buffer.alloc(Math.min(length, size - position - 8));
        await file.read(data, 0, data.length, position + 8);
        const stream = compressedPart(type, data);
        if (stream && !(await inflatesWithinLimit(stream))) throw new PngMetadataTooLarge(type);
      }
      position += 12 + length;
    }
  } finally {
    await file.close();
  }
}
