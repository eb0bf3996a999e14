/**
 * Piscina worker: renders one artwork per task and reports progress over the task's port.
 */
import type { MessagePort } from 'node:worker_threads';
import { type LocalRenderJob, type LocalRenderOutput, PREVIEW_LONG_SIDE, renderLocal } from './render.js';
import { cancelIdleCollection, collectWhenIdle } from './idle-gc.js';
import { collectHelperNow, warmHelper } from './parallel.js';

/** A render job, with the port its progress goes to. */
export interface RenderTask extends LocalRenderJob {
  /** Renders nothing: starts the thread (and its helper) ahead of its work (see startRenderThread). */
  start?: true;
  port?: MessagePort;
}

// The helper thread boots while the first task decodes its photo.
warmHelper();

export default async function renderTask(task: RenderTask): Promise<LocalRenderOutput | undefined> {
  const { start, port, ...job } = task;
  if (start) return undefined;
  cancelIdleCollection();
  try {
    return await renderLocal(job, (fraction) => port?.postMessage(fraction));
  } finally {
    port?.close();
    // Print files queued back to back keep the helper from ever going quiet: it lets go of
    // this one's hundreds of megabytes now rather than after the last of them. A preview's
    // garbage waits for the helper's idle collection: collecting after each one cost the
    // previews 5–10 % of their CPU time.
    if (task.longSide > PREVIEW_LONG_SIDE) collectHelperNow();
    collectWhenIdle({ quick: false });
  }
}
