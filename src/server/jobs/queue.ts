/**
 * The job queue: pg-boss on the shop's own database (PGlite through its `db` option, or
 * PostgreSQL), so jobs survive a crash and any number of worker processes can share them.
 */
import { PgBoss, type SendOptions } from 'pg-boss';
import type { FastifyBaseLogger } from 'fastify';
import type { DatabaseHandle } from '../db/client.js';
import { jobRuns, reportQueueDepths, timed } from '../http/metrics.js';
import { settingsFor, type JobHandlers, type JobName, type JobPayloads } from './job-names.js';

export interface JobQueue {
  send<N extends JobName>(name: N, data: JobPayloads[N], options?: SendOptions): Promise<string | null>;
  /** Starts working every job that has a handler, in this process. */
  work(handlers: JobHandlers): Promise<void>;
  stop(): Promise<void>;
}

export async function startJobQueue(database: DatabaseHandle, log: FastifyBaseLogger): Promise<JobQueue> {
  const boss =
    database.kind === 'pglite'
      ? new PgBoss({ db: database.executor, schema: 'pgboss' })
      : new PgBoss({ connectionString: database.connectionString!, schema: 'pgboss', max: 4 });
  boss.on('error', (error) => log.error({ err: error }, 'job queue error'));
  await boss.start();

  const workerIds = new Map<JobName, string[]>();
  // The queue list's counts are refreshed by pg-boss's monitor now and then; a scrape counts afresh.
  reportQueueDepths(async () =>
    Promise.all(
      (await boss.getQueues()).map(async ({ name }) => {
        const stats = (await boss.getQueueStats(name)) as { queuedCount: number; activeCount: number };
        return { queue: name, queued: stats.queuedCount, active: stats.activeCount };
      }),
    ),
  );
  const ensured = new Set<JobName>();

  async function ensureQueue(name: JobName): Promise<void> {
    if (ensured.has(name)) return;
    const settings = settingsFor(name);
    const options = {
      retryLimit: settings.retryLimit,
      retryDelay: settings.retryDelaySeconds,
      retryBackoff: true,
      expireInSeconds: settings.expireInSeconds,
    };
    if (await boss.getQueue(name)) await boss.updateQueue(name, options);
    else await boss.createQueue(name, { ...options, policy: settings.policy ?? 'standard' });
    ensured.add(name);
  }

  return {
    async send(name, data, options) {
      await ensureQueue(name);
      const id = await boss.send(name, data as object, options ?? {});
      // Polling alone would add a second or more; wake this process's worker at once.
      for (const workerId of workerIds.get(name) ?? []) boss.notifyWorker(workerId);
      return id;
    },

    async work(handlers) {
      for (const [name, handler] of Object.entries(handlers) as Array<[JobName, (data: unknown) => Promise<void>]>) {
        await ensureQueue(name);
        const { concurrency } = settingsFor(name);
        const ids: string[] = [];
        for (let slot = 0; slot < concurrency; slot += 1) {
          let workerId = '';
          workerId = await boss.work(name, { batchSize: 1, pollingIntervalSeconds: 2 }, async ([job]) => {
            try {
              await timed((seconds, failed) => jobRuns.observe({ queue: name, outcome: failed ? 'failed' : 'completed' }, seconds), () =>
                handler(job.data),
              );
            } catch (error) {
              log.warn({ err: error, job: name, jobId: job.id }, 'job failed; it will be retried');
              throw error;
            } finally {
              // pg-boss waits out the polling interval after every job; a slot that just
              // finished one looks for the next at once and sleeps only when the queue is empty.
              if (workerId) boss.notifyWorker(workerId);
            }
          });
          ids.push(workerId);
        }
        workerIds.set(name, ids);
      }
    },

    async stop() {
      await boss.stop({ graceful: true, timeout: 10_000 });
    },
  };
}
