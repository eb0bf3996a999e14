/**
 * EXIF tags through exifr, which reads only the part of the file that holds them. It is
 * loaded with the first upload, not at start (about 40 ms of a start's CPU).
 */
import type Exifr from 'exifr';
import type { ExifTags } from '../photo-metadata.js';

const loadExifr = () => import('exifr').then((module) => module.default);

const OPTIONS: Parameters<typeof Exifr.parse>[1] = {
  exif: true,
  gps: true,
  ifd1: false,
  interop: false,
  makerNote: false,
  userComment: false,
  xmp: false,
  icc: false,
  iptc: false,
  jfif: false,
  ihdr: false,
  translateKeys: true,
  translateValues: false,
  reviveValues: false,
  mergeOutput: true,
};

const hasTags = (tags: ExifTags | undefined): tags is ExifTags =>
  !!tags && Object.keys(tags).some((key) => key !== 'errors');

/**
 * Tags from the file itself; when exifr finds none there but libvips found an EXIF block
 * (HEIC files whose item locations exifr misreads), the tags are read from that block.
 * A PNG is never handed to exifr: it inflates the file's compressed chunks whole, with no
 * limit, whatever it was asked to read. Its EXIF (the eXIf chunk) arrives as the block.
 */
export async function readExifTags(path: string, exifBlock?: Buffer, format?: string): Promise<ExifTags> {
  const exifr = await loadExifr();
  const fromFile =
    format === 'png' ? undefined : ((await exifr.parse(path, OPTIONS).catch(() => undefined)) as ExifTags | undefined);
  if (hasTags(fromFile) || !exifBlock) return fromFile ?? {};
  // JPEG's block starts with the APP1 name; exifr wants the TIFF structure after it.
  const tiff = exifBlock.subarray(0, 6).toString('latin1') === 'Exif\0\0' ? exifBlock.subarray(6) : exifBlock;
  const fromBlock = (await exifr.parse(tiff, OPTIONS).catch(() => undefined)) as ExifTags | undefined;
  return hasTags(fromBlock) ? fromBlock : {};
}
