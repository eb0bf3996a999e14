import { join } from 'node:path';
import type { Config } from '../../config.js';
import { LocalStorage } from './local-storage.js';
import type { Storage } from './storage.js';

export * from './storage.js';
export { LocalStorage, LOCAL_FILES_ROUTE } from './local-storage.js';
export type { S3Storage } from './s3-storage.js';

export async function createStorage(config: Config): Promise<Storage> {
  // The AWS SDK is loaded only by a shop that uses S3: it costs start-up time and memory.
  if (config.s3) return new (await import('./s3-storage.js')).S3Storage(config.s3);
  // Root-relative URLs keep working whatever host name a visitor uses to reach the shop.
  return new LocalStorage(join(config.dataDir, 'storage'), '');
}
