import { readdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { Readable } from 'node:stream';
import { join, relative } from 'node:path';
import { count, eq } from 'drizzle-orm';
import exifr from 'exifr';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_UPLOAD_BYTES, UPLOAD_MESSAGES } from '../../../domain/upload.js';
import { images } from '../../db/schema.js';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { ingestImage } from './service.js';
import { imageAdapters } from './adapters/index.js';
import { decodeToJpeg } from './adapters/heic.js';
import {
  deflateBomb,
  heicPhoto,
  jpegDeclaring,
  makePhoto,
  MINIMAL_PDF,
  pngDeclaring,
  pngWithChunk,
  USHUAIA_EXIF,
  withJpegComment,
  zipArchive,
} from '../../../testing/test-photos.js';

let shop: TestApp;
beforeAll(async () => {
  shop = await createTestApp({ seed: false });
});
afterAll(async () => shop?.close());

interface Upload {
  body: Buffer;
  fileName?: string;
  type?: string;
  field?: string;
}

async function upload({ body, fileName = 'photo.jpg', type = 'image/jpeg', field = 'file' }: Upload) {
  const form = new FormData();
  form.append(field, new Blob([new Uint8Array(body)], { type }), fileName);
  const request = new Request('http://shop.test/api/images', { method: 'POST', body: form });
  const response = await shop.app.inject({
    method: 'POST',
    url: '/api/images',
    headers: { 'content-type': request.headers.get('content-type')! },
    payload: Buffer.from(await request.arrayBuffer()),
  });
  return { status: response.statusCode, body: response.json(), headers: response.headers };
}

async function row(id: string) {
  const [found] = await shop.context.db.select().from(images).where(eq(images.id, id));
  return found;
}

async function fetchPublic(url: string): Promise<Buffer> {
  const response = await shop.app.inject({ method: 'GET', url });
  expect(response.statusCode).toBe(200);
  return response.rawPayload;
}

async function storedFiles(): Promise<string[]> {
  const root = join(shop.config.dataDir, 'storage');
  const entries = await readdir(root, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => relative(root, join(entry.parentPath, entry.name)))
    .sort();
}

/** This process's upload folders: other test workers and shops on the machine upload too. */
async function uploadTempFolders(): Promise<string[]> {
  return (await readdir(tmpdir())).filter((name) => name.startsWith(`wanderer-upload-${process.pid}-`));
}

async function imageCount(): Promise<number> {
  const [{ rows }] = await shop.context.db.select({ rows: count() }).from(images);
  return rows;
}

describe('POST /api/images stores a photo and answers 201 {id, url} (storefront §4 Upload flow)', () => {
  it('keeps the original privately under original/{timestamp-name} and the display copy publicly', async () => {
    const photo = await makePhoto({ exif: USHUAIA_EXIF });
    const { status, body } = await upload({ body: photo, fileName: 'IMG 2041 (Ushuaia).JPG' });
    expect(status).toBe(201);
    expect(Object.keys(body).sort()).toEqual(['id', 'url']);
    const image = await row(body.id);
    expect(image.storage_path).toMatch(/^original\/\d{13}-img-2041--ushuaia--jpg$/);
    expect(image).toMatchObject({
      file_name: 'IMG 2041 (Ushuaia).JPG',
      is_public: true,
      user_id: null,
      mime_type: 'image/jpeg',
    });
    expect(image.byte_size).toBe(photo.length);
    expect(body.url).toBe(`/files/${image.display_path}`);
    // The original keeps every byte the visitor sent, and is never served.
    expect((await shop.context.storage.get(image.storage_path)).equals(photo)).toBe(true);
    const privateAttempt = await shop.app.inject({ method: 'GET', url: `/files/${image.storage_path}` });
    expect(privateAttempt.statusCode).toBe(404);
  });

  it('returns the existing image when the same bytes are uploaded twice, not a second copy', async () => {
    const photo = await makePhoto({ width: 640, height: 480 });
    const first = await upload({ body: photo, fileName: 'first.jpg' });
    const filesAfterFirst = await storedFiles();
    const second = await upload({ body: photo, fileName: 'same-photo-again.jpg' });
    expect(first.status).toBe(201);
    expect(second.status).toBe(200);
    expect(second.body).toEqual(first.body);
    expect(await storedFiles()).toEqual(filesAfterFirst);
  });

  it('accepts a photo whatever type and name the browser declared, judging by the bytes', async () => {
    const photo = await makePhoto({ format: 'png', width: 300, height: 200 });
    const { status, body } = await upload({ body: photo, fileName: 'notes.txt', type: 'text/plain' });
    expect(status).toBe(201);
    expect((await row(body.id)).mime_type).toBe('image/png');
  });
});

describe('photo metadata is read from the original on the server (storefront §3 Extracted photo metadata)', () => {
  it('reads a JPEG taken south and west of Greenwich: signed coordinates, fraction shutter, date, camera, lens and place', async () => {
    const { body } = await upload({ body: await makePhoto({ exif: USHUAIA_EXIF }), fileName: 'ushuaia.jpg' });
    const image = await row(body.id);
    expect(image.latitude).toBeCloseTo(-(54 + 48 / 60 + 6.84 / 3600), 6);
    expect(image.longitude).toBeCloseTo(-(68 + 18 / 60 + 10.8 / 3600), 6);
    expect(image).toMatchObject({
      location_name: 'Ushuaia, Argentina',
      camera_make: 'Canon',
      camera_model: 'Canon EOS R5',
      camera_serial: '032021001234',
      lens_make: 'Canon',
      lens_model: 'RF24-70mm F2.8 L IS USM',
      focal_length: 35,
      aperture: 2.8,
      shutter_speed: '1/250',
      iso: 400,
      flash_used: false,
      orientation: 1,
      software: 'Firmware Version 1.8.1',
    });
    // 19:42:10 at UTC-3 is 22:42:10 UTC.
    expect(image.date_time_original?.toISOString()).toBe('2024-02-03T22:42:10.000Z');
    expect(image.exif_data).toMatchObject({
      Make: 'Canon',
      GPSLatitudeRef: 'S',
      GPSLongitudeRef: 'W',
      ExposureTime: 0.004,
    });
  });

  it('saves a photo without metadata as a photo with empty metadata', async () => {
    const { status, body } = await upload({ body: await makePhoto({ format: 'png', width: 320, height: 240 }) });
    expect(status).toBe(201);
    expect(await row(body.id)).toMatchObject({
      latitude: null,
      longitude: null,
      location_name: null,
      camera_make: null,
      date_time_original: null,
      exif_data: null,
    });
  });

  it('saves the photo with empty metadata when extraction takes over the time limit', async () => {
    const slowExif = { ...imageAdapters, readExifTags: () => new Promise<Record<string, unknown>>(() => {}) };
    const path = join(shop.config.dataDir, 'slow.jpg');
    await sharp(await makePhoto({ exif: USHUAIA_EXIF, width: 400, height: 300 })).toFile(path);
    const started = Date.now();
    const { image, created } = await ingestImage(
      shop.context,
      { path, fileName: 'slow.jpg' },
      { adapters: slowExif, metadataTimeoutMs: 200 },
    );
    expect(created).toBe(true);
    expect(Date.now() - started).toBeLessThan(5000);
    expect(image).toMatchObject({ latitude: null, camera_make: null, exif_data: null });
  });
});

describe('the public copy (storefront §3 Storage; ARCHITECTURE: GPS never reaches a public URL)', () => {
  it('carries no EXIF or GPS, is at most 2048 px, JPEG, and upright', async () => {
    // Stored sideways with orientation 6: the display copy must be turned upright.
    const photo = await makePhoto({ width: 4000, height: 3000, exif: USHUAIA_EXIF, orientation: 6 });
    const { body } = await upload({ body: photo, fileName: 'big-sideways.jpg' });
    const served = await fetchPublic(body.url);
    expect(await exifr.parse(served, { gps: true, tiff: true, xmp: true, iptc: true })).toBeUndefined();
    const metadata = await sharp(served).metadata();
    expect(metadata).toMatchObject({ format: 'jpeg', width: 1536, height: 2048 });
    expect(metadata.exif).toBeUndefined();
    expect(metadata.icc).toBeUndefined();
    expect(metadata.xmp).toBeUndefined();
    expect(await row(body.id)).toMatchObject({ width: 3000, height: 4000, orientation: 6 });
  });
});

describe('every accepted format (JPEG, PNG, WebP, AVIF, GIF, TIFF, HEIC)', () => {
  for (const format of ['png', 'webp', 'avif', 'gif', 'tiff'] as const) {
    it(`accepts ${format.toUpperCase()} and shows it as a JPEG`, async () => {
      const { status, body } = await upload({
        body: await makePhoto({ format, width: 800, height: 600 }),
        fileName: `scene.${format}`,
      });
      expect(status).toBe(201);
      const served = await sharp(await fetchPublic(body.url)).metadata();
      expect(served).toMatchObject({ format: 'jpeg', width: 800, height: 600 });
    });
  }

  it("reads a PNG's camera data and GPS from its eXIf chunk, and accepts a colour profile of normal size", async () => {
    const withExif = await makePhoto({ format: 'png', width: 400, height: 300, exif: USHUAIA_EXIF });
    const { status, body } = await upload({ body: withExif, fileName: 'scene.png', type: 'image/png' });
    expect(status).toBe(201);
    expect(await row(body.id)).toMatchObject({ camera_make: 'Canon', location_name: 'Ushuaia, Argentina' });

    const profiled = await sharp(await makePhoto({ format: 'png', width: 300, height: 200 }))
      .withIccProfile('p3')
      .png()
      .toBuffer();
    expect((await sharp(profiled).metadata()).hasProfile).toBe(true);
    expect((await upload({ body: profiled, fileName: 'p3.png', type: 'image/png' })).status).toBe(201);
  });

  it('accepts an iPhone HEIC photo, decodes it in-process, displays it and reads its metadata', async () => {
    const { status, body } = await upload({ body: heicPhoto(), fileName: 'IMG_0420.HEIC', type: 'image/heic' });
    expect(status).toBe(201);
    const served = await fetchPublic(body.url);
    const { data, info } = await sharp(served).raw().toBuffer({ resolveWithObject: true });
    expect(info).toMatchObject({ width: 1200, height: 900 });
    // The drawn scene: warm sky at the top, deep sea at the bottom.
    const pixel = (x: number, y: number) => [...data.subarray((y * info.width + x) * 3, (y * info.width + x) * 3 + 3)];
    expect(pixel(600, 20)[0]).toBeGreaterThan(200);
    expect(pixel(100, 880)[2]).toBeGreaterThan(pixel(100, 880)[0]);
    expect(await row(body.id)).toMatchObject({
      mime_type: 'image/heic',
      camera_make: 'Apple',
      camera_model: 'iPhone 15 Pro',
      shutter_speed: '1/120',
      aperture: 1.8,
      iso: 80,
      location_name: 'Ushuaia, Argentina',
    });
    expect((await row(body.id)).latitude).toBeCloseTo(-(54 + 48 / 60 + 7.32 / 3600), 6);
    expect((await row(body.id)).longitude).toBeCloseTo(-(68 + 18 / 60 + 1.08 / 3600), 6);
  });
});

describe('HEIC originals for the artwork pipeline', () => {
  it('decodes every pixel of a HEIC photo to a JPEG that sharp reads (print files)', async () => {
    const jpeg = await decodeToJpeg(heicPhoto());
    expect(await sharp(jpeg).metadata()).toMatchObject({ format: 'jpeg', width: 1200, height: 900 });
  });
});

const latin1 = (text: string) => Buffer.from(text, 'latin1');

/** A chunk header claiming `length` bytes of type `type` after IHDR, followed by the rest of the file as is. */
function withRawChunk(pngFile: Buffer, length: number, type: string): Buffer {
  const header = Buffer.alloc(8);
  header.writeUInt32BE(length >>> 0);
  header.write(type, 4, 'latin1');
  return Buffer.concat([pngFile.subarray(0, 33), header, pngFile.subarray(33)]);
}

/** A GIF whose logical screen and first image descriptor declare the given size. */
function gifDeclaring(gif: Buffer, width: number, height: number): Buffer {
  const copy = Buffer.from(gif);
  copy.writeUInt16LE(width, 6);
  copy.writeUInt16LE(height, 8);
  const descriptor = copy.indexOf(0x2c, 13);
  copy.writeUInt16LE(width, descriptor + 5);
  copy.writeUInt16LE(height, descriptor + 7);
  return copy;
}

describe('hostile uploads get a 4xx with a clear message and leave nothing behind', () => {
  const heicHeaderOnly = () => Buffer.concat([heicPhoto().subarray(0, 600), Buffer.alloc(4000, 7)]);
  const cases: Array<[string, () => Promise<Upload> | Upload, number, string]> = [
    [
      'a text file named .jpg',
      () => ({ body: Buffer.from('just some notes, not a photo\n'.repeat(50)) }),
      400,
      UPLOAD_MESSAGES.notAnImage,
    ],
    [
      'an HTML page',
      () => ({
        body: Buffer.from('<!doctype html><html><body><script>alert(1)</script></body></html>'),
        fileName: 'page.html',
        type: 'text/html',
      }),
      400,
      UPLOAD_MESSAGES.notAnImage,
    ],
    [
      'an SVG with a script',
      () => ({
        body: Buffer.from(
          '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(document.cookie)</script><rect width="10" height="10"/></svg>',
        ),
        fileName: 'logo.svg',
        type: 'image/svg+xml',
      }),
      400,
      UPLOAD_MESSAGES.notAnImage,
    ],
    [
      'a zip archive',
      () => ({ body: zipArchive('readme.txt', 'hello'), fileName: 'photos.zip', type: 'application/zip' }),
      400,
      UPLOAD_MESSAGES.notAnImage,
    ],
    [
      'a PDF',
      () => ({ body: MINIMAL_PDF, fileName: 'ticket.pdf', type: 'application/pdf' }),
      400,
      UPLOAD_MESSAGES.notAnImage,
    ],
    [
      'an executable named .jpg and declared image/jpeg',
      () => ({ body: Buffer.concat([Buffer.from('\x7fELF\x02\x01\x01', 'latin1'), Buffer.alloc(2000)]) }),
      400,
      UPLOAD_MESSAGES.notAnImage,
    ],
    [
      'a PDF with a wrong declared type (image/png, photo.png)',
      () => ({ body: MINIMAL_PDF, fileName: 'photo.png', type: 'image/png' }),
      400,
      UPLOAD_MESSAGES.notAnImage,
    ],
    ['0 bytes', () => ({ body: Buffer.alloc(0) }), 400, UPLOAD_MESSAGES.notAnImage],
    [
      '41 MB',
      async () => ({
        body: Buffer.concat([await makePhoto({ width: 64, height: 64 }), Buffer.alloc(41 * 1024 * 1024)]),
      }),
      413,
      UPLOAD_MESSAGES.tooLarge,
    ],
    [
      'a truncated JPEG',
      async () => ({ body: (await makePhoto({ width: 1600, height: 1200 })).subarray(0, 40_000) }),
      422,
      UPLOAD_MESSAGES.unreadable,
    ],
    [
      'a truncated PNG',
      async () => ({
        body: (await makePhoto({ format: 'png', width: 800, height: 600 })).subarray(0, 5_000),
        fileName: 'cut.png',
        type: 'image/png',
      }),
      422,
      UPLOAD_MESSAGES.unreadable,
    ],
    [
      'a JPEG header followed by garbage',
      () => ({ body: Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(5000, 0x41)]) }),
      422,
      UPLOAD_MESSAGES.unreadable,
    ],
    [
      'a HEIC header followed by garbage',
      () => ({ body: heicHeaderOnly(), fileName: 'broken.heic', type: 'image/heic' }),
      422,
      UPLOAD_MESSAGES.unreadable,
    ],
    [
      'a PNG declaring 30000×30000',
      () => ({ body: pngDeclaring(30000, 30000), fileName: 'bomb.png', type: 'image/png' }),
      422,
      UPLOAD_MESSAGES.tooManyPixels,
    ],
    [
      'a JPEG declaring 60000×60000',
      async () => ({ body: await jpegDeclaring(60000, 60000) }),
      422,
      UPLOAD_MESSAGES.tooManyPixels,
    ],
    [
      'a JPEG/HTML polyglot (script in a comment)',
      async () => ({
        body: withJpegComment(await makePhoto({ width: 200, height: 150 }), '<html><script>alert(1)</script></html>'),
      }),
      400,
      UPLOAD_MESSAGES.notOnlyAnImage,
    ],
    [
      'a JPEG/ZIP polyglot (archive appended)',
      async () => ({
        body: Buffer.concat([await makePhoto({ width: 200, height: 150 }), zipArchive('payload.js', 'alert(1)')]),
      }),
      400,
      UPLOAD_MESSAGES.notOnlyAnImage,
    ],
    [
      'a JPEG/PDF polyglot (PDF header in a comment)',
      async () => ({
        body: withJpegComment(await makePhoto({ width: 200, height: 150 }), MINIMAL_PDF.toString('latin1')),
      }),
      400,
      UPLOAD_MESSAGES.notOnlyAnImage,
    ],
    [
      'a photo sent under another field name',
      async () => ({ body: await makePhoto({ width: 200, height: 150 }), field: 'photo' }),
      400,
      UPLOAD_MESSAGES.notAnImage,
    ],
    // Decompression bombs in PNG metadata: refused before any reader inflates them.
    [
      'a PNG whose colour profile (iCCP) inflates to 1 GB',
      async () => png(await pngWithChunk('iCCP', Buffer.concat([Buffer.from('icc\0\0', 'latin1'), deflateBomb(1024)]))),
      422,
      UPLOAD_MESSAGES.metadataTooLarge,
    ],
    [
      'a PNG whose colour profile (iCCP) inflates to 4 GB',
      async () => png(await pngWithChunk('iCCP', Buffer.concat([Buffer.from('icc\0\0', 'latin1'), deflateBomb(4096)]))),
      422,
      UPLOAD_MESSAGES.metadataTooLarge,
    ],
    [
      'a PNG whose compressed text (zTXt) inflates to 1 GB',
      async () =>
        png(await pngWithChunk('zTXt', Buffer.concat([Buffer.from('Comment\0\0', 'latin1'), deflateBomb(1024)]))),
      422,
      UPLOAD_MESSAGES.metadataTooLarge,
    ],
    [
      'a PNG whose international text (iTXt) inflates to 1 GB',
      async () =>
        png(
          await pngWithChunk(
            'iTXt',
            Buffer.concat([Buffer.from('XML:com.adobe.xmp\0\x01\0en\0\0', 'latin1'), deflateBomb(1024)]),
          ),
        ),
      422,
      UPLOAD_MESSAGES.metadataTooLarge,
    ],
    [
      'a PNG whose EXIF is hidden in compressed text (zTXt raw profile) inflating to 1 GB',
      async () =>
        png(
          await pngWithChunk(
            'zTXt',
            Buffer.concat([Buffer.from('Raw profile type exif\0\0', 'latin1'), deflateBomb(1024)]),
          ),
        ),
      422,
      UPLOAD_MESSAGES.metadataTooLarge,
    ],
    // More damaged PNG structure (issue 10, part B).
    [
      'a PNG whose colour profile inflates to 64 MB from 64 KB',
      async () => png(await pngWithChunk('iCCP', Buffer.concat([latin1('icc\0\0'), deflateBomb(64)]))),
      422,
      UPLOAD_MESSAGES.metadataTooLarge,
    ],
    [
      'a PNG with a 9 MB eXIf chunk',
      async () => png(await pngWithChunk('eXIf', Buffer.concat([latin1('MM\0*'), Buffer.alloc(9 * 1024 * 1024)]))),
      422,
      UPLOAD_MESSAGES.metadataTooLarge,
    ],
    [
      'a PNG with a chunk declaring 4 GB',
      async () => png(withRawChunk(await makePhoto({ format: 'png', width: 64, height: 48 }), 0xfffffff0, 'tEXt')),
      422,
      UPLOAD_MESSAGES.metadataTooLarge,
    ],
    [
      'a PNG whose compressed text runs past the end of the file',
      async () =>
        png((await pngWithChunk('zTXt', Buffer.concat([latin1('Comment\0\0'), deflateBomb(16)]))).subarray(0, 4000)),
      422,
      UPLOAD_MESSAGES.unreadable,
    ],
    [
      'a PNG signature and nothing else',
      () => png(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])),
      422,
      UPLOAD_MESSAGES.unreadable,
    ],
    [
      'a PNG/HTML polyglot (script in a tEXt chunk)',
      async () => png(await pngWithChunk('tEXt', latin1('Comment\0<html><script>alert(1)</script></html>'))),
      400,
      UPLOAD_MESSAGES.notOnlyAnImage,
    ],
    [
      'a PNG/ZIP polyglot (archive appended)',
      async () =>
        png(
          Buffer.concat([
            await makePhoto({ format: 'png', width: 64, height: 48 }),
            zipArchive('payload.js', 'alert(1)'),
          ]),
        ),
      400,
      UPLOAD_MESSAGES.notOnlyAnImage,
    ],
    // Other formats' headers over garbage, and another pixel bomb.
    [
      'a GIF header followed by garbage',
      () => ({
        body: Buffer.concat([latin1('GIF89a'), Buffer.alloc(3000, 0x41)]),
        fileName: 'x.gif',
        type: 'image/gif',
      }),
      422,
      UPLOAD_MESSAGES.unreadable,
    ],
    [
      'a WebP header followed by garbage',
      () => ({
        body: Buffer.concat([latin1('RIFF\x00\x10\x00\x00WEBPVP8 '), Buffer.alloc(3000, 0x41)]),
        fileName: 'x.webp',
        type: 'image/webp',
      }),
      422,
      UPLOAD_MESSAGES.unreadable,
    ],
    [
      'a TIFF header followed by garbage',
      () => ({
        body: Buffer.concat([Buffer.from([0x49, 0x49, 0x2a, 0x00, 0x08, 0, 0, 0]), Buffer.alloc(3000, 0xff)]),
        fileName: 'x.tiff',
        type: 'image/tiff',
      }),
      422,
      UPLOAD_MESSAGES.unreadable,
    ],
    [
      'an AVIF header followed by garbage',
      () => ({
        body: Buffer.concat([
          Buffer.from([0, 0, 0, 0x1c]),
          latin1('ftypavif\0\0\0\0avifmif1miaf'),
          Buffer.alloc(3000, 0x41),
        ]),
        fileName: 'x.avif',
        type: 'image/avif',
      }),
      422,
      UPLOAD_MESSAGES.unreadable,
    ],
    [
      'a GIF declaring 65535×65535',
      async () => ({
        body: gifDeclaring(await makePhoto({ format: 'gif', width: 16, height: 16 }), 65535, 65535),
        fileName: 'x.gif',
        type: 'image/gif',
      }),
      422,
      UPLOAD_MESSAGES.tooManyPixels,
    ],
    // File names the database cannot hold or a log would garble (finding 7).
    [
      'a photo whose file name holds a NUL byte',
      async () => ({ body: await makePhoto({ width: 200, height: 150 }), fileName: 'holiday\0.jpg' }),
      400,
      UPLOAD_MESSAGES.controlCharactersInName,
    ],
    [
      'a photo whose file name holds a terminal escape',
      async () => ({ body: await makePhoto({ width: 200, height: 150 }), fileName: 'holiday\x1b[31m.jpg' }),
      400,
      UPLOAD_MESSAGES.controlCharactersInName,
    ],
    [
      'a PNG carrying 9 MB of plain text metadata',
      async () =>
        png(
          await pngWithChunk(
            'tEXt',
            Buffer.concat([Buffer.from('Comment\0', 'latin1'), Buffer.alloc(9 * 1024 * 1024, 0x61)]),
          ),
        ),
      422,
      UPLOAD_MESSAGES.metadataTooLarge,
    ],
  ];

  function png(body: Buffer): Upload {
    return { body, fileName: 'photo.png', type: 'image/png' };
  }

  let filesBefore: string[];
  let tempBefore: string[];
  beforeAll(async () => {
    await shop.context.db.delete(images);
    filesBefore = await storedFiles();
    tempBefore = await uploadTempFolders();
  });

  it('has at least 39 hostile files (the first 19, and 20 more)', () =>
    expect(cases.length).toBeGreaterThanOrEqual(39));

  for (const [name, make, status, message] of cases) {
    it(`refuses ${name} with ${status} '${message}'`, async () => {
      const result = await upload(await make());
      expect({ status: result.status, body: result.body }).toEqual({ status, body: { error: message } });
      expect((await shop.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
      expect(await imageCount()).toBe(0);
      expect(await storedFiles()).toEqual(filesBefore);
      expect(await uploadTempFolders()).toEqual(tempBefore);
    });
  }

  it('answers a 41 MB upload over a real connection with 413 while the client is still sending, and stays up', async () => {
    const address = await shop.app.listen({ port: 0, host: '127.0.0.1' });
    const photo = await makePhoto({ width: 64, height: 64 });
    const boundary = 'wanderer-test-boundary';
    // Chunked, with no declared length: the server can only find out by counting.
    function* multipartBody() {
      yield Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="huge.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`,
      );
      yield photo;
      for (let sent = 0; sent < 41 * 1024 * 1024; sent += 256 * 1024) yield Buffer.alloc(256 * 1024, 1);
      yield Buffer.from(`\r\n--${boundary}--\r\n`);
    }
    const response = await fetch(`${address}/api/images`, {
      method: 'POST',
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      body: Readable.toWeb(Readable.from(multipartBody())) as ReadableStream,
      duplex: 'half',
    } as RequestInit);
    expect(response.status).toBe(413);
    expect(await response.json()).toEqual({ error: UPLOAD_MESSAGES.tooLarge });
    expect((await fetch(`${address}/healthz`)).status).toBe(200);
    expect(await imageCount()).toBe(0);
    expect(await storedFiles()).toEqual(filesBefore);
    expect(await uploadTempFolders()).toEqual(tempBefore);
  });

  it('refuses a request that is not multipart', async () => {
    const response = await shop.app.inject({ method: 'POST', url: '/api/images', payload: { file: 'x' } });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: UPLOAD_MESSAGES.notAnImage });
  });

  it('refuses a body declared over 40MB before reading it', async () => {
    const response = await shop.app.inject({
      method: 'POST',
      url: '/api/images',
      headers: {
        'content-type': 'multipart/form-data; boundary=x',
        'content-length': String(MAX_UPLOAD_BYTES + 1024 * 1024),
      },
      payload: Buffer.alloc(10),
    });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ error: UPLOAD_MESSAGES.tooLarge });
  });
});

describe('failures after a file is stored remove it (storefront §8 Upload)', () => {
  it("answers 'Failed to save image information. Please try again.' and removes both stored files when the insert fails", async () => {
    const filesBefore = await storedFiles();
    const path = join(shop.config.dataDir, 'insert-fails.jpg');
    await sharp(await makePhoto({ width: 300, height: 200 })).toFile(path);
    const failing = {
      ...shop.context,
      db: new Proxy(shop.context.db, {
        get: (target, property) =>
          property === 'insert'
            ? () => {
                throw new Error('database went away');
              }
            : Reflect.get(target, property),
      }),
    };
    await expect(ingestImage(failing, { path, fileName: 'insert-fails.jpg' })).rejects.toMatchObject({
      statusCode: 500,
      message: UPLOAD_MESSAGES.saveFailed,
    });
    expect(await storedFiles()).toEqual(filesBefore);
  });

  it("answers 'Failed to upload image. Please check your connection and try again.' and inserts no row when storage fails", async () => {
    const rowsBefore = await imageCount();
    const filesBefore = await storedFiles();
    const path = join(shop.config.dataDir, 'storage-fails.jpg');
    await sharp(await makePhoto({ width: 302, height: 200 })).toFile(path);
    const storage = shop.context.storage;
    const failing = {
      ...shop.context,
      storage: Object.assign(Object.create(storage), {
        put: async (key: string, ...rest: Parameters<typeof storage.put> extends [string, ...infer R] ? R : never) => {
          if (key.startsWith('display/')) throw new Error('bucket unreachable');
          return storage.put(key, ...rest);
        },
      }),
    };
    await expect(ingestImage(failing, { path, fileName: 'storage-fails.jpg' })).rejects.toMatchObject({
      statusCode: 503,
      message: UPLOAD_MESSAGES.storageFailed,
    });
    expect(await imageCount()).toBe(rowsBefore);
    expect(await storedFiles()).toEqual(filesBefore);
  });
});
