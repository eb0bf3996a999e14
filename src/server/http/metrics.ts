/**
 * `GET /metrics` in Prometheus' text format: requests by route, job runs by queue, queue
 * depth, render time per style engine, and the process's own figures (memory, event-loop
 * lag, CPU). One registry per process; a scrape asks the queue for its depth at that moment.
 */
import type { FastifyInstance } from 'fastify';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { describeRoute } from './api-description.js';

export const metricsRegistry = new Registry();
collectDefaultMetrics({ register: metricsRegistry, prefix: 'wanderer_' });

const httpRequests = new Counter({
  name: 'wanderer_http_requests_total',
  help: 'HTTP requests answered, by method, route pattern and status code.',
  labelNames: ['method', 'route', 'status'] as const,
  registers: [metricsRegistry],
});

const httpDuration = new Histogram({
  name: 'wanderer_http_request_duration_seconds',
  help: 'Time to answer an HTTP request, by method and route pattern.',
  labelNames: ['method', 'route'] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers: [metricsRegistry],
});

export const jobRuns = new Histogram({
  name: 'wanderer_job_duration_seconds',
  help: 'Time a job handler ran, by queue and outcome (completed or failed).',
  labelNames: ['queue', 'outcome'] as const,
  buckets: [0.01, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120],
  registers: [metricsRegistry],
});

export const renderDuration = new Histogram({
  name: 'wanderer_render_duration_seconds',
  help: 'Time to render a preview artwork, by style engine.',
  labelNames: ['engine'] as const,
  buckets: [0.1, 0.25, 0.5, 1, 2, 5, 10, 30, 60, 120],
  registers: [metricsRegistry],
});

type QueueDepths = () => Promise<Array<{ queue: string; queued: number; active: number }>>;
let queueDepths: QueueDepths | undefined;

new Gauge({
  name: 'wanderer_job_queue_depth',
  help: 'Jobs waiting (state=queued) and running (state=active), by queue.',
  labelNames: ['queue', 'state'] as const,
  registers: [metricsRegistry],
  async collect() {
    this.reset();
    for (const { queue, queued, active } of (await queueDepths?.().catch(() => [])) ?? []) {
      this.set({ queue, state: 'queued' }, queued);
      this.set({ queue, state: 'active' }, active);
    }
  },
});

/** The job queue reports its depth through this, read at every scrape. */
export function reportQueueDepths(read: QueueDepths): void {
  queueDepths = read;
}

/** Runs `work` and reports how long it took and whether it threw. */
export async function timed<T>(
  observe: (seconds: number, failed: boolean) => void,
  work: () => Promise<T>,
): Promise<T> {
  const started = process.hrtime.bigint();
  const seconds = () => Number(process.hrtime.bigint() - started) / 1e9;
  try {
    const result = await work();
    observe(seconds(), false);
    return result;
  } catch (error) {
    observe(seconds(), true);
    throw error;
  }
}

/**
 * Counts every answered request by its route pattern (never the raw URL, which would make
 * one series per order id), and serves the registry. With `token` set, a scrape must send
 * it as a bearer token.
 */
export function registerMetrics(app: FastifyInstance, options: { token?: string }): void {
  app.addHook('onResponse', async (request, reply) => {
    const route = request.routeOptions.url ?? 'unmatched';
    if (route === '/metrics') return;
    const labels = { method: request.method, route };
    httpRequests.inc({ ...labels, status: String(reply.statusCode) });
    httpDuration.observe(labels, reply.elapsedTime / 1000);
  });

  app.get(
    '/metrics',
    { schema: describeRoute('Prometheus metrics (bearer token when METRICS_TOKEN is set)') },
    async (request, reply) => {
      if (options.token && request.headers.authorization !== `Bearer ${options.token}`) {
        return reply.status(401).send({ error: 'Unauthorized' });
      }
      return reply
        .header('cache-control', 'no-store')
        .type(metricsRegistry.contentType)
        .send(await metricsRegistry.metrics());
    },
  );
}
