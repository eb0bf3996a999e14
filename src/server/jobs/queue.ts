/**
 * The job queue: pg-boss on the shop's own database (PGlite through its `db` option, or
 * PostgreSQL), so jobs survive a crash and any number of worker processes can share them.
 */
import { randomUUID } from 'node:crypto';
import { PgBoss, type JobInsert, type SendOptions } from 'pg-boss';
import type { FastifyBaseLogger } from 'fastify';
import { transactionExecutor, type DatabaseHandle, type Transaction } from '../db/client.js';
import type { RequestsInFlight } from '../http/in-flight.js';
import { jobRuns, reportQueueDepths, timed } from '../http/metrics.js';
import { workGate } from '../infra/work-gate.js';
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
  /**
   * Where the waiting job of `name` whose payload contains `data` stands in its queue, with
   * how long the queue's last jobs took: null when no such job is waiting (running, done, gone).
   */
  position<N extends JobName>(name: N, data: Partial<JobPayloads[N]>): Promise<QueuePosition | null>;
  /** Tells this process's workers of `name` to look for work now rather than at their next poll. */
  wake(name: JobName): void;
  /**
   * Resolves once the queue is running. Anything that queues jobs inside a transaction
   * awaits it first: on the embedded database, a queue starting inside a transaction would
   * wait for that transaction forever.
   */
  ready(): Promise<void>;
  /** Starts working every job that has a handler, in this process. */
  work(handlers: JobHandlers): Promise<void>;
  stop(): Promise<void>;
}

export { LIVE_JOB_STATES, type JobState } from './job-names.js';

export interface QueuePosition {
  /** Jobs of the queue waiting ahead of this one (due now, queued earlier). */
  ahead: number;
  /** Jobs of the queue being worked now, in every process. */
  running: number;
  /** Seconds each of the queue's last completed jobs ran, newest first (at most `RECENT_RUNS`). */
  recentSeconds: number[];
}

/** How many of a queue's last runs its time estimate follows. */
const RECENT_RUNS = 20;
/** How long a queue's running count and recent run times serve every waiting visitor's estimate. */
export const RUNS_FRESH_MS = 2_000;

/**
 * On PostgreSQL, where other processes may queue the jobs this one works, a queued job is
 * announced on this channel (`<queue> <process>`) and a worker process wakes a slot for it:
 * pg-boss alone finds it only at its next poll, up to `POLLING_SECONDS` later, at every step
 * of a visitor's artwork.
 */
const QUEUED_CHANNEL = 'job_queued';
/** How often an idle worker slot asks for a job when nothing woke it. */
const POLLING_SECONDS = 2;

/** How often pg-boss looks for jobs whose time or heartbeat ran out (its default is a minute). */
const SUPERVISE_SECONDS = 10;
const NO_JOB = '00000000-0000-0000-0000-000000000000';
/** What pg-boss writes on a job it failed because its worker stopped beating. */
const HEARTBEAT_TIMEOUT = 'job heartbeat timeout';
/**
 * A background job starts once this process has served no request for `quietMs`, or after
 * `maxWaitMs`: a rush of 100 checkouts is served in a few seconds, and a shop that stays busy
 * longer still gets its orders sent on, a few jobs every ten seconds.
 */
const BACKGROUND_WAIT = { quietMs: 100, maxWaitMs: 10_000 };

/**
 * Starts pg-boss on `database`. A background job (see `JobSettings.background`) waits for a
 * quiet moment in `requests` (`BACKGROUND_WAIT`): measured with 100 checkouts at once, paid
 * orders' jobs worked among them stretched the rush (p95) from 2.4–2.7 s to 4.0–5.1 s.
 */
export async function startJobQueue(
  database: DatabaseHandle,
  log: FastifyBaseLogger,
  requests?: RequestsInFlight,
  { pollingSeconds = POLLING_SECONDS }: { pollingSeconds?: number } = {},
): Promise<JobQueue> {
  const supervision = { superviseIntervalSeconds: SUPERVISE_SECONDS, monitorIntervalSeconds: SUPERVISE_SECONDS };
  const boss =
    database.kind === 'pglite'
      ? new PgBoss({ db: database.executor, schema: 'pgboss', ...supervision })
      : new PgBoss({ connectionString: database.connectionString!, schema: 'pgboss', max: 4, ...supervision });
  boss.on('error', (error) => log.error({ err: error }, 'job queue error'));
  await boss.start();

  // pg-boss read every queue as it started; only a queue that is new or whose settings
  // changed costs a write (each start used to take three statements a queue, 33 in all,
  // while a restarted shop's first visitors waited for the database).
  const existing = new Map((await boss.getQueues()).map((queue) => [queue.name, queue]));
  for (const name of JOB_NAMES) {
    const settings = settingsFor(name);
    const options = {
      retryLimit: settings.retryLimit,
      retryDelay: settings.retryDelaySeconds,
      retryBackoff: true,
      expireInSeconds: settings.expireInSeconds,
      heartbeatSeconds: settings.heartbeatSeconds,
    };
    const queue = existing.get(name);
    if (queue) {
      const changed = (Object.keys(options) as Array<keyof typeof options>).some((key) => queue[key] !== options[key]);
      if (changed) await boss.updateQueue(name, options);
      continue;
    }
    await boss.createQueue(name, { ...options, policy: settings.policy ?? 'standard' });
    // pg-boss looks a queue up once and keeps it. A send inside a PGlite transaction must not
    // be the first to look (PGlite has one connection, which the transaction holds), so a new
    // queue is looked up here, with a read that finds nothing.
    await boss.getJobById(name, NO_JOB);
  }

  // A job pg-boss failed for its lost heartbeat did not fail: its process died. Back-off is for
  // failures (a service down), so such a job is made due at once rather than after its delay,
  // however often crashes interrupted it. pg-boss has no call for this; its job table does.
  const resumeCrashedJobs = () =>
    database.executor.executeSql(
      `update pgboss.job set start_after = now()
       where state = 'retry' and start_after > now() and output -> 'value' ->> 'message' = $1`,
      [HEARTBEAT_TIMEOUT],
    );
  // The embedded database is open in this process only (its folder is locked), so a job still
  // active as the queue starts belonged to a process that died: it is failed as pg-boss fails a
  // job whose heartbeat stopped, and resumed now, not once its heartbeat has run out (a render
  // killed mid-way waited half a minute after the restart).
  if (database.kind === 'pglite') {
    const { rows } = await database.executor.executeSql(`select name, id from pgboss.job where state = 'active'`);
    const orphans = new Map<string, string[]>();
    for (const { name, id } of rows as Array<{ name: string; id: string }>) {
      orphans.set(name, [...(orphans.get(name) ?? []), id]);
    }
    for (const [name, ids] of orphans) await boss.fail(name, ids, { value: { message: HEARTBEAT_TIMEOUT } });
    if (rows.length > 0) await resumeCrashedJobs();
  }
  const resumeCrashed = setInterval(() => {
    resumeCrashedJobs().catch((error: unknown) =>
      log.warn({ err: error }, 'could not resume the jobs of a process that died'),
    );
  }, SUPERVISE_SECONDS * 1000);
  resumeCrashed.unref();

  const workerIds = new Map<JobName, string[]>();
  /** Per queue, the slots now running a job: a wake goes to one slot that is not. */
  const busySlots = new Map<JobName, Set<string>>();
  const lastWoken = new Map<JobName, number>();
  // The queue list's counts are refreshed by pg-boss's monitor now and then; a scrape counts afresh.
  reportQueueDepths(async () =>
    Promise.all(
      (await boss.getQueues()).map(async ({ name }) => {
        const stats = (await boss.getQueueStats(name)) as { queuedCount: number; activeCount: number };
        return { queue: name, queued: stats.queuedCount, active: stats.activeCount };
      }),
    ),
  );
  // Polling alone would add a second or more, so a new job wakes one of this process's slots
  // for its queue at once. One, not all: each woken slot asks the database for a job, and on
  // the embedded database a burst of paid orders woke every slot for every order, most of them
  // to find nothing. A slot in the middle of a job is left alone: it looks again when done.
  const wake = (name: JobName) => {
    const ids = workerIds.get(name) ?? [];
    const busy = busySlots.get(name);
    const from = (lastWoken.get(name) ?? -1) + 1;
    for (let step = 0; step < ids.length; step += 1) {
      const index = (from + step) % ids.length;
      if (busy?.has(ids[index])) continue;
      lastWoken.set(name, index);
      boss.notifyWorker(ids[index]);
      return;
    }
  };
  const isDue = (options?: SendOptions) =>
    !options?.startAfter || (typeof options.startAfter === 'number' && options.startAfter <= 0);
  /** A job delayed to later is found by the polling; waking a slot for it finds nothing. */
  const wakeIfDue = (name: JobName, options?: SendOptions) => {
    if (isDue(options)) wake(name);
  };
  // This process wakes its own slots directly; the announcement is for the others.
  const processId = randomUUID();
  const announce = async (names: Iterable<JobName>, tx?: Transaction) => {
    if (database.kind !== 'postgres') return;
    const executor = tx ? transactionExecutor(tx) : database.executor;
    // Inside a transaction the announcement goes out when it commits, with the jobs.
    for (const name of new Set(names))
      await executor.executeSql('select pg_notify($1, $2)', [QUEUED_CHANNEL, `${name} ${processId}`]);
  };
  const announceSafely = (names: Iterable<JobName>) =>
    announce(names).catch((error: unknown) =>
      log.warn({ err: error }, 'could not announce queued jobs; other processes find them at their next poll'),
    );
  let stopListening: (() => Promise<void>) | undefined;

  // What every waiting visitor's estimate shares: read once per queue every few seconds, not
  // once per visitor (each read scans the queue's finished jobs, kept for two weeks).
  const runs = new Map<JobName, { at: number; read: Promise<Omit<QueuePosition, 'ahead'>> }>();
  const readRuns = async (name: JobName): Promise<Omit<QueuePosition, 'ahead'>> => {
    const { rows } = await database.executor.executeSql(
      `select
         (select count(*) from pgboss.job where name = $1 and state = 'active')::int as running,
         (select coalesce(json_agg(seconds), '[]'::json) from (
           select extract(epoch from completed_on - started_on)::float8 as seconds from pgboss.job
           where name = $1 and state = 'completed' and started_on is not null
           order by completed_on desc limit ${RECENT_RUNS}) recent) as recent`,
      [name],
    );
    const [{ running, recent }] = rows as [{ running: number; recent: number[] | string }];
    const seconds = typeof recent === 'string' ? (JSON.parse(recent) as number[]) : recent;
    return { running, recentSeconds: seconds.map(Number) };
  };
  const queueRuns = (name: JobName) => {
    const cached = runs.get(name);
    if (cached && Date.now() - cached.at < RUNS_FRESH_MS) return cached.read;
    const read = readRuns(name);
    runs.set(name, { at: Date.now(), read });
    read.catch(() => runs.delete(name));
    return read;
  };

  return {
    async send(name, data, options) {
      const id = await boss.send(name, data as object, options ?? {});
      wakeIfDue(name, options);
      if (isDue(options)) await announceSafely([name]);
      return id;
    },

    async sendWithin(tx, name, data, options) {
      const id = await boss.send(name, data as object, { ...options, db: transactionExecutor(tx) });
      if (isDue(options)) await announce([name], tx);
      return id;
    },

    // One statement per queue, however many jobs: a batch of paid orders queues its e-mails
    // and fulfilment hand-overs in two.
    async sendAll(jobs, tx) {
      const byQueue = new Map<JobName, JobInsert[]>();
      for (const job of jobs) {
        let inserts = byQueue.get(job.name);
        if (!inserts) byQueue.set(job.name, (inserts = []));
        inserts.push({ data: job.data as object, ...job.options });
      }
      for (const [name, inserts] of byQueue)
        await boss.insert(name, inserts, tx ? { db: transactionExecutor(tx) } : {});
      const due = jobs.filter((job) => isDue(job.options)).map((job) => job.name);
      if (tx) {
        await announce(due, tx);
        return;
      }
      for (const job of jobs) wakeIfDue(job.name, job.options);
      await announceSafely(due);
    },

    wake,

    ready: async () => {},

    async position(name, data) {
      // `state < 'active' and not blocked` is the predicate of pg-boss's index of waiting jobs
      // (`state in ('created', 'retry')` is the same set, but read the whole job table).
      const { rows } = await database.executor.executeSql(
        `with mine as (
           select created_on from pgboss.job
           where name = $1 and state < 'active' and not blocked and data @> $2::jsonb
           order by created_on desc limit 1
         )
         select (select count(*) from pgboss.job j, mine
                  where j.name = $1 and j.state < 'active' and not j.blocked and j.start_after <= now()
                    and j.created_on < mine.created_on)::int as ahead
         from mine`,
        [name, JSON.stringify(data)],
      );
      const [row] = rows as Array<{ ahead: number }>;
      if (!row) return null;
      return { ahead: row.ahead, ...(await queueRuns(name)) };
    },

    async states(name, data) {
      const jobs = await boss.findJobs(name, { data: data as object });
      return jobs.map((job) => job.state as JobState);
    },

    async work(handlers) {
      for (const [name, handler] of Object.entries(handlers) as Array<[JobName, (data: unknown) => Promise<void>]>) {
        const { concurrency, background, lane } = settingsFor(name);
        const inLane = <T>(work: () => Promise<T>) =>
          lane === 'interactive'
            ? workGate.interactiveWork(work)
            : lane === 'deferred'
              ? workGate.deferredWork(work)
              : work();
        const ids: string[] = [];
        const busy = new Set<string>();
        busySlots.set(name, busy);
        for (let slot = 0; slot < concurrency; slot += 1) {
          let workerId = '';
          workerId = await boss.work(name, { batchSize: 1, pollingIntervalSeconds: pollingSeconds }, async ([job]) => {
            busy.add(workerId);
            try {
              if (background) await requests?.quiet(BACKGROUND_WAIT.quietMs, BACKGROUND_WAIT.maxWaitMs);
              await inLane(() =>
                timed(
                  (seconds, failed) =>
                    jobRuns.observe({ queue: name, outcome: failed ? 'failed' : 'completed' }, seconds),
                  () => handler(job.data),
                ),
              );
            } catch (error) {
              log.warn({ err: error, job: name, jobId: job.id }, 'job failed; it will be retried');
              throw error;
            } finally {
              busy.delete(workerId);
              // pg-boss waits out the polling interval after every job; a slot that just
              // finished one looks for the next at once and sleeps only when the queue is empty.
              if (workerId) boss.notifyWorker(workerId);
            }
          });
          ids.push(workerId);
        }
        workerIds.set(name, ids);
      }
      // A payload of '*' (a missed notification, or this process's own write) is left to the
      // polling: this process woke its own slots already.
      if (database.kind === 'postgres' && !stopListening)
        stopListening = await database.listen(QUEUED_CHANNEL, (payload) => {
          const [name, from] = payload.split(' ');
          if (from !== processId && workerIds.has(name as JobName)) wake(name as JobName);
        });
    },

    async stop() {
      clearInterval(resumeCrashed);
      await stopListening?.();
      await boss.stop({ graceful: true, timeout: 10_000 });
    },
  };
}
