/** The outside systems an upload touches, behind one small interface so tests can replace any of them. */
import { readExifTags } from './exif-reader.js';
import { renderHeicDisplayCopy } from './heic.js';
import { placeName } from './place-names.js';
import { checkPngMetadata } from './png-chunks.js';

export { PngMetadataTooLarge } from './png-chunks.js';
import { readImageHeader, renderDisplayCopy, type DisplayCopy, type ImageHeader } from './sharp-images.js';

export type { DisplayCopy, ImageHeader } from './sharp-images.js';
export { closeHeicPool } from './heic.js';

export interface ImageAdapters {
  readHeader(path: string): Promise<ImageHeader>;
  renderDisplayCopy(path: string, header: ImageHeader): Promise<DisplayCopy>;
  readExifTags(path: string, exifBlock?: Buffer, format?: string): Promise<Record<string, unknown>>;
  /** Refuses a file whose metadata would take too much memory to read (PNG's deflated chunks). */
  checkMetadataSize(path: string): Promise<void>;
  placeName(latitude: number, longitude: number): Promise<string | null>;
}

export const imageAdapters: ImageAdapters = {
  readHeader: readImageHeader,
  // libvips here has no HEVC decoder: HEIC goes to libheif, everything else to sharp.
  renderDisplayCopy: (path, header) =>
    header.format === 'heif' && header.compression === 'hevc' ? renderHeicDisplayCopy(path) : renderDisplayCopy(path),
  readExifTags,
  checkMetadataSize: checkPngMetadata,
  placeName,
};
