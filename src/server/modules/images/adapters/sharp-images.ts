/**
 * Image pixels through sharp (libvips): the header read before anything is decoded, and the
 * public display copy. Every decode is bounded by the pixel limit and fails on truncation.
 */
import type { SharpOptions } from 'sharp';
import { DISPLAY_JPEG_QUALITY } from '../../../../domain/images.js';
import { MAX_INPUT_PIXELS } from '../../../../domain/upload.js';
import { renderRenditions, type EncodedRendition } from '../../../infra/renditions.js';
import { loadSharp } from '../../../infra/sharp.js';

/** The public copy: upright, at most 2048×2048, JPEG quality 0.85, no metadata at all. */
export const DISPLAY_MAX_SIDE = 2048;

const DECODE_OPTIONS: SharpOptions = { failOn: 'truncated', limitInputPixels: MAX_INPUT_PIXELS };

export interface ImageHeader {
  /** sharp's name of the container: jpeg, png, gif, webp, tiff, heif (AVIF and HEIC alike). */
  format: string;
  /** For heif: 'av1' (AVIF, decoded here) or 'hevc' (HEIC, decoded by libheif in a worker). */
  compression?: string;
  /** Stored pixel size, as the header declares it. */
  width: number;
  height: number;
  /** Size once EXIF orientation is applied. */
  uprightWidth: number;
  uprightHeight: number;
  /** The EXIF block libvips found, if any. */
  exif?: Buffer;
}

/** Reads only the header: a pixel bomb is measured here without decoding a single pixel. */
export async function readImageHeader(path: string): Promise<ImageHeader> {
  const sharp = await loadSharp();
  const metadata = await sharp(path, { limitInputPixels: false }).metadata();
  if (!metadata.width || !metadata.height) throw new Error('The image declares no size');
  return {
    format: metadata.format,
    compression: metadata.compression,
    width: metadata.width,
    height: metadata.height,
    uprightWidth: metadata.autoOrient?.width ?? metadata.width,
    uprightHeight: metadata.autoOrient?.height ?? metadata.height,
    exif: metadata.exif,
  };
}

export interface RawPixels {
  data: Uint8Array;
  width: number;
  height: number;
  channels: 3 | 4;
}

export interface DisplayCopy {
  data: Buffer;
  width: number;
  height: number;
}

/** Decodes a file sharp reads itself, or pixels decoded elsewhere (HEIC), into the display copy. */
export async function renderDisplayCopy(source: string | RawPixels): Promise<DisplayCopy> {
  const sharp = await loadSharp();
  const image =
    typeof source === 'string'
      ? sharp(source, DECODE_OPTIONS)
      : sharp(source.data, {
          ...DECODE_OPTIONS,
          raw: { width: source.width, height: source.height, channels: source.channels },
        });
  // Without withMetadata() sharp writes no EXIF, GPS, XMP or ICC: nothing private leaves.
  const { data, info } = await image
    .autoOrient()
    .resize({ width: DISPLAY_MAX_SIDE, height: DISPLAY_MAX_SIDE, fit: 'inside', withoutEnlargement: true })
    .flatten({ background: '#ffffff' })
    .jpeg({ quality: DISPLAY_JPEG_QUALITY })
    .toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

/** An image as a JPEG no larger than the box: upright, sRGB, without EXIF or GPS. Throws if sharp cannot read it. */
export async function renderBoundedJpeg(
  input: Buffer,
  box: { width: number; height: number; quality?: number },
): Promise<{ buffer: Buffer; width: number; height: number }> {
  const sharp = await loadSharp();
  const { data, info } = await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS })
    .rotate()
    .resize({ width: box.width, height: box.height, fit: 'inside', withoutEnlargement: true })
    .flatten({ background: '#ffffff' })
    .toColourspace('srgb')
    .jpeg({ quality: box.quality ?? 85, mozjpeg: true })
    .toBuffer({ resolveWithObject: true });
  return { buffer: data, width: info.width, height: info.height };
}

/** An artwork enlarged (Lanczos) to `longSide` for print, as a full-chroma JPEG. */
export async function enlargeForPrint(image: Buffer, longSide: number): Promise<Buffer> {
  const sharp = await loadSharp();
  return sharp(image)
    .resize({ width: longSide, height: longSide, fit: 'inside', kernel: 'lanczos3', withoutEnlargement: false })
    .jpeg({ quality: 92, chromaSubsampling: '4:4:4' })
    .toBuffer();
}

/** The 400/800/1600 px renditions of an artwork (a JPEG), decoded once, as JPEGs like the display copy. */
export async function renderJpegRenditions(
  image: Buffer,
  size: { width: number; height: number },
): Promise<EncodedRendition[]> {
  const sharp = await loadSharp();
  return renderRenditions(sharp(image, DECODE_OPTIONS), size, (pipeline) =>
    pipeline.jpeg({ quality: DISPLAY_JPEG_QUALITY }),
  );
}
