/**
 * What a backup archive holds, described by its manifest.json (the archive's first entry):
 * the release and migration level that wrote it, what the shop held (counts), and every
 * other entry with its size and SHA-256, which a restore checks before it writes anything.
 *
 *   manifest.json
 *   database/pglite.tar.gz      the embedded database: PGlite's own dump of its data folder
 *   database/postgres.dump      or PostgreSQL's, in pg_dump's custom format
 *   files/<storage key>         every stored object: originals, artworks, print files, content…
 *   data/app-secret             the key that seals the API keys saved in Settings (when not in APP_SECRET)
 *   data/outbox/…               the e-mail outbox of the embedded default
 */
import { createHash } from 'node:crypto';
import { createReadStream, readFileSync } from 'node:fs';
import { open } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { pipeline } from 'node:stream/promises';

export const MANIFEST_FILE = 'manifest.json';
export const ARCHIVE_FORMAT = 1;

export interface ArchiveEntry {
  /** The entry's path in the archive, as `files/original/1732250000000-lake-jpg`. */
  path: string;
  bytes: number;
  sha256: string;
  /** For stored objects: what S3 is told the object is when restored into a bucket. */
  content_type?: string;
}

export interface BackupCounts {
  orders: number;
  paid_orders: number;
  /** The sum of every order's total, in cents. */
  order_total_cents: number;
  photos: number;
  artworks: number;
  files: number;
  file_bytes: number;
}

export type BackupKind = 'manual' | 'scheduled' | 'before-upgrade';

export interface BackupManifest {
  app: 'wanderer';
  format: typeof ARCHIVE_FORMAT;
  /** The release that wrote it (package.json's version). */
  version: string;
  kind: BackupKind;
  created_at: string;
  migration: { level: string | null; applied: number };
  database: { kind: 'pglite' | 'postgres'; path: string };
  storage: 'local' | 's3';
  counts: BackupCounts;
  entries: ArchiveEntry[];
}

export const STORED_FILES_FOLDER = 'files';
export const DATABASE_FOLDER = 'database';
export const DATA_FOLDER = 'data';

let version: string | undefined;

/** package.json's version; `src/server/modules/backups` and its `dist/` twin are both four folders down. */
export function appVersion(): string {
  if (version) return version;
  try {
    const path = fileURLToPath(new URL('../../../../package.json', import.meta.url));
    version = (JSON.parse(readFileSync(path, 'utf8')) as { version?: string }).version ?? 'unknown';
  } catch {
    version = 'unknown';
  }
  return version;
}

export async function sha256File(path: string): Promise<string> {
  const hash = createHash('sha256');
  await pipeline(createReadStream(path), hash);
  return hash.digest('hex');
}

const SIGNATURES: Array<[type: string, test: (head: Buffer) => boolean]> = [
  ['image/jpeg', (head) => head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff],
  ['image/png', (head) => head.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))],
  ['image/webp', (head) => head.toString('latin1', 0, 4) === 'RIFF' && head.toString('latin1', 8, 12) === 'WEBP'],
  ['image/gif', (head) => head.toString('latin1', 0, 4) === 'GIF8'],
  ['image/avif', (head) => head.toString('latin1', 4, 12) === 'ftypavif'],
  [
    'image/heic',
    (head) =>
      head.toString('latin1', 4, 8) === 'ftyp' && /^(heic|heix|mif1|msf1)$/.test(head.toString('latin1', 8, 12)),
  ],
  ['application/json', (head) => /^\s*[[{]/.test(head.toString('utf8'))],
];

/**
 * What a stored object is, from its first bytes: local storage keeps no content type, and
 * many keys carry no extension (`original/1732250000000-img-2041-jpg`).
 */
export async function sniffContentType(path: string): Promise<string> {
  const file = await open(path, 'r');
  try {
    const head = Buffer.alloc(32);
    const { bytesRead } = await file.read(head, 0, head.length, 0);
    const bytes = head.subarray(0, bytesRead);
    return SIGNATURES.find(([, test]) => test(bytes))?.[0] ?? 'application/octet-stream';
  } finally {
    await file.close();
  }
}
