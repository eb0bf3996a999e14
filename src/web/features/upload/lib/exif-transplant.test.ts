import exifr from 'exifr';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { makePhoto, USHUAIA_EXIF } from '@/testing/test-photos';
import { findExifSegment, markUpright, withExifSegment } from './exif-transplant';

describe("a photo compressed in the browser keeps the original's EXIF (camera, date, GPS)", () => {
  it('moves the EXIF segment into the compressed JPEG with the orientation set upright', async () => {
    const original = new Uint8Array(await makePhoto({ exif: USHUAIA_EXIF, orientation: 6 }));
    // What a canvas gives: a JPEG without any metadata.
    const compressed = new Uint8Array(await sharp(original).rotate().resize(600).jpeg({ quality: 85 }).toBuffer());
    expect(await exifr.parse(compressed)).toBeUndefined();

    const segment = findExifSegment(original);
    expect(segment).not.toBeNull();
    const result = Buffer.from(withExifSegment(compressed, markUpright(segment!)));
    const tags = await exifr.parse(result, { gps: true, translateValues: false });
    expect(tags).toMatchObject({ Make: 'Canon', Model: 'Canon EOS R5', Orientation: 1, GPSLatitudeRef: 'S' });
    expect(tags.latitude).toBeCloseTo(-54.8019, 4);
    expect(await sharp(result).metadata()).toMatchObject({ format: 'jpeg', width: 600 });
  });

  it('finds nothing in a JPEG without EXIF or in another format', async () => {
    expect(
      findExifSegment(
        new Uint8Array(
          await sharp(await makePhoto())
            .jpeg()
            .toBuffer(),
        ),
      ),
    ).toBeNull();
    expect(findExifSegment(new Uint8Array(await makePhoto({ format: 'png' })))).toBeNull();
  });
});
