import { describe, expect, it } from 'vitest';
import { otherDocumentInside, sniffImageFormat } from './file-checks';
import { heicPhoto, makePhoto, MINIMAL_PDF, withJpegComment, zipArchive } from '../../../testing/test-photos';

describe('a file is an image by its bytes, not its name or declared type', () => {
  it.each(['jpeg', 'png', 'webp', 'avif', 'gif', 'tiff'] as const)('recognises %s', async (format) => {
    expect(sniffImageFormat((await makePhoto({ format, width: 32, height: 32 })).subarray(0, 64))).toBe(format);
  });

  it('recognises an iPhone HEIC', () => {
    expect(sniffImageFormat(heicPhoto().subarray(0, 64))).toBe('heic');
  });

  it.each([
    ['text', Buffer.from('hello world, this is text')],
    ['HTML', Buffer.from('<!doctype html><html></html>')],
    ['SVG', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>')],
    ['PDF', MINIMAL_PDF],
    ['ZIP', zipArchive('a.txt', 'a')],
    ['empty', Buffer.alloc(0)],
    ['an MP4 video', Buffer.from('\0\0\0\x18ftypmp42\0\0\0\0isommp42', 'latin1')],
  ])('does not take %s for an image', (_name, bytes) => {
    expect(sniffImageFormat(bytes)).toBeNull();
  });
});

describe('a polyglot (an image that is also another document) is recognised', () => {
  it('finds markup in a comment, a PDF header in the first kilobyte, and an appended ZIP', async () => {
    const photo = await makePhoto({ width: 64, height: 48 });
    const check = (bytes: Buffer) =>
      otherDocumentInside(bytes.subarray(0, 65536), bytes.subarray(-65536), bytes.length);
    expect(check(photo)).toBeNull();
    expect(check(withJpegComment(photo, '<SCRIPT src=//evil></SCRIPT>'))).toBe('markup');
    expect(check(withJpegComment(photo, '<?php system($_GET[1]); ?>'))).toBe('markup');
    expect(check(withJpegComment(photo, MINIMAL_PDF.toString('latin1')))).toBe('pdf');
    expect(check(Buffer.concat([photo, zipArchive('x.js', 'alert(1)')]))).toBe('zip');
  });

  it('does not mistake a camera XMP packet for markup', async () => {
    const xmp =
      '<?xpacket begin="" id="W5M0MpCehiHzreSzNTczkc9d"?><x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF></rdf:RDF></x:xmpmeta>';
    const photo = withJpegComment(await makePhoto({ width: 64, height: 48 }), xmp);
    expect(otherDocumentInside(photo, photo, photo.length)).toBeNull();
  });
});
