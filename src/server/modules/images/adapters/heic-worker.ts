/**
 * Piscina worker: decodes an iPhone HEIC photo with libheif (WebAssembly, via heic-decode)
 * and encodes it as JPEG, so neither the decode nor the raw pixels touch the server's main
 * thread. libheif applies the file's rotation and mirroring while decoding.
 */
import { readFile } from 'node:fs/promises';
import decode from 'heic-decode';
import sharp from 'sharp';
import { renderDisplayCopy } from './sharp-images.js';

export interface HeicTask {
  /** A file path, or the file's bytes. */
  source: string | Uint8Array;
  /** 'display': the public display copy; 'full': every pixel, as a high-quality JPEG. */
  output: 'display' | 'full';
}

export default async function decodeHeic(task: HeicTask): Promise<{ data: Uint8Array; width: number; height: number }> {
  const buffer = typeof task.source === 'string' ? await readFile(task.source) : task.source;
  const decoded = await decode({ buffer });
  const pixels = {
    data: new Uint8Array(decoded.data.buffer, decoded.data.byteOffset, decoded.data.byteLength),
    width: decoded.width,
    height: decoded.height,
    channels: 4 as const,
  };
  if (task.output === 'display') {
    const copy = await renderDisplayCopy(pixels);
    return { data: new Uint8Array(copy.data), width: copy.width, height: copy.height };
  }
  const { data, info } = await sharp(pixels.data, { raw: pixels })
    .flatten({ background: '#ffffff' })
    .jpeg({ quality: 95, chromaSubsampling: '4:4:4' })
    .toBuffer({ resolveWithObject: true });
  return { data: new Uint8Array(data), width: info.width, height: info.height };
}
