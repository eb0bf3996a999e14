/**
 * Photos made in code for the tests: a drawn travel scene in every accepted format, with
 * camera EXIF and GPS written by sharp, and the hostile files an upload must refuse.
 */
import { readFileSync } from 'node:fs';
import { constants as zlibConstants, deflateRawSync, deflateSync } from 'node:zlib';
import sharp from 'sharp';

/** A harbour at sunset under mountains: enough shapes and gradients to look like a photo. */
export function sceneSvg(width = 1200, height = 900): Buffer {
  const x = (v: number) => Math.round((v / 1200) * width);
  const y = (v: number) => Math.round((v / 900) * height);
  return Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
<defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#f6a55c"/><stop offset="0.55" stop-color="#f7d9a8"/><stop offset="1" stop-color="#9cc6d9"/></linearGradient>
<linearGradient id="sea" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#3f7f9c"/><stop offset="1" stop-color="#1d3d55"/></linearGradient></defs>
<rect width="${width}" height="${height}" fill="url(#sky)"/>
<circle cx="${x(820)}" cy="${y(360)}" r="${x(90)}" fill="#fff1c9"/>
<path d="M0 ${y(560)} L${x(160)} ${y(380)} L${x(260)} ${y(470)} L${x(420)} ${y(250)} L${x(560)} ${y(430)} L${x(700)} ${y(330)} L${x(880)} ${y(520)} L${x(1020)} ${y(400)} L${width} ${y(540)} L${width} ${height} L0 ${height} Z" fill="#4c5d73"/>
<rect y="${y(600)}" width="${width}" height="${y(300)}" fill="url(#sea)"/>
<path d="M${x(520)} ${y(700)} L${x(700)} ${y(700)} L${x(660)} ${y(740)} L${x(560)} ${y(740)} Z" fill="#b2432f"/>
<path d="M${x(611)} ${y(605)} L${x(611)} ${y(690)} L${x(680)} ${y(690)} Z" fill="#f2efe6"/>
</svg>`);
}

/** EXIF as libvips writes it: IFD0 = image, IFD2 = Exif, IFD3 = GPS; rationals as 'n/d'. */
export interface TestExif {
  IFD0?: Record<string, string>;
  IFD2?: Record<string, string>;
  IFD3?: Record<string, string>;
}

/** Taken in Ushuaia, Argentina: south and west, so both coordinates are negative. */
export const USHUAIA_EXIF: TestExif = {
  IFD0: { Make: 'Canon', Model: 'Canon EOS R5', Software: 'Firmware Version 1.8.1' },
  IFD2: {
    DateTimeOriginal: '2024:02:03 19:42:10',
    OffsetTimeOriginal: '-03:00',
    ExposureTime: '1/250',
    FNumber: '28/10',
    ISOSpeedRatings: '400',
    FocalLength: '35/1',
    Flash: '16',
    LensMake: 'Canon',
    LensModel: 'RF24-70mm F2.8 L IS USM',
    BodySerialNumber: '032021001234',
  },
  // 54° 48' 6.84" S, 68° 18' 10.8" W
  IFD3: {
    GPSLatitudeRef: 'S',
    GPSLatitude: '54/1 48/1 684/100',
    GPSLongitudeRef: 'W',
    GPSLongitude: '68/1 18/1 108/10',
  },
};

export type TestFormat = 'jpeg' | 'png' | 'webp' | 'avif' | 'gif' | 'tiff';

export async function makePhoto(
  options: {
    format?: TestFormat;
    width?: number;
    height?: number;
    exif?: TestExif;
    orientation?: number;
    quality?: number;
  } = {},
): Promise<Buffer> {
  const { format = 'jpeg', width = 1200, height = 900 } = options;
  let image = sharp(sceneSvg(width, height));
  if (options.exif) image = image.withExif(options.exif);
  if (options.orientation) image = image.withMetadata({ orientation: options.orientation });
  return image.toFormat(format, format === 'jpeg' ? { quality: options.quality ?? 90 } : {}).toBuffer();
}

/** An iPhone-style HEIC of the scene above, taken in Ushuaia (fixtures/README.md lists its EXIF). */
export function heicPhoto(): Buffer {
  return readFileSync(new URL('./fixtures/ushuaia.heic', import.meta.url));
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/**
 * A zlib stream that inflates to `megabytes` MB of zeros, made in milliseconds: one
 * sync-flushed megabyte repeated, then an empty final block. (Its checksum is wrong; a
 * reader that would inflate it all has run out of memory long before checking.)
 */
export function deflateBomb(megabytes: number): Buffer {
  const megabyte = deflateRawSync(Buffer.alloc(1024 * 1024), { level: 9, finishFlush: zlibConstants.Z_SYNC_FLUSH });
  return Buffer.concat([
    Buffer.from([0x78, 0xda]),
    Buffer.concat(Array(megabytes).fill(megabyte)),
    Buffer.from([0x03, 0x00]),
    Buffer.alloc(4),
  ]);
}

/** A real small PNG with a metadata chunk of the given type and data inserted after its header. */
export async function pngWithChunk(type: string, data: Buffer): Promise<Buffer> {
  const png = await makePhoto({ format: 'png', width: 64, height: 48 });
  const afterHeader = 8 + 12 + 13;
  return Buffer.concat([png.subarray(0, afterHeader), pngChunk(type, data), png.subarray(afterHeader)]);
}

/** A PNG whose header declares the given size, with one tiny compressed row of data. */
export function pngDeclaring(width: number, height: number): Buffer {
  const chunk = pngChunk;
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 2, 0, 0, 0], 8); // 8-bit RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(Buffer.alloc(1024))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A JPEG whose start-of-frame declares the given size (the rest of the stream is a small real JPEG's). */
export async function jpegDeclaring(width: number, height: number): Promise<Buffer> {
  const jpeg = Buffer.from(
    await sharp({ create: { width: 16, height: 16, channels: 3, background: '#888' } })
      .jpeg()
      .toBuffer(),
  );
  const sof = jpeg.indexOf(Buffer.from([0xff, 0xc0]));
  jpeg.writeUInt16BE(height, sof + 5);
  jpeg.writeUInt16BE(width, sof + 7);
  return jpeg;
}

/** A JPEG with a comment (COM) segment right after its start marker. */
export function withJpegComment(jpeg: Buffer, comment: string): Buffer {
  const text = Buffer.from(comment, 'latin1');
  const header = Buffer.from([0xff, 0xfe, 0, 0]);
  header.writeUInt16BE(text.length + 2, 2);
  return Buffer.concat([jpeg.subarray(0, 2), header, text, jpeg.subarray(2)]);
}

/** A minimal ZIP archive holding one stored file. */
export function zipArchive(name: string, content: string): Buffer {
  const data = Buffer.from(content);
  const fileName = Buffer.from(name);
  const crc = crc32(data);
  const local = Buffer.alloc(30);
  local.writeUInt32LE(0x04034b50, 0);
  local.writeUInt16LE(20, 4);
  local.writeUInt32LE(crc, 14);
  local.writeUInt32LE(data.length, 18);
  local.writeUInt32LE(data.length, 22);
  local.writeUInt16LE(fileName.length, 26);
  const central = Buffer.alloc(46);
  central.writeUInt32LE(0x02014b50, 0);
  central.writeUInt16LE(20, 4);
  central.writeUInt16LE(20, 6);
  central.writeUInt32LE(crc, 16);
  central.writeUInt32LE(data.length, 20);
  central.writeUInt32LE(data.length, 24);
  central.writeUInt16LE(fileName.length, 28);
  const localPart = Buffer.concat([local, fileName, data]);
  const centralPart = Buffer.concat([central, fileName]);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(1, 8);
  end.writeUInt16LE(1, 10);
  end.writeUInt32LE(centralPart.length, 12);
  end.writeUInt32LE(localPart.length, 16);
  return Buffer.concat([localPart, centralPart, end]);
}

export const MINIMAL_PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj <</Type /Catalog /Pages 2 0 R>> endobj\n2 0 obj <</Type /Pages /Kids [] /Count 0>> endobj\ntrailer <</Root 1 0 R>>\n%%EOF\n',
);

function crc32(bytes: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of bytes) {
    crc ^= byte;
    for (let k = 0; k < 8; k++) crc = crc & 1 ? (crc >>> 1) ^ 0xedb88320 : crc >>> 1;
  }
  return (crc ^ 0xffffffff) >>> 0;
}

/**
 * A large camera-like JPEG: the scene with strong per-pixel noise, encoded at quality 100
 * without chroma subsampling, so that it stays big (about 3 bytes a pixel) the way a real
 * high-resolution photo does.
 */
export async function noisyPhoto(options: {
  width: number;
  height: number;
  exif?: TestExif;
  seed?: number;
}): Promise<Buffer> {
  const { width, height } = options;
  const { data } = await sharp(sceneSvg(width, height)).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  let seed = options.seed ?? 0x2545f491;
  for (let i = 0; i < data.length; i++) {
    seed ^= seed << 13;
    seed ^= seed >>> 17;
    seed ^= seed << 5;
    data[i] = Math.max(0, Math.min(255, data[i] + (((seed >>> 0) % 97) - 48)));
  }
  let image = sharp(data, { raw: { width, height, channels: 3 } });
  if (options.exif) image = image.withExif(options.exif);
  return image.jpeg({ quality: 100, chromaSubsampling: '4:4:4' }).toBuffer();
}
