/**
 * Every job the shop runs, with its payload. Payloads carry ids only: a handler re-reads
 * its rows, so a retried or duplicated job does no harm.
 */
export interface JobPayloads {
  /** Removes a stored object whose row is gone (deleted transformations, replaced previews). */
  'storage.delete': { key: string };
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
  expireInSeconds: number;
}

const defaults: JobSettings = { concurrency: 2, retryLimit: 3, retryDelaySeconds: 5, expireInSeconds: 15 * 60 };

/** Per-job tuning; a job not listed runs with the defaults. */
export const jobSettings: Partial<Record<JobName, Partial<JobSettings>>> = {};

export function settingsFor(name: JobName): JobSettings {
  return { ...defaults, ...jobSettings[name] };
}
