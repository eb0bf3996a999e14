/**
 * The story a photo tells about itself (storefront §3 Extracted photo metadata), turned from
 * raw EXIF tags into the images table's columns. Pure: the tags come from the exifr adapter.
 */

export interface PhotoMetadata {
  latitude: number | null;
  longitude: number | null;
  location_name: string | null;
  camera_make: string | null;
  camera_model: string | null;
  camera_serial: string | null;
  lens_make: string | null;
  lens_model: string | null;
  focal_length: number | null;
  aperture: number | null;
  shutter_speed: string | null;
  iso: number | null;
  flash_used: boolean | null;
  orientation: number | null;
  date_time_original: Date | null;
  software: string | null;
  exif_data: Record<string, unknown> | null;
}

export const EMPTY_METADATA: PhotoMetadata = {
  latitude: null,
  longitude: null,
  location_name: null,
  camera_make: null,
  camera_model: null,
  camera_serial: null,
  lens_make: null,
  lens_model: null,
  focal_length: null,
  aperture: null,
  shutter_speed: null,
  iso: null,
  flash_used: null,
  orientation: null,
  date_time_original: null,
  software: null,
  exif_data: null,
};

/** Raw tags as exifr reads them with `translateValues: false, reviveValues: false`. */
export type ExifTags = Record<string, unknown>;

/**
 * Degrees, minutes and seconds to signed decimal degrees: south and west are negative.
 * Returns null for a missing or impossible position.
 */
export function dmsToDecimal(dms: unknown, ref: unknown, limit: 90 | 180): number | null {
  const parts = Array.isArray(dms) ? dms.map(Number) : typeof dms === 'number' ? [dms] : [];
  if (parts.length === 0 || parts.some((part) => !Number.isFinite(part) || part < 0)) return null;
  const [degrees, minutes = 0, seconds = 0] = parts;
  const value = degrees + minutes / 60 + seconds / 3600;
  if (value > limit) return null;
  const negative = typeof ref === 'string' && /^[SW]/i.test(ref.trim());
  return Math.round((negative ? -value : value) * 1e7) / 1e7;
}

/**
 * An exposure time in seconds as cameras show it: a fraction such as '1/250' when it is one
 * over a whole number, otherwise the seconds themselves ('0.8', '2', '30').
 */
export function shutterSpeedText(seconds: unknown): string | null {
  const value = Number(seconds);
  if (seconds === undefined || seconds === null || !Number.isFinite(value) || value <= 0) return null;
  if (value < 1) {
    const denominator = 1 / value;
    const rounded = Math.round(denominator);
    if (Math.abs(denominator - rounded) / denominator < 0.02) return `1/${rounded}`;
  }
  return String(Math.round(value * 10) / 10);
}

/**
 * EXIF dates have no zone: 'YYYY:MM:DD HH:MM:SS' is the camera's wall clock. With an
 * OffsetTimeOriginal tag the instant is exact; without one the wall-clock time is kept as
 * if it were UTC, so the date a visitor sees never depends on the server's time zone.
 */
export function exifDateToDate(value: unknown, offset: unknown): Date | null {
  if (typeof value !== 'string') return value instanceof Date && !Number.isNaN(value.getTime()) ? value : null;
  const match = /^(\d{4}):(\d{2}):(\d{2})[ T](\d{2}):(\d{2}):(\d{2})/.exec(value.trim());
  if (!match) return null;
  const [, year, month, day, hour, minute, second] = match;
  const zone = typeof offset === 'string' && /^[+-]\d{2}:\d{2}$/.test(offset.trim()) ? offset.trim() : 'Z';
  const date = new Date(`${year}-${month}-${day}T${hour}:${minute}:${second}${zone}`);
  if (Number.isNaN(date.getTime()) || Number(year) < 1800) return null;
  return date;
}

const text = (value: unknown): string | null => {
  if (typeof value !== 'string' && typeof value !== 'number') return null;
  const cleaned = String(value).replace(/\0/g, '').trim();
  return cleaned ? cleaned.slice(0, 500) : null;
};

const number = (value: unknown): number | null => {
  const first = Array.isArray(value) ? value[0] : value;
  if (first === null || first === undefined || first === '') return null;
  const parsed = Number(first);
  return Number.isFinite(parsed) ? parsed : null;
};

const round = (value: number | null, digits: number) =>
  value === null ? null : Math.round(value * 10 ** digits) / 10 ** digits;

/** The f-number; older cameras give only the APEX aperture value, where N = 2^(Av/2). */
function fNumber(tags: ExifTags): number | null {
  const direct = number(tags.FNumber);
  if (direct !== null && direct > 0) return round(direct, 1);
  const apex = number(tags.ApertureValue);
  return apex === null ? null : round(2 ** (apex / 2), 1);
}

function integer(value: unknown, min: number, max: number): number | null {
  const parsed = number(value);
  return parsed === null || parsed < min || parsed > max ? null : Math.round(parsed);
}

/** Every column but location_name, which needs the place lookup. */
export function metadataFromTags(tags: ExifTags): PhotoMetadata {
  const flash = number(tags.Flash);
  const latitude = dmsToDecimal(tags.GPSLatitude, tags.GPSLatitudeRef, 90);
  const longitude = dmsToDecimal(tags.GPSLongitude, tags.GPSLongitudeRef, 180);
  const hasPosition = latitude !== null && longitude !== null;
  return {
    latitude: hasPosition ? latitude : null,
    longitude: hasPosition ? longitude : null,
    location_name: null,
    camera_make: text(tags.Make),
    camera_model: text(tags.Model),
    camera_serial: text(tags.SerialNumber ?? tags.BodySerialNumber ?? tags.InternalSerialNumber),
    lens_make: text(tags.LensMake),
    lens_model: text(tags.LensModel),
    focal_length: round(number(tags.FocalLength), 2),
    aperture: fNumber(tags),
    shutter_speed: shutterSpeedText(tags.ExposureTime),
    iso: integer(tags.ISO ?? tags.ISOSpeedRatings ?? tags.PhotographicSensitivity, 1, 10_000_000),
    // Bit 0 of the Flash tag says whether the flash fired.
    flash_used: flash === null ? null : (flash & 1) === 1,
    orientation: integer(tags.Orientation, 1, 8),
    date_time_original: exifDateToDate(
      tags.DateTimeOriginal ?? tags.CreateDate,
      tags.OffsetTimeOriginal ?? tags.OffsetTime,
    ),
    software: text(tags.Software),
    exif_data: rawExifData(tags),
  };
}

/**
 * The raw tags, kept as JSON: binary values longer than a short version string are left
 * out (thumbnails, maker notes), and NUL characters, which PostgreSQL text refuses, removed.
 */
export function rawExifData(tags: ExifTags): Record<string, unknown> | null {
  const entries = Object.entries(tags)
    .filter(([key]) => key !== 'errors')
    .map(([key, value]) => [key, jsonValue(value)] as const)
    .filter(([, value]) => value !== undefined);
  return entries.length ? Object.fromEntries(entries) : null;
}

function jsonValue(value: unknown, depth = 0): unknown {
  if (value === null || typeof value === 'boolean') return value;
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
  if (typeof value === 'string') return value.replace(/\0/g, '').slice(0, 2000);
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? undefined : value.toISOString();
  if (ArrayBuffer.isView(value)) {
    const bytes = new Uint8Array(value.buffer, value.byteOffset, value.byteLength);
    return bytes.length <= 16 ? Array.from(value as unknown as ArrayLike<number>) : undefined;
  }
  if (Array.isArray(value) && depth < 2) return value.slice(0, 64).map((item) => jsonValue(item, depth + 1) ?? null);
  return undefined;
}
