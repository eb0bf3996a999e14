/**
 * The job queue: pg-boss on the shop's own database (PGlite through its `db` option, or
 * PostgreSQL), so jobs survive a crash and any number of worker processes can share them.
 */
import { PgBoss, type SendOptions } from 'pg-boss';
import type { FastifyBaseLogger } from 'fastify';
import { transactionExecutor, type DatabaseHandle, type Transaction } from '../db/client.js';
import { jobRuns, reportQueueDepths, timed } from '../http/metrics.js';
import type { NextJob } from './flow.js';
import {
  JOB_NAMES,
  settingsFor,
  type JobHandlers,
  type JobName,
  type JobPayloads,
  type JobState,
} from './job-names.js';

export interface JobQueue {
  send<N extends JobName>(name: N, data: JobPayloads[N], options?: SendOptions): Promise<string | null>;
  /**
   * Queues a job inside the caller's transaction: the job exists if and only if that
   * transaction commits. Call `wake(name)` once it has committed.
   */
  sendWithin<N extends JobName>(
    tx: Transaction,
    name: N,
    data: JobPayloads[N],
    options?: SendOptions,
  ): Promise<string | null>;
  /** Queues each job (in `tx` when given; call `wake` for them once it commits). */
  sendAll(jobs: readonly NextJob[], tx?: Transaction): Promise<void>;
  /** The states of the jobs of `name` whose payload contains `data` (pg-boss keeps finished ones for days). */
  states<N extends JobName>(name: N, data: Partial<JobPayloads[N]>): Promise<JobState[]>;
  /** Tells this process's workers of `name` to look for work now rather than at their next poll. */
  wake(name: JobName): void;
  /** Starts working every job that has a handler, in this process. */
  work(handlers: JobHandlers): Promise<void>;
  stop(): Promise<void>;
}

export { LIVE_JOB_STATES, type JobState } from './job-names.js';

/** How often pg-boss looks for jobs whose time or heartbeat ran out (its default is a minute). */
const SUPERVISE_SECONDS = 10;
const NO_JOB = '00000000-0000-0000-0000-000000000000';
/** What pg-boss writes on a job it failed because its worker stopped beating. */
const HEARTBEAT_TIMEOUT = 'job heartbeat timeout';

export async function startJobQueue(database: DatabaseHandle, log: FastifyBaseLogger): Promise<JobQueue> {
  const supervision = { superviseIntervalSeconds: SUPERVISE_SECONDS, monitorIntervalSeconds: SUPERVISE_SECONDS };
  const boss =
    database.kind === 'pglite'
      ? new PgBoss({ db: database.executor, schema: 'pgboss', ...supervision })
      : new PgBoss({ connectionString: database.connectionString!, schema: 'pgboss', max: 4, ...supervision });
  boss.on('error', (error) => log.error({ err: error }, 'job queue error'));
  await boss.start();

  for (const name of JOB_NAMES) {
    const settings = settingsFor(name);
    const options = {
      retryLimit: settings.retryLimit,
      retryDelay: settings.retryDelaySeconds,
      retryBackoff: true,
      expireInSeconds: settings.expireInSeconds,
      heartbeatSeconds: settings.heartbeatSeconds,
    };
    if (await boss.getQueue(name)) await boss.updateQueue(name, options);
    else await boss.createQueue(name, { ...options, policy: settings.policy ?? 'standard' });
    // pg-boss looks a queue up once and keeps it. A send inside a PGlite transaction must not
    // be the first to look (PGlite has one connection, which the transaction holds), so every
    // queue is looked up here, with a read that finds nothing.
    await boss.getJobById(name, NO_JOB);
  }

  // A job pg-boss failed for its lost heartbeat did not fail: its process died. Back-off is for
  // failures (a service down), so such a job is made due at once rather than after its delay,
  // however often crashes interrupted it. pg-boss has no call for this; its job table does.
  const resumeCrashed = setInterval(() => {
    database.executor
      .executeSql(
        `update pgboss.job set start_after = now()
         where state = 'retry' and start_after > now() and output -> 'value' ->> 'message' = $1`,
        [HEARTBEAT_TIMEOUT],
      )
      .catch((error: unknown) => log.warn({ err: error }, 'could not resume the jobs of a process that died'));
  }, SUPERVISE_SECONDS * 1000);
  resumeCrashed.unref();

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
  const wake = (name: JobName) => {
    // Polling alone would add a second or more; wake this process's worker at once.
    for (const workerId of workerIds.get(name) ?? []) boss.notifyWorker(workerId);
  };

  return {
    async send(name, data, options) {
      const id = await boss.send(name, data as object, options ?? {});
      wake(name);
      return id;
    },

    sendWithin: (tx, name, data, options) =>
      boss.send(name, data as object, { ...options, db: transactionExecutor(tx) }),

    async sendAll(jobs, tx) {
      for (const job of jobs) {
        if (tx) await boss.send(job.name, job.data as object, { ...job.options, db: transactionExecutor(tx) });
        else await boss.send(job.name, job.data as object, job.options ?? {});
      }
      if (!tx) for (const job of jobs) wake(job.name);
    },

    wake,

    async states(name, data) {
      const jobs = await boss.findJobs(name, { data: data as object });
      return jobs.map((job) => job.state as JobState);
    },

    async work(handlers) {
      for (const [name, handler] of Object.entries(handlers) as Array<[JobName, (data: unknown) => Promise<void>]>) {
        const { concurrency } = settingsFor(name);
        const ids: string[] = [];
        for (let slot = 0; slot < concurrency; slot += 1) {
          let workerId = '';
          workerId = await boss.work(name, { batchSize: 1, pollingIntervalSeconds: 2 }, async ([job]) => {
            try {
              await timed(
                (seconds, failed) =>
                  jobRuns.observe({ queue: name, outcome: failed ? 'failed' : 'completed' }, seconds),
                () => handler(job.data),
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
      clearInterval(resumeCrashed);
      await boss.stop({ graceful: true, timeout: 10_000 });
    },
  };
}
