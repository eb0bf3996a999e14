/**
 * The job wiring: where the modules meet the job queue, composed above both (jobs/ never
 * imports a module, and no module imports this file).
 *
 * Which code works which job. What follows a job is not decided here or in the modules but
 * in one table, jobs/flow.ts: a handler whose work has a next step returns its outcome, and
 * `following` queues what the table says.
 */
import type { FastifyBaseLogger as Logger } from 'fastify';
import type { AppContext } from './context.js';
import { afterJob, type JobOutcomes } from './jobs/flow.js';
import type { JobHandler, JobHandlers, JobPayloads } from './jobs/job-names.js';
import { queueUnsentConfirmations, sendOrderConfirmation, sendShippedNotice } from './modules/email/index.js';
import {
  advanceSimulatedFulfilment,
  makeOrderItemPrintFile,
  queueUnclaimedFulfilment,
  submitFulfilment,
} from './modules/fulfilment/index.js';
import { renderCatalogImages, renderPrintfulMockups, renderStoreProductImage } from './modules/mockups/index.js';
import { workGate } from './infra/work-gate.js';
import { renderStylePreview, warmLocalEngines } from './modules/styles/index.js';
import { renderTransformation, settleStuckRenders } from './modules/transformations/index.js';

export function createJobHandlers(context: AppContext): JobHandlers {
  /** Runs `work`, then queues what flow.ts says follows its outcome. */
  const following =
    <N extends keyof JobOutcomes>(name: N, work: (data: JobPayloads[N]) => Promise<JobOutcomes[N]>): JobHandler<N> =>
    async (data) => {
      const outcome = await work(data);
      await context.jobs.sendAll(afterJob[name](data, outcome, context.config));
    };

  return {
    'storage.delete': async ({ key }) => context.storage.delete(key),
    'catalog.product-image': ({ productId }) => renderStoreProductImage(context, productId),
    'catalog.catalog-images': () => renderCatalogImages(context),
    'mockups.printful': ({ transformationId, variantId }) =>
      renderPrintfulMockups(context, transformationId, variantId),
    'style.render-preview': ({ styleId }) => renderStylePreview(context, styleId),
    'transformation.render': async ({ transformationId }) =>
      void (await renderTransformation(context, transformationId)),
    'order.print-file': following('order.print-file', ({ orderItemId }) =>
      makeOrderItemPrintFile(context, orderItemId),
    ),
    'order.send-confirmation': async ({ orderId }) => void (await sendOrderConfirmation(context, orderId)),
    'order.submit-fulfilment': following('order.submit-fulfilment', ({ orderId }) =>
      submitFulfilment(context, orderId),
    ),
    'order.send-shipped': async ({ orderId }) => void (await sendShippedNotice(context, orderId)),
    'fulfilment.simulated-advance': following('fulfilment.simulated-advance', ({ orderId, from }) =>
      advanceSimulatedFulfilment(context, orderId, from),
    ),
  };
}

/**
 * The recovery sweep: at start and every few minutes, work that state says is owed but no
 * job will do is queued once — paid orders never handed to fulfilment, confirmations never
 * sent — and renders nothing will finish are settled. The paid transition queues its jobs in
 * its own transaction, so this finds little; it is there for what no transaction covers
 * (orders from before that, a job deleted by hand, a queue wiped on restore). Each rule lives
 * with its module; every step is safe to run in several processes at once.
 */
export const RECOVERY_INTERVAL_MS = 3 * 60_000;

export interface RecoveryReport {
  fulfilmentQueued: number;
  confirmationsQueued: number;
  rendersRequeued: number;
  rendersFailed: number;
}

export async function recoverStrandedWork(context: AppContext): Promise<RecoveryReport> {
  const fulfilmentQueued = await queueUnclaimedFulfilment(context);
  const confirmationsQueued = await queueUnsentConfirmations(context);
  const renders = await settleStuckRenders(context);
  const report = {
    fulfilmentQueued,
    confirmationsQueued,
    rendersRequeued: renders.requeued,
    rendersFailed: renders.failed,
  };
  if (Object.values(report).some((count) => count > 0)) context.log.warn(report, 'recovery sweep queued stranded work');
  return report;
}

/** Sweeps now and then every `intervalMs` (never two sweeps at once in this process). Returns the stop. */
export function startRecoverySweep(context: AppContext, intervalMs = RECOVERY_INTERVAL_MS): () => Promise<void> {
  let running: Promise<unknown> | null = null;
  const sweep = () => {
    if (running) return;
    running = recoverStrandedWork(context)
      .catch((error: unknown) => context.log.error({ err: error }, 'recovery sweep failed'))
      .finally(() => (running = null));
  };
  sweep();
  const timer = setInterval(sweep, intervalMs);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}

/**
 * Readies the render threads of a process that works jobs: the first artwork after a start
 * cost 5.7–9.4 s while cold threads compiled their kernels beside the start-up work. The
 * kept thread starts at once; its warm-up renders go at the head of the deferred lane, ahead
 * of the style previews and product pictures queued at start, and a visitor's render
 * arriving mid-way still goes first. Called as early in a start as the code is loaded: the
 * warm-up then runs while the database opens and the shop seeds.
 */
export function warmRenderEngines(log: Logger): void {
  warmLocalEngines((work) => workGate.deferredWork(work, { first: true })).catch((error: unknown) =>
    log.warn({ err: error }, 'render engine warm-up failed'),
  );
}
