/**
 * The recovery sweep: at start and every few minutes, work that state says is owed but no
 * job will do is queued once — paid orders never handed to fulfilment, confirmations never
 * sent — and renders nothing will finish are settled. The paid transition queues its jobs in
 * its own transaction, so this finds little; it is there for what no transaction covers
 * (orders from before that, a job deleted by hand, a queue wiped on restore). Each rule lives
 * with its module; every step is safe to run in several processes at once.
 */
import type { AppContext } from '../context.js';
import { queueUnsentConfirmations } from '../modules/email/index.js';
import { queueUnclaimedFulfilment } from '../modules/fulfilment/index.js';
import { settleStuckRenders } from '../modules/transformations/index.js';

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
