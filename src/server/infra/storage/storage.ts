/**
 * The storage port. Keys follow the spec's buckets (`original/…`, `style-previews/…`,
 * `examples/…`). Visibility is a property of the key, decided here once: a private key
 * (an original with its GPS, a print file) never gets a public URL.
 */
import type { Readable } from 'node:stream';

const PRIVATE_PREFIXES = ['original/', 'print-files/'] as const;
const PUBLIC_PREFIXES = [
  'display/',
  'artworks/',
  'style-previews/',
  'examples/',
  'mockups/',
  'renditions/',
  'products/',
  'content/',
] as const;

/** Every folder an object may live in: a backup copies them all. */
export const STORAGE_PREFIXES: readonly string[] = [...PRIVATE_PREFIXES, ...PUBLIC_PREFIXES];

export interface StoredObject {
  key: string;
  lastModified: Date;
}

export type StorageBody = Buffer | { path: string };

export interface PutOptions {
  contentType: string;
  /** Seconds a browser may cache the object (the spec's 3600 for uploads). */
  cacheSeconds?: number;
  /** Refuse to replace an existing object (the spec's "no overwrite"). */
  overwrite?: boolean;
}

export interface Storage {
  readonly kind: 'local' | 's3';
  /** Makes the bucket or folder ready (the spec's setup-storage-bucket). */
  ready(): Promise<void>;
  put(key: string, body: StorageBody, options: PutOptions): Promise<void>;
  get(key: string): Promise<Buffer>;
  stream(key: string): Promise<Readable>;
  exists(key: string): Promise<boolean>;
  delete(key: string): Promise<void>;
  /** Every object whose key starts with the prefix (a folder such as `artworks/`), with when it was written. */
  list(prefix: string): Promise<StoredObject[]>;
  /** The URL a browser loads a public object from. Throws for private keys. */
  publicUrl(key: string): string;
}

export class StorageError extends Error {
  constructor(
    message: string,
    readonly code: 'not_found' | 'already_exists' | 'invalid_key' | 'private_key' | 'unavailable',
  ) {
    super(message);
  }
}

export function isPublicKey(key: string): boolean {
  return PUBLIC_PREFIXES.some((prefix) => key.startsWith(prefix));
}

export function assertValidKey(key: string): void {
  const known = isPublicKey(key) || PRIVATE_PREFIXES.some((prefix) => key.startsWith(prefix));
  const safe =
    /^[a-z0-9][a-z0-9._\-/]*$/i.test(key) &&
    !key.split('/').some((part) => part === '' || part === '..' || part === '.');
  if (!known || !safe) throw new StorageError(`Invalid storage key: ${key}`, 'invalid_key');
}

/**
 * The spec's object name: a timestamp plus the file name, every non-alphanumeric character
 * replaced by a dash, lower-cased (`1732250000000-img-2041-jpg`).
 */
export function timestampedName(fileName: string, now = Date.now()): string {
  const cleaned = fileName.replace(/[^a-zA-Z0-9]/g, '-').toLowerCase();
  return `${now}-${cleaned}`.slice(0, 200);
}
