/**
 * Every job the shop runs, with its payload. Payloads carry ids only: a handler re-reads
 * its rows, so a retried or duplicated job does no harm.
 */
export interface JobPayloads {
  /** Removes a stored object whose row is gone (deleted transformations, replaced previews). */
  'storage.delete': { key: string };
  /** Renders a style's picker preview from the sample photo. */
  'style.render-preview': { styleId: string };
  /** Renders a transformation's 2048 px preview artwork. */
  'transformation.render': { transformationId: string };
  /** Asks Printful's mockup generator for one variant and copies the results into storage. */
  'mockups.printful': { transformationId: string; variantId: number };
  /** Renders a completed transformation's full-resolution print file. */
  'transformation.print-file': { transformationId: string };
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
export const jobSettings: Partial<Record<JobName, Partial<JobSettings>>> = {
  // A crashed render is retried once its lease expires; a render takes seconds, a hosted AI minutes.
  'transformation.render': { concurrency: 2, retryLimit: 2, retryDelaySeconds: 2, expireInSeconds: 5 * 60 },
  // Print files are big (up to 6000 px): one at a time keeps memory in check.
  'transformation.print-file': { concurrency: 1, retryLimit: 3, expireInSeconds: 10 * 60 },
  // Printful allows 2–10 mockup tasks a minute: few at once, patient retries.
  'mockups.printful': { concurrency: 1, retryLimit: 3, retryDelaySeconds: 30, expireInSeconds: 5 * 60 },
};

export function settingsFor(name: JobName): JobSettings {
  return { ...defaults, ...jobSettings[name] };
}
