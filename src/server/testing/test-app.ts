/**
 * The whole server for an integration test: a fresh database, storage in a temporary
 * folder, the seed, the HTTP app (driven with `app.inject`) and, on request, the workers.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { DestinationStream } from 'pino';
import { buildApp } from '../app.js';
import { loadConfig, type Config } from '../config.js';
import { closeContext, createContext, type AppContext } from '../context.js';
import { createJobHandlers } from '../job-wiring.js';
import { createLogger } from '../logger.js';
import { seedData, seedShop } from '../seed/seed.js';
import { createTestDatabase } from './test-database.js';

export interface TestApp {
  app: FastifyInstance;
  context: AppContext;
  config: Config;
  close(): Promise<void>;
}

export interface TestAppOptions {
  env?: Record<string, string>;
  /** Work the job queue in this process (off by default: most tests run handlers directly). */
  workers?: boolean;
  seed?: boolean;
  /** Where the log goes (with LOG_LEVEL in env): tests that read what was logged. */
  logStream?: DestinationStream;
  /** A built web app to serve instead of dist/web (which a test cannot count on). */
  webRoot?: string;
  /**
   * As `npm start` does: the job queue starts on first use, and the seed writes its rows
   * but queues no renders (which would start it).
   */
  startJobsLater?: boolean;
}

export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const dataDir = await mkdtemp(join(tmpdir(), 'wanderer-test-'));
  const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, LOG_LEVEL: 'silent', ...options.env });
  const database = await createTestDatabase();
  const context = await createContext(config, createLogger(config, options.logStream), {
    database,
    startJobsLater: options.startJobsLater,
  });
  if (options.seed !== false) await (options.startJobsLater ? seedData : seedShop)(context);
  if (options.workers) await context.jobs.work(createJobHandlers(context));
  const app = await buildApp(context, { webRoot: options.webRoot });
  await app.ready();
  return {
    app,
    context,
    config,
    async close() {
      await app.close();
      await closeContext(context);
      // A render the queue stopped waiting for (its 10 s, on a loaded machine) may still be
      // writing its last file while the folder goes.
      await rm(dataDir, { recursive: true, force: true, maxRetries: 10 });
    },
  };
}
