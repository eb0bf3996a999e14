/**
 * The main thread's part of a mockup: decoding the artwork before the workers draw, and
 * encoding their pixels after. Both run in libvips, off the event loop; keeping sharp out
 * of the workers spares each of them 50 ms of loading it, and the artwork is decoded once
 * for both workers instead of once in each.
 */
import sharp, { type Sharp } from 'sharp';
import { renderRenditions, type EncodedRendition } from '../../../infra/renditions.js';
import type { DecodedArtwork } from './artwork.js';

/** Largest side kept in memory: enough for an 800 px mockup's close-up views. */
const MAX_SIDE = 1024;
/** A product grid is one artwork; the one before stays for a visitor going back. */
const RECENT = 2;

const recent = new Map<Buffer, Promise<DecodedArtwork>>();
let decodes = 0;

/**
 * The artwork's pixels in memory the workers share without a copy, remembered for the
 * same bytes (the service hands every product of a grid the same Buffer).
 */
export function decodeArtwork(artwork: Buffer): Promise<DecodedArtwork> {
  let decoded = recent.get(artwork);
  if (!decoded) {
    decoded = decode(artwork, `artwork-${++decodes}`);
    decoded.catch(() => recent.delete(artwork));
    recent.set(artwork, decoded);
    while (recent.size > RECENT) recent.delete(recent.keys().next().value!);
  }
  return decoded;
}

async function decode(artwork: Buffer, key: string): Promise<DecodedArtwork> {
  const { data, info } = await sharp(artwork, { failOn: 'error' })
    .rotate()
    .resize(MAX_SIDE, MAX_SIDE, { fit: 'inside', withoutEnlargement: true, fastShrinkOnLoad: true })
    .flatten({ background: '#ffffff' })
    .toColourspace('srgb')
    .raw()
    .toBuffer({ resolveWithObject: true });
  if (info.channels !== 3) throw new Error(`unexpected artwork channels: ${info.channels}`);
  const shared = new Uint8Array(new SharedArrayBuffer(data.length));
  shared.set(data);
  return { key, width: info.width, height: info.height, data: shared };
}

function rawImage(pixels: Uint8Array | Uint8ClampedArray, width: number, height: number): Sharp {
  return sharp(Buffer.from(pixels.buffer, pixels.byteOffset, pixels.byteLength), {
    raw: { width, height, channels: 3 },
  });
}

// Huffman optimisation saves 6 % of the bytes for a third more encoding time: not worth it here.
const mockupJpeg = (pipeline: Sharp) =>
  pipeline.jpeg({ quality: 84, chromaSubsampling: '4:2:0', optimiseCoding: false });

export function encodeJpeg(pixels: Uint8Array | Uint8ClampedArray, width: number, height: number): Promise<Buffer> {
  return mockupJpeg(rawImage(pixels, width, height)).toBuffer();
}

/** The view as a JPEG and its smaller renditions, all from the one pipeline of its pixels. */
export async function encodeJpegWithRenditions(
  pixels: Uint8Array | Uint8ClampedArray,
  width: number,
  height: number,
): Promise<{ image: Buffer; renditions: EncodedRendition[] }> {
  const raw = rawImage(pixels, width, height);
  const [image, renditions] = await Promise.all([
    mockupJpeg(raw.clone()).toBuffer(),
    renderRenditions(raw, { width, height }, mockupJpeg),
  ]);
  return { image, renditions };
}
