/**
 * /favicon.ico, which browsers and feed readers ask for whatever the page's `<link rel="icon">`
 * says: the web app's SVG icon drawn at 16, 32 and 48 px and packed as an ICO of PNG images
 * (a format every browser since IE 9 reads), made once per process.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';

export const FAVICON_SIZES = [16, 32, 48] as const;

/** An ICO file holding one PNG per size (ICONDIR, then an ICONDIRENTRY per image, then the images). */
export async function icoFromSvg(svg: Buffer, sizes: readonly number[] = FAVICON_SIZES): Promise<Buffer> {
  const images = await Promise.all(
    sizes.map((size) =>
      sharp(svg, { density: 72 * (size / 16) })
        .resize(size, size)
        .png()
        .toBuffer(),
    ),
  );
  const header = Buffer.alloc(6);
  header.writeUInt16LE(0, 0); // reserved
  header.writeUInt16LE(1, 2); // 1: icon
  header.writeUInt16LE(images.length, 4);
  let offset = 6 + 16 * images.length;
  const entries = images.map((png, index) => {
    const size = sizes[index]!;
    const entry = Buffer.alloc(16);
    entry.writeUInt8(size >= 256 ? 0 : size, 0); // width (0 means 256)
    entry.writeUInt8(size >= 256 ? 0 : size, 1); // height
    entry.writeUInt8(0, 2); // no palette
    entry.writeUInt8(0, 3); // reserved
    entry.writeUInt16LE(1, 4); // colour planes
    entry.writeUInt16LE(32, 6); // bits per pixel
    entry.writeUInt32LE(png.length, 8);
    entry.writeUInt32LE(offset, 12);
    offset += png.length;
    return entry;
  });
  return Buffer.concat([header, ...entries, ...images]);
}

export function faviconRoute(app: FastifyInstance, webRoot: string): void {
  let ico: Promise<Buffer> | undefined;
  app.get('/favicon.ico', async (_request, reply) => {
    ico ??= readFile(join(webRoot, 'favicon.svg')).then((svg) => icoFromSvg(svg));
    return reply
      .type('image/x-icon')
      .header('cache-control', 'public, max-age=86400')
      .send(await ico);
  });
}
