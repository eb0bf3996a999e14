/**
 * Handing a paid order to production (the spec's process-printful-order). The job claims the
 * order — paid, with no fulfilment status or a failed one — counting the attempt, submits it
 * with the print files' URLs, and records the provider's order id and status. A failure is
 * written on the order (fulfilment_error, fulfilment_attempts) and thrown, so the job queue
 * retries it with back-off.
 */
import type { AppContext } from '../../context.js';
import { onEvent } from '../../jobs/flow.js';
import { absoluteUrl } from '../../http/urls.js';
import { appSecret } from '../../infra/secrets/app-secret.js';
import { isPublicKey } from '../../infra/storage/index.js';
import { signPrivateFileUrl } from '../../infra/storage/signed-urls.js';
import * as orderRecords from '../order-records/index.js';
import type { FulfilmentItem, FulfilmentProviderId } from './provider.js';
import { linesWithoutPrintFile, linesWithoutPrintFileOf } from './print-files.js';
import { activeFulfilmentProviderId, fulfilmentProvider } from './providers.js';
import * as repository from './repository.js';

/** How long a print file link handed to the provider stays valid. */
export const PRINT_FILE_LINK_SECONDS = 14 * 24 * 3600;

/** 'simulated' when the simulation took the order: its steps follow (jobs/flow.ts). */
export type SubmitOutcome = 'submitted' | 'simulated' | 'skipped';

export async function submitFulfilment(context: AppContext, orderId: string): Promise<SubmitOutcome> {
  const { db } = context;
  // The submission carries every line's print file; the last print-file job queues it again.
  const waiting = await linesWithoutPrintFile(context, orderId);
  if (waiting.length > 0) {
    context.log.info({ order: orderId, lines: waiting.length }, 'fulfilment waits for its print files');
    return 'skipped';
  }
  const active = activeFulfilmentProviderId(context);
  // The test provider never pays for a real print: an order it paid (say before a Printful
  // key was saved) is made by the simulation, unless ALLOW_TEST_PAYMENTS says otherwise.
  const forTestPayment: FulfilmentProviderId = context.config.allowTestPayments ? active : 'simulated';
  const claimed = await orderRecords.claimForSubmission(db, orderId, { active, forTestPayment });
  if (!claimed) return 'skipped';
  if (claimed.fulfilment_provider !== active) {
    context.log.warn(
      { order: orderId, provider: claimed.fulfilment_provider, active },
      'a test-paid order is fulfilled by the simulation',
    );
  }

  const provider = fulfilmentProvider(context, claimed.fulfilment_provider as FulfilmentProviderId);
  try {
    const items = await itemsWithPrintFiles(context, orderId);
    const result = await provider.submit({ order: claimed, items, attempt: claimed.fulfilment_attempts });
    await orderRecords.recordSubmission(db, orderId, result);
    context.log.info(
      {
        order: orderId,
        provider: provider.id,
        providerOrder: result.providerOrderId,
        attempt: claimed.fulfilment_attempts,
      },
      'order submitted for fulfilment',
    );
    return provider.id === 'simulated' ? 'simulated' : 'submitted';
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    await orderRecords.recordSubmission(db, orderId, { error: message.slice(0, 1000) });
    context.log.warn(
      { err: error, order: orderId, attempt: claimed.fulfilment_attempts },
      'fulfilment submission failed',
    );
    throw error;
  }
}

/** The order's items with a URL for each print file (every line has one: see `submitFulfilment`). */
async function itemsWithPrintFiles(context: AppContext, orderId: string): Promise<FulfilmentItem[]> {
  const { db, storage, config } = context;
  const items = await orderRecords.listOrderItems(db, orderId);
  const secret = await appSecret(config);
  return items.map((item) => {
    const key = item.print_file_path;
    if (!key) throw new Error(`Order item ${item.id} has no print file`);
    const printFileUrl = isPublicKey(key)
      ? absoluteUrl(config, storage.publicUrl(key))
      : signPrivateFileUrl(secret, key, { baseUrl: config.publicUrl, expiresInSeconds: PRINT_FILE_LINK_SECONDS });
    return { ...item, print_file_path: key, printFileUrl };
  });
}

/** How many stranded orders one recovery sweep queues at most; the next sweep takes the rest. */
const SWEEP_BATCH = 500;

/**
 * Recovery: paid orders that no fulfilment job ever claimed (no attempt, no provider order)
 * get what they are owed: the print files of lines that never had a print-file job, or, with
 * every print file made, their submission. The queues keep one job per line and per order,
 * so work waiting or running is not queued twice; a line whose print-file jobs gave up, and
 * orders whose attempts failed, are the admin's to retry. Returns how many jobs were queued.
 */
export async function queueUnclaimedFulfilment(context: AppContext): Promise<number> {
  const stranded = await repository.listUnclaimedPaidOrderIds(context.db, SWEEP_BATCH);
  const unprinted = await linesWithoutPrintFileOf(context.db, stranded);
  let queued = 0;
  for (const id of stranded) {
    const lines = unprinted.get(id) ?? [];
    const linesToPrint: string[] = [];
    for (const line of lines) {
      const jobs = await context.jobs.states('order.print-file', { orderItemId: line });
      if (jobs.length === 0) linesToPrint.push(line);
    }
    if (lines.length > 0 && linesToPrint.length === 0) continue;
    for (const job of onEvent['order.fulfilment-owed']({ orderId: id, linesToPrint })) {
      if (await context.jobs.send(job.name, job.data, job.options)) queued += 1;
    }
  }
  return queued;
}

/**
 * Admin: whatever the order's fulfilment still needs — the missing print files (the
 * submission follows the last), or the submission itself. Returns the first job's id, or
 * null when all of it is already queued or running.
 */
export async function queueOwedFulfilment(context: AppContext, orderId: string): Promise<string | null> {
  const linesToPrint = await linesWithoutPrintFile(context, orderId);
  let first: string | null = null;
  for (const job of onEvent['order.fulfilment-owed']({ orderId, linesToPrint })) {
    const id = await context.jobs.send(job.name, job.data, job.options);
    first ??= id;
  }
  return first;
}
