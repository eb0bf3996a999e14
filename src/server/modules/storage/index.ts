import { join } from 'node:path';
import type { Config } from '../../config.js';
import { LocalStorage } from './local-storage.js';
import { S3Storage } from './s3-storage.js';
import type { Storage } from './storage.js';

export * from './storage.js';
export { LocalStorage, LOCAL_FILES_ROUTE } from './local-storage.js';
export { S3Storage } from './s3-storage.js';

export function createStorage(config: Config): Storage {
  if (config.s3) return new S3Storage(config.s3);
  // Root-relative URLs keep working whatever host name a visitor uses to reach the shop.
  return new LocalStorage(join(config.dataDir, 'storage'), '');
}
