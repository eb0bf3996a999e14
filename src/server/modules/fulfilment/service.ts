/**
 * Handing a paid order to production (the spec's process-printful-order). The job claims the
 * order — paid, with no fulfilment status or a failed one — counting the attempt, submits it
 * with the print files' URLs, and records the provider's order id and status. A failure is
 * written on the order (fulfilment_error, fulfilment_attempts) and thrown, so the job queue
 * retries it with back-off.
 */
import { and, asc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { image_transformations, order_items, orders } from '../../db/schema.js';
import { absoluteUrl } from '../../http/urls.js';
import { appSecret } from '../../infra/secrets/app-secret.js';
import { isPublicKey } from '../../infra/storage/index.js';
import { signPrivateFileUrl } from '../../infra/storage/signed-urls.js';
import type { FulfilmentItem, FulfilmentProviderId } from './provider.js';
import { activeFulfilmentProviderId, fulfilmentProvider } from './providers.js';

/** How long a print file link handed to the provider stays valid. */
export const PRINT_FILE_LINK_SECONDS = 14 * 24 * 3600;

/** 'simulated' when the simulation took the order: its steps follow (jobs/flow.ts). */
export type SubmitOutcome = 'submitted' | 'simulated' | 'skipped';

export async function submitFulfilment(context: AppContext, orderId: string): Promise<SubmitOutcome> {
  const { db } = context;
  const active = activeFulfilmentProviderId(context);
  // The test provider never pays for a real print: an order it paid (say before a Printful
  // key was saved) is made by the simulation, unless ALLOW_TEST_PAYMENTS says otherwise.
  const forTestPayment: FulfilmentProviderId = context.config.allowTestPayments ? active : 'simulated';
  const [claimed] = await db
    .update(orders)
    .set({
      fulfilment_attempts: sql`${orders.fulfilment_attempts} + 1`,
      fulfilment_provider: sql`coalesce(${orders.fulfilment_provider}, case when ${orders.payment_provider} = 'test' then ${forTestPayment} else ${active} end)`,
    })
    .where(
      and(
        eq(orders.id, orderId),
        eq(orders.status, 'paid'),
        or(isNull(orders.printful_status), eq(orders.printful_status, 'failed')),
      ),
    )
    .returning();
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
    await db
      .update(orders)
      .set({ printful_order_id: result.providerOrderId, printful_status: result.status, fulfilment_error: null })
      .where(eq(orders.id, orderId));
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
    await db
      .update(orders)
      .set({ fulfilment_error: message.slice(0, 1000) })
      .where(eq(orders.id, orderId));
    context.log.warn(
      { err: error, order: orderId, attempt: claimed.fulfilment_attempts },
      'fulfilment submission failed',
    );
    throw error;
  }
}

/**
 * The order's items with a URL for each print file. An item ordered while its print file was
 * still rendering recorded the preview; if the print file is ready now, it is used instead.
 */
async function itemsWithPrintFiles(context: AppContext, orderId: string): Promise<FulfilmentItem[]> {
  const { db, storage, config } = context;
  const items = await db
    .select()
    .from(order_items)
    .where(eq(order_items.order_id, orderId))
    .orderBy(asc(order_items.created_at));
  const transformationIds = [
    ...new Set(items.map((item) => item.transformation_id).filter((id): id is string => Boolean(id))),
  ];
  const transformations = transformationIds.length
    ? await db
        .select({ id: image_transformations.id, print_file_path: image_transformations.print_file_path })
        .from(image_transformations)
        .where(inArray(image_transformations.id, transformationIds))
    : [];
  const printFiles = new Map(transformations.map((row) => [row.id, row.print_file_path]));
  const secret = await appSecret(config);

  const result: FulfilmentItem[] = [];
  for (const item of items) {
    let key = item.print_file_path;
    const ready = item.transformation_id ? printFiles.get(item.transformation_id) : null;
    if (ready && ready !== key) {
      key = ready;
      await db.update(order_items).set({ print_file_path: ready }).where(eq(order_items.id, item.id));
    }
    if (!key) throw new Error(`Order item ${item.id} has no print file`);
    const printFileUrl = isPublicKey(key)
      ? absoluteUrl(config, storage.publicUrl(key))
      : signPrivateFileUrl(secret, key, { baseUrl: config.publicUrl, expiresInSeconds: PRINT_FILE_LINK_SECONDS });
    result.push({ ...item, print_file_path: key, printFileUrl });
  }
  return result;
}

/** How many stranded orders one recovery sweep queues at most; the next sweep takes the rest. */
const SWEEP_BATCH = 500;

/**
 * Recovery: paid orders that no fulfilment job ever claimed (no attempt, no provider order)
 * get their submission queued. The queue keeps one job per order, so an order whose job is
 * waiting or running is not queued twice; orders whose attempts failed are the admin's to
 * retry. Returns how many jobs were queued.
 */
export async function queueUnclaimedFulfilment(context: AppContext): Promise<number> {
  const stranded = await context.db
    .select({ id: orders.id })
    .from(orders)
    .where(
      and(
        eq(orders.status, 'paid'),
        isNull(orders.printful_status),
        isNull(orders.printful_order_id),
        eq(orders.fulfilment_attempts, 0),
      ),
    )
    .orderBy(asc(orders.paid_at))
    .limit(SWEEP_BATCH);
  let queued = 0;
  for (const { id } of stranded) {
    if (await context.jobs.send('order.submit-fulfilment', { orderId: id }, { singletonKey: id })) queued += 1;
  }
  return queued;
}
