/** Objects as files under DATA_DIR/storage, served by the app at /files/{key}. */
import { createReadStream } from 'node:fs';
import { chmod, copyFile, mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join, relative, sep } from 'node:path';
import type { Readable } from 'node:stream';
import { randomUUID } from 'node:crypto';
import {
  assertValidKey,
  isPublicKey,
  StorageError,
  type PutOptions,
  type Storage,
  type StorageBody,
  type StoredObject,
} from './storage.js';

export const LOCAL_FILES_ROUTE = '/files';

/**
 * Originals keep their GPS and the outbox holds addresses: only the shop's own user may read
 * what is stored. Public files reach visitors through the server, never through the disk.
 */
export const PRIVATE_FILE = 0o600;
export const PRIVATE_FOLDER = 0o700;

export class LocalStorage implements Storage {
  readonly kind = 'local' as const;

  constructor(
    readonly root: string,
    private readonly publicBaseUrl: string,
  ) {}

  async ready(): Promise<void> {
    await mkdir(this.root, { recursive: true, mode: PRIVATE_FOLDER });
  }

  pathOf(key: string): string {
    assertValidKey(key);
    return join(this.root, key);
  }

  async put(key: string, body: StorageBody, options: PutOptions): Promise<void> {
    const target = this.pathOf(key);
    if (options.overwrite === false && (await this.exists(key))) {
      throw new StorageError(`The resource already exists: ${key}`, 'already_exists');
    }
    await mkdir(dirname(target), { recursive: true, mode: PRIVATE_FOLDER });
    // Write beside the target, then rename: a reader never sees half a file.
    const partial = `${target}.${randomUUID()}.partial`;
    try {
      if (Buffer.isBuffer(body)) await writeFile(partial, body, { mode: PRIVATE_FILE });
      else {
        await copyFile(body.path, partial);
        await chmod(partial, PRIVATE_FILE);
      }
      await rename(partial, target);
    } catch (error) {
      await rm(partial, { force: true });
      throw error;
    }
  }

  async get(key: string): Promise<Buffer> {
    const path = this.pathOf(key);
    try {
      return await readFile(path);
    } catch (error) {
      throw notFound(key, error);
    }
  }

  async stream(key: string): Promise<Readable> {
    const path = this.pathOf(key);
    try {
      await stat(path);
    } catch (error) {
      throw notFound(key, error);
    }
    return createReadStream(path);
  }

  async exists(key: string): Promise<boolean> {
    try {
      return (await stat(this.pathOf(key))).isFile();
    } catch {
      return false;
    }
  }

  async delete(key: string): Promise<void> {
    await rm(this.pathOf(key), { force: true });
  }

  async list(prefix: string): Promise<StoredObject[]> {
    const folder = join(this.root, prefix.slice(0, prefix.lastIndexOf('/') + 1));
    const entries = await readdir(folder, { recursive: true, withFileTypes: true }).catch(() => []);
    const objects: StoredObject[] = [];
    for (const entry of entries) {
      if (!entry.isFile() || entry.name.endsWith('.partial')) continue;
      const path = join(entry.parentPath, entry.name);
      const key = relative(this.root, path).split(sep).join('/');
      if (!key.startsWith(prefix)) continue;
      const info = await stat(path).catch(() => undefined);
      if (info) objects.push({ key, lastModified: info.mtime });
    }
    return objects.sort((a, b) => a.key.localeCompare(b.key));
  }

  publicUrl(key: string): string {
    assertValidKey(key);
    if (!isPublicKey(key)) throw new StorageError(`No public URL for a private object: ${key}`, 'private_key');
    return `${this.publicBaseUrl}${LOCAL_FILES_ROUTE}/${key}`;
  }
}

function notFound(key: string, cause: unknown): StorageError {
  const error = new StorageError(`Object not found: ${key}`, 'not_found');
  error.cause = cause;
  return error;
}
