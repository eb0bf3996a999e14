/**
 * Compressing a photo on a canvas drops its EXIF block, and with it the camera, date and GPS
 * position the server reads. For a JPEG original the block is carried over into the
 * compressed JPEG, its orientation set to 1: the canvas has already turned the pixels upright.
 */

const SOI = 0xd8;
const SOS = 0xda;
const APP1 = 0xe1;
const ORIENTATION_TAG = 0x0112;

/** The original's whole APP1 Exif segment (marker included), or null. */
export function findExifSegment(jpeg: Uint8Array): Uint8Array | null {
  if (jpeg[0] !== 0xff || jpeg[1] !== SOI) return null;
  let at = 2;
  while (at + 4 <= jpeg.length && jpeg[at] === 0xff) {
    const marker = jpeg[at + 1];
    if (marker === SOS) return null;
    const length = (jpeg[at + 2]! << 8) | jpeg[at + 3]!;
    if (length < 2 || at + 2 + length > jpeg.length) return null;
    const isExif =
      marker === APP1 &&
      length > 8 &&
      String.fromCharCode(...jpeg.subarray(at + 4, at + 8)) === 'Exif' &&
      jpeg[at + 8] === 0 &&
      jpeg[at + 9] === 0;
    if (isExif) return jpeg.slice(at, at + 2 + length);
    at += 2 + length;
  }
  return null;
}

/** Sets IFD0's Orientation to 1 (upright) in an APP1 Exif segment, in place. */
export function markUpright(segment: Uint8Array): Uint8Array {
  const tiff = 10; // marker (2) + length (2) + "Exif\0\0" (6)
  const view = new DataView(segment.buffer, segment.byteOffset, segment.byteLength);
  if (segment.length < tiff + 8) return segment;
  const little = view.getUint16(tiff) === 0x4949;
  const ifd0 = tiff + view.getUint32(tiff + 4, little);
  if (ifd0 + 2 > segment.length) return segment;
  const entries = view.getUint16(ifd0, little);
  for (let i = 0; i < entries; i++) {
    const entry = ifd0 + 2 + i * 12;
    if (entry + 12 > segment.length) break;
    if (view.getUint16(entry, little) === ORIENTATION_TAG) view.setUint16(entry + 8, 1, little);
  }
  return segment;
}

/** The compressed JPEG with the original's EXIF segment right after its start marker. */
export function withExifSegment(compressed: Uint8Array, segment: Uint8Array): Uint8Array<ArrayBuffer> {
  const result = new Uint8Array(compressed.length + segment.length);
  result.set(compressed.subarray(0, 2), 0);
  result.set(segment, 2);
  result.set(compressed.subarray(2), 2 + segment.length);
  return result;
}
