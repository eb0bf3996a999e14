/**
 * A print file laid out as its placement says (domain/placement.ts): the artwork's crop,
 * resized to each copy's position, on a canvas of the print area's exact pixel size. Paper
 * products get white around a fitted artwork; cloth gets nothing (a transparent PNG), so a
 * chest print on a black tee has no white box.
 */
import type { Placement } from '../../../../domain/placement.js';
import { loadSharp } from '../../../infra/sharp.js';

export interface LaidOutPrintFile {
  image: Buffer;
  contentType: 'image/jpeg' | 'image/png';
  extension: 'jpg' | 'png';
}

/** Print-size pixels can exceed sharp's default input limit (a 24×36″ poster is 78 MP). */
const PRINT_PIXELS = 400_000_000;

export async function layOutPrintFile(artwork: Buffer, placement: Placement): Promise<LaidOutPrintFile> {
  const sharp = await loadSharp();
  const { area, crop, positions } = placement;
  const source = sharp(artwork, { limitInputPixels: PRINT_PIXELS }).rotate();
  const meta = await source.metadata();
  const turned = (meta.orientation ?? 1) >= 5;
  const width = (turned ? meta.height : meta.width) ?? 0;
  const height = (turned ? meta.width : meta.height) ?? 0;
  const left = Math.min(width - 1, Math.max(0, Math.round(crop.left * width)));
  const top = Math.min(height - 1, Math.max(0, Math.round(crop.top * height)));
  const region = {
    left,
    top,
    width: Math.max(1, Math.min(width - left, Math.round(crop.width * width))),
    height: Math.max(1, Math.min(height - top, Math.round(crop.height * height))),
  };
  const first = positions[0]!;
  const copy = await source
    .extract(region)
    .resize({ width: first.width, height: first.height, fit: 'fill', kernel: 'lanczos3' })
    .removeAlpha()
    .toColourspace('srgb')
    .raw()
    .toBuffer({ resolveWithObject: true });
  const transparent = area.background === 'transparent';
  const canvas = sharp({
    create: {
      width: area.width,
      height: area.height,
      channels: transparent ? 4 : 3,
      background: transparent ? { r: 0, g: 0, b: 0, alpha: 0 } : { r: 255, g: 255, b: 255 },
    },
    limitInputPixels: PRINT_PIXELS,
  }).composite(
    positions.map((position) => ({
      input: copy.data,
      raw: { width: copy.info.width, height: copy.info.height, channels: copy.info.channels },
      left: position.left,
      top: position.top,
    })),
  );
  const image = transparent
    ? await canvas.png({ compressionLevel: 6 }).toBuffer()
    : await canvas.jpeg({ quality: 92, chromaSubsampling: '4:4:4' }).toBuffer();
  return {
    image,
    contentType: transparent ? 'image/png' : 'image/jpeg',
    extension: transparent ? 'png' : 'jpg',
  };
}

/**
 * The photo enlarged to `longSide` for a painterly style to paint at print size: Lanczos in
 * 16 bits, then a light unsharp mask that restores some of the crispness the enlargement
 * spreads (the style paints over it). Never shrinks.
 */
export async function enlargeForPainting(photo: Buffer, longSide: number): Promise<Buffer> {
  const sharp = await loadSharp();
  const source = sharp(photo, { limitInputPixels: PRINT_PIXELS }).rotate();
  const meta = await source.metadata();
  if (Math.max(meta.width ?? 0, meta.height ?? 0) >= longSide) return photo;
  return source
    .pipelineColourspace('rgb16')
    .resize({ width: longSide, height: longSide, fit: 'inside', kernel: 'lanczos3' })
    .sharpen({ sigma: Math.max(0.8, longSide / 4000), m1: 0.4, m2: 1.2 })
    .toColourspace('srgb')
    .jpeg({ quality: 94, chromaSubsampling: '4:4:4' })
    .toBuffer();
}
