/**
 * Everything a request or a job needs, made once per process from the configuration:
 * the database, storage and job queue, each the adapter the configuration picks.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config.js';
import { openDatabase, type Database, type DatabaseHandle } from './db/client.js';
import { RequestsInFlight } from './http/in-flight.js';
import { ReadCache } from './http/read-cache.js';
import { deferredJobQueue } from './jobs/deferred-queue.js';
import type { JobQueue } from './jobs/queue.js';

import { createStorage, type Storage } from './infra/storage/index.js';

export interface AppContext {
  config: Config;
  database: DatabaseHandle;
  db: Database;
  storage: Storage;
  jobs: JobQueue;
  /** The storefront's hot reads, kept in memory until their tables change. */
  readCache: ReadCache;
  /** The requests being served now; background jobs wait for none (see `startJobQueue`). */
  requests: RequestsInFlight;
  log: FastifyBaseLogger;
}

export interface ContextOverrides {
  database?: DatabaseHandle;
  storage?: Storage;
  /**
   * Leave the job queue to start on its first use, so that a starting
   * server answers sooner. Otherwise it is running when the context is made.
   */
  startJobsLater?: boolean;
}

export async function createContext(
  config: Config,
  log: FastifyBaseLogger,
  overrides: ContextOverrides = {},
): Promise<AppContext> {
  const database =
    overrides.database ?? (await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir }));
  await database.migrate();
  const storage = overrides.storage ?? (await createStorage(config));
  await storage.ready();
  const requests = new RequestsInFlight();
  const jobs = deferredJobQueue(database, log, requests);
  if (!overrides.startJobsLater) await jobs.ready();
  return { config, database, db: database.db, storage, jobs, readCache: new ReadCache(database), requests, log };
}

export async function closeContext(
  context: AppContext,
  options: { beforeDatabase?: () => Promise<unknown> } = {},
): Promise<void> {
  await context.jobs.stop();
  await context.readCache.close();
  await options.beforeDatabase?.();
  await context.database.close();
}
