/**
 * What a file is, told by its bytes alone: never by the name or the type a browser declared.
 * Only the photo formats the shop accepts are recognised; everything else (text, HTML, SVG,
 * PDF, archives) is not an image here.
 */
import { createReadStream } from 'node:fs';
import { createHash } from 'node:crypto';

export type ImageFormat = 'jpeg' | 'png' | 'gif' | 'webp' | 'tiff' | 'avif' | 'heic';

export const MIME_TYPES: Record<ImageFormat, string> = {
  jpeg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  webp: 'image/webp',
  tiff: 'image/tiff',
  avif: 'image/avif',
  heic: 'image/heic',
};

/** The brands of an ISO-BMFF `ftyp` box that mark HEVC-coded HEIF (iPhone photos) and AV1-coded AVIF. */
const HEIC_BRANDS = new Set(['heic', 'heix', 'hevc', 'hevx', 'heim', 'heis', 'hevm', 'hevs', 'mif1', 'msf1']);
const AVIF_BRANDS = new Set(['avif', 'avis']);

const startsWith = (bytes: Buffer, signature: number[], at = 0) => signature.every((byte, i) => bytes[at + i] === byte);

export function sniffImageFormat(head: Buffer): ImageFormat | null {
  if (startsWith(head, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (startsWith(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  const ascii = head.subarray(0, 12).toString('latin1');
  if (ascii.startsWith('GIF87a') || ascii.startsWith('GIF89a')) return 'gif';
  if (ascii.startsWith('RIFF') && ascii.slice(8, 12) === 'WEBP') return 'webp';
  if (startsWith(head, [0x49, 0x49, 0x2a, 0x00]) || startsWith(head, [0x4d, 0x4d, 0x00, 0x2a])) return 'tiff';
  if (ascii.slice(4, 8) === 'ftyp') {
    const boxSize = head.readUInt32BE(0);
    const brands = [ascii.slice(8, 12)];
    for (let at = 16; at + 4 <= Math.min(boxSize, head.length); at += 4)
      brands.push(head.subarray(at, at + 4).toString('latin1'));
    if (brands.some((brand) => AVIF_BRANDS.has(brand))) return 'avif';
    if (brands.some((brand) => HEIC_BRANDS.has(brand))) return 'heic';
  }
  return null;
}

/** How far from each end of a file the polyglot check looks: where metadata, comments and appended payloads sit. */
export const EDGE_BYTES = 64 * 1024;

const MARKUP = /<(?:script|html|body|iframe|svg|object|embed|frameset)[\s>/]|<\?php/i;

/**
 * A polyglot is a file that is an image and at the same time another document: an HTML page
 * or script hidden in a comment, a PDF whose header sits in the first kilobyte (where PDF
 * readers look for it), or a ZIP archive appended after the image. A browser, a PDF reader
 * or an unzip tool would open the other half, so such a file is refused even though its
 * pixels decode. Returns what else the file is, or null.
 */
export function otherDocumentInside(head: Buffer, tail: Buffer, size: number): 'markup' | 'pdf' | 'zip' | null {
  if (head.subarray(0, 1024).includes('%PDF-')) return 'pdf';
  if (MARKUP.test(head.toString('latin1')) || MARKUP.test(tail.toString('latin1'))) return 'markup';
  if (endsWithZipDirectory(tail, size)) return 'zip';
  return null;
}

/** A ZIP ends with its end-of-central-directory record: `PK\5\6`, 22 bytes, then its comment. */
function endsWithZipDirectory(tail: Buffer, size: number): boolean {
  const tailStart = size - tail.length;
  for (let at = tail.lastIndexOf('PK\x05\x06'); at >= 0; at = at > 0 ? tail.lastIndexOf('PK\x05\x06', at - 1) : -1) {
    if (at + 22 > tail.length) continue;
    const commentLength = tail.readUInt16LE(at + 20);
    if (tailStart + at + 22 + commentLength === size) return true;
  }
  return false;
}

export interface FileScan {
  size: number;
  /** SHA-256 of every byte, hex: how a photo uploaded twice is recognised. */
  checksum: string;
  head: Buffer;
  tail: Buffer;
}

/** One read of the file: its size, checksum, and the bytes at both ends. */
export async function scanFile(path: string): Promise<FileScan> {
  const hash = createHash('sha256');
  const headParts: Buffer[] = [];
  let headLength = 0;
  let tail: Buffer = Buffer.alloc(0);
  let size = 0;
  for await (const chunk of createReadStream(path, { highWaterMark: 256 * 1024 }) as AsyncIterable<Buffer>) {
    hash.update(chunk);
    size += chunk.length;
    if (headLength < EDGE_BYTES) {
      headParts.push(chunk.subarray(0, EDGE_BYTES - headLength));
      headLength += Math.min(chunk.length, EDGE_BYTES - headLength);
    }
    tail =
      chunk.length >= EDGE_BYTES
        ? chunk.subarray(chunk.length - EDGE_BYTES)
        : Buffer.concat([tail, chunk]).subarray(-EDGE_BYTES);
  }
  return { size, checksum: hash.digest('hex'), head: Buffer.concat(headParts), tail: Buffer.from(tail) };
}
