import { describe, expect, it } from 'vitest';
import { dmsToDecimal, exifDateToDate, metadataFromTags, rawExifData, shutterSpeedText } from './photo-metadata';

describe('coordinates are converted from degrees, minutes and seconds; south and west are negative (storefront §3)', () => {
  it('converts north and east to positive decimals', () => {
    expect(dmsToDecimal([38, 42, 36], 'N', 90)).toBeCloseTo(38.71, 6);
    expect(dmsToDecimal([9, 8, 24], 'E', 180)).toBeCloseTo(9.14, 6);
  });

  it('makes south and west negative', () => {
    expect(dmsToDecimal([33, 51, 24.48], 'S', 90)).toBeCloseTo(-33.8568, 6);
    expect(dmsToDecimal([151, 12, 55.08], 'W', 180)).toBeCloseTo(-151.2153, 6);
  });

  it('refuses impossible or missing positions', () => {
    expect(dmsToDecimal([95, 0, 0], 'N', 90)).toBeNull();
    expect(dmsToDecimal(undefined, 'N', 90)).toBeNull();
    expect(dmsToDecimal([Number.NaN, 0, 0], 'S', 90)).toBeNull();
  });

  it('keeps no position when only one coordinate is present', () => {
    const metadata = metadataFromTags({ GPSLatitude: [10, 0, 0], GPSLatitudeRef: 'S' });
    expect([metadata.latitude, metadata.longitude]).toEqual([null, null]);
  });
});

describe('shutter speed is a fraction string such as 1/250 (storefront §3)', () => {
  it.each([
    [0.004, '1/250'],
    [1 / 8000, '1/8000'],
    [1 / 3, '1/3'],
    [0.8, '0.8'],
    [2, '2'],
    [30, '30'],
  ])('%s s → %s', (seconds, text) => expect(shutterSpeedText(seconds)).toBe(text));

  it('gives nothing for a missing or nonsensical exposure', () => {
    expect(shutterSpeedText(undefined)).toBeNull();
    expect(shutterSpeedText(0)).toBeNull();
  });
});

describe('date_time_original is an ISO timestamp', () => {
  it('uses the offset tag when the camera wrote one', () => {
    expect(exifDateToDate('2024:02:03 19:42:10', '-03:00')?.toISOString()).toBe('2024-02-03T22:42:10.000Z');
  });

  it('keeps the wall-clock time as UTC without one, whatever the server zone', () => {
    expect(exifDateToDate('2023:07:14 08:05:00', undefined)?.toISOString()).toBe('2023-07-14T08:05:00.000Z');
  });

  it('ignores the all-zero dates some cameras write', () => {
    expect(exifDateToDate('0000:00:00 00:00:00', undefined)).toBeNull();
  });
});

describe('the camera, lens and settings columns', () => {
  it('reads every field of the spec from raw tags', () => {
    const metadata = metadataFromTags({
      Make: 'NIKON CORPORATION\0',
      Model: 'NIKON Z 6_2',
      SerialNumber: '6012345',
      LensMake: 'Nikon',
      LensModel: 'NIKKOR Z 24-70mm f/4 S',
      FocalLength: 24,
      ApertureValue: 4, // APEX: f/4
      ExposureTime: 0.01,
      ISO: [800, 0],
      Flash: 25, // fired, auto mode
      Orientation: 8,
      Software: 'Ver.01.10',
      DateTimeOriginal: '2022:05:01 10:00:00',
    });
    expect(metadata).toMatchObject({
      camera_make: 'NIKON CORPORATION',
      camera_model: 'NIKON Z 6_2',
      camera_serial: '6012345',
      lens_make: 'Nikon',
      lens_model: 'NIKKOR Z 24-70mm f/4 S',
      focal_length: 24,
      aperture: 4,
      shutter_speed: '1/100',
      iso: 800,
      flash_used: true,
      orientation: 8,
      software: 'Ver.01.10',
    });
  });

  it('leaves out what was not recorded', () => {
    expect(metadataFromTags({})).toMatchObject({
      camera_make: null,
      aperture: null,
      flash_used: null,
      orientation: null,
      exif_data: null,
    });
  });
});

describe('raw exif_data is kept as JSON PostgreSQL accepts', () => {
  it('drops long binary values and NUL characters, keeps short versions', () => {
    expect(
      rawExifData({
        Model: 'X\0',
        ExifVersion: new Uint8Array([48, 50, 51, 50]),
        Thumbnail: new Uint8Array(5000),
        errors: [],
      }),
    ).toEqual({
      Model: 'X',
      ExifVersion: [48, 50, 51, 50],
    });
  });
});
