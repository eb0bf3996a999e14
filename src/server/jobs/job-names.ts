/**
 * Every job the shop runs, with its payload. Payloads carry ids only: a handler re-reads
 * its rows, so a retried or duplicated job does no harm.
 */
export interface JobPayloads {
  /** Removes a stored object whose row is gone (deleted transformations, replaced previews). */
  'storage.delete': { key: string };
  /** Draws a store product's own picture (without artwork). */
  'catalog.product-image': { productId: string };
  /** Draws the built-in catalog's product pictures that are missing (the admin's catalog browser). */
  'catalog.catalog-images': { catalog: 'builtin' };
  /** Renders a style's picker preview from the sample photo. */
  'style.render-preview': { styleId: string };
  /** Renders a transformation's 2048 px preview artwork. */
  'transformation.render': { transformationId: string };
  /** Asks Printful's mockup generator for one variant and copies the results into storage. */
  'mockups.printful': { transformationId: string; variantId: number };
  /** Renders a paid order's line's full-resolution print file (queued by the paid event). */
  'order.print-file': { orderId: string; orderItemId: string };
  /** Sends a paid order's confirmation e-mail (queued once, by the paid event). */
  'order.send-confirmation': { orderId: string };
  /** Hands a paid order to the fulfilment provider (queued once, by the paid event). */
  'order.submit-fulfilment': { orderId: string };
  /** Sends the "your order has shipped" e-mail (queued when the order ships; sent once). */
  'order.send-shipped': { orderId: string };
  /** Moves a simulated fulfilment on one step, from the status named (a repeat changes nothing). */
  'fulfilment.simulated-advance': { orderId: string; from: 'pending' | 'confirmed' };
}

export type JobName = keyof JobPayloads;

export type JobHandler<N extends JobName> = (data: JobPayloads[N]) => Promise<void>;

export type JobHandlers = { [N in JobName]?: JobHandler<N> };

export interface JobSettings {
  /** How many jobs of this kind one process works at once. */
  concurrency: number;
  retryLimit: number;
  /** First retry delay in seconds; doubles after each failure. */
  retryDelaySeconds: number;
  /** The longest a job may run, however alive its worker is. */
  expireInSeconds: number;
  /**
   * A working job's process marks it alive every half of this; a job not marked for this
   * long belonged to a process that died (a crash, kill -9, power cut) and is retried then,
   * not after `expireInSeconds`. pg-boss's minimum is 10.
   */
  heartbeatSeconds: number;
  /** pg-boss queue policy; `exclusive` keeps one job per singletonKey queued or running. */
  policy?: 'standard' | 'exclusive';
  /**
   * Nobody waits on this job as it runs: in a process that also serves visitors it starts
   * once none is being served (see `startJobQueue`). A job a visitor is watching never waits.
   */
  background?: boolean;
  /**
   * CPU-heavy work: 'interactive' is a visitor's (their artwork's preview), run at once;
   * 'deferred' (print files, style previews, product pictures) waits while interactive work
   * runs in this process, one at a time (infra/work-gate.ts).
   */
  lane?: 'interactive' | 'deferred';
}

const defaults: JobSettings = {
  concurrency: 2,
  retryLimit: 3,
  retryDelaySeconds: 5,
  expireInSeconds: 15 * 60,
  heartbeatSeconds: 20,
};

/** Per-job tuning, one entry per job (so that every queue is made at start); `{}` runs with the defaults. */
export const jobSettings: Record<JobName, Partial<JobSettings>> = {
  'storage.delete': { background: true },
  // Start-up and the admin's pictures: drawn when no visitor is waiting for an artwork.
  'catalog.product-image': { lane: 'deferred' },
  'catalog.catalog-images': { policy: 'exclusive', lane: 'deferred' },
  'style.render-preview': { lane: 'deferred' },
  // A render takes seconds, a hosted AI minutes; a crashed one is retried once its heartbeat stops.
  'transformation.render': {
    concurrency: 2,
    retryLimit: 2,
    retryDelaySeconds: 2,
    expireInSeconds: 5 * 60,
    lane: 'interactive',
  },
  // Print files are big (up to 6000 px): one at a time keeps memory in check. One job per line
  // (singletonKey = line id). A print file waits while visitors' work runs, so its time limit
  // is long; a crashed one is retried once its heartbeat stops.
  'order.print-file': {
    concurrency: 1,
    lane: 'deferred',
    retryLimit: 5,
    retryDelaySeconds: 10,
    expireInSeconds: 60 * 60,
    policy: 'exclusive',
  },
  // Printful allows 2–10 mockup tasks a minute: few at once, patient retries.
  'mockups.printful': { concurrency: 1, retryLimit: 3, retryDelaySeconds: 30, expireInSeconds: 5 * 60 },
  // One job per order at a time (singletonKey = order id), retried with back-off for about two
  // hours (10 s, 20 s, 40 s, … each with up to as much again of jitter); the first retry comes
  // quickly, so that an order whose worker died mid-way is finished within a minute or so.
  'order.send-confirmation': {
    concurrency: 4,
    retryLimit: 9,
    retryDelaySeconds: 10,
    policy: 'exclusive',
    background: true,
  },
  'order.submit-fulfilment': {
    concurrency: 4,
    retryLimit: 9,
    retryDelaySeconds: 10,
    expireInSeconds: 5 * 60,
    policy: 'exclusive',
    background: true,
  },
  'order.send-shipped': {
    concurrency: 2,
    retryLimit: 6,
    retryDelaySeconds: 60,
    policy: 'exclusive',
    background: true,
  },
  'fulfilment.simulated-advance': { concurrency: 4, retryLimit: 3, retryDelaySeconds: 5, background: true },
};

export const JOB_NAMES = Object.keys(jobSettings) as JobName[];

export function settingsFor(name: JobName): JobSettings {
  return { ...defaults, ...jobSettings[name] };
}

export type JobState = 'created' | 'retry' | 'active' | 'completed' | 'cancelled' | 'failed';

/** Queued, waiting to retry, or being worked. */
export const LIVE_JOB_STATES: readonly JobState[] = ['created', 'retry', 'active'];
