/**
 * A job queue that starts when first used rather than when made. Starting pg-boss (loading
 * it, checking its schema and every queue) takes a few hundred milliseconds of the single
 * embedded connection; `npm start` answers visitors first and starts the queue right after.
 * Until then, anything sent waits for the start; nothing is lost.
 *
 * A job queued inside a transaction is the exception: starting pg-boss takes the embedded
 * database's one connection, which that transaction holds, so the start would wait for the
 * transaction and the transaction for the start, for ever (a restarted shop hung on its
 * first checkout this way). Such a send refuses until the queue runs; callers await
 * `ready()` before they open the transaction (a new transformation, an order turning paid).
 * Every other request goes on while the queue starts.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { DatabaseHandle } from '../db/client.js';
import type { RequestsInFlight } from '../http/in-flight.js';
import type { JobQueue } from './queue.js';

export function deferredJobQueue(
  database: DatabaseHandle,
  log: FastifyBaseLogger,
  requests?: RequestsInFlight,
): JobQueue {
  let started: Promise<JobQueue> | undefined;
  let queue: JobQueue | undefined;
  const start = () =>
    (started ??= import('./queue.js')
      .then(({ startJobQueue }) => startJobQueue(database, log, requests))
      .then((running) => (queue = running)));
  const running = () => {
    if (!queue) throw new Error('jobs queued in a transaction need a running queue: await jobs.ready() first');
    return queue;
  };

  return {
    send: async (name, data, options) => (await start()).send(name, data, options),
    sendWithin: async (tx, name, data, options) => running().sendWithin(tx, name, data, options),
    sendAll: async (jobs, tx) => (tx ? running() : await start()).sendAll(jobs, tx),
    ready: async () => void (await start()),
    states: async (name, data) => (await start()).states(name, data),
    position: async (name, data) => (await start()).position(name, data),
    // A queue not yet started has no workers to wake: they look for work as they start.
    wake: (name) => queue?.wake(name),
    work: async (handlers) => (await start()).work(handlers),
    async stop() {
      if (started) await (await started).stop();
    },
  };
}
