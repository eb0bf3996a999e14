/**
 * Printful's webhook (`POST /api/fulfilment/printful/webhook/<secret>`). API v1 does not sign
 * its webhooks, so the URL carries a secret, compared in constant time. Each event is
 * recorded once (Printful retries for a day; a retry carries the same type, order and
 * `created`) and applied in the same transaction.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { orders, payment_events } from '../../db/schema.js';
import { notFound } from '../../http/errors.js';
import { queueShippedNotice } from './shipped.js';
import { fulfilmentStatusFromPrintful, orderIdFromExternalId } from './printful-provider.js';

export interface PrintfulWebhookEvent {
  type?: string;
  created?: number;
  retries?: number;
  store?: number;
  data?: {
    reason?: string;
    order?: { id?: number; external_id?: string | null; status?: string };
    shipment?: {
      id?: number;
      carrier?: string;
      service?: string;
      tracking_number?: string | number;
      tracking_url?: string;
    };
  };
}

export function sameSecret(expected: string, given: string): boolean {
  // Digests of equal length: the comparison takes the same time whatever the guess.
  const a = createHash('sha256').update(expected).digest();
  const b = createHash('sha256').update(given).digest();
  return timingSafeEqual(a, b);
}

export type WebhookOutcome = 'applied' | 'duplicate' | 'ignored';

type OrderRow = typeof orders.$inferSelect;
type Changes = Partial<typeof orders.$inferInsert>;

async function findOrder(context: AppContext, event: PrintfulWebhookEvent): Promise<OrderRow | null> {
  const ours = orderIdFromExternalId(event.data?.order?.external_id);
  if (ours) {
    const [order] = await context.db.select().from(orders).where(eq(orders.id, ours));
    if (order) return order;
  }
  const printfulId = event.data?.order?.id;
  if (printfulId === undefined) return null;
  const [order] = await context.db
    .select()
    .from(orders)
    .where(eq(orders.printful_order_id, String(printfulId)));
  return order ?? null;
}

/** What each event does to the order, and which statuses it may do it from. */
function changesFor(event: PrintfulWebhookEvent): { from: OrderRow['status'][]; set: Changes } | null {
  const reason = event.data?.reason?.trim() || null;
  switch (event.type) {
    case 'package_shipped': {
      const shipment = event.data?.shipment ?? {};
      return {
        from: ['paid', 'shipped'],
        set: {
          status: 'shipped',
          printful_status: 'shipped',
          shipped_at: new Date(),
          tracking_carrier: shipment.carrier ?? null,
          tracking_number: shipment.tracking_number === undefined ? null : String(shipment.tracking_number),
          tracking_url: shipment.tracking_url ?? null,
          fulfilment_error: null,
        },
      };
    }
    case 'order_failed':
      return {
        from: ['paid'],
        set: { printful_status: 'failed', fulfilment_error: reason ?? 'Printful reported the order failed' },
      };
    case 'order_canceled':
      return {
        from: ['paid'],
        set: { printful_status: 'canceled', fulfilment_error: reason ?? 'Printful canceled the order' },
      };
    case 'order_put_hold':
      return {
        from: ['paid'],
        set: { printful_status: 'onhold', fulfilment_error: reason ?? 'Printful put the order on hold' },
      };
    case 'order_remove_hold':
    case 'order_updated': {
      const status = event.data?.order?.status;
      if (!status) return null;
      const mapped = fulfilmentStatusFromPrintful(status);
      // Shipping arrives with package_shipped, which brings the tracking details.
      if (mapped === 'shipped') return null;
      return {
        from: ['paid'],
        set: { printful_status: mapped, ...(mapped === 'confirmed' ? { fulfilment_error: null } : {}) },
      };
    }
    default:
      return null;
  }
}

export async function handlePrintfulWebhook(
  context: AppContext,
  secret: string,
  event: PrintfulWebhookEvent,
): Promise<WebhookOutcome> {
  const expected = context.config.printful?.webhookSecret;
  if (!expected || !sameSecret(expected, secret)) throw notFound();
  if (!event || typeof event.type !== 'string') return 'ignored';

  const order = await findOrder(context, event);
  const change = changesFor(event);
  const subject = event.data?.order?.id ?? event.data?.order?.external_id ?? 'none';
  const eventId = `printful:${event.type}:${subject}:${event.created ?? 0}:${event.data?.shipment?.id ?? ''}`;

  const outcome = await context.db.transaction(async (tx): Promise<WebhookOutcome> => {
    const recorded = await tx
      .insert(payment_events)
      .values({ id: eventId, provider: 'printful', type: event.type!, order_id: order?.id ?? null, payload: event })
      .onConflictDoNothing()
      .returning({ id: payment_events.id });
    if (recorded.length === 0) return 'duplicate';
    if (!order || !change) return 'ignored';
    await tx
      .update(orders)
      .set(change.set)
      .where(and(eq(orders.id, order.id), inArray(orders.status, change.from)));
    context.log.info({ order: order.id, type: event.type }, 'Printful webhook applied');
    return 'applied';
  });
  if (outcome === 'applied' && event.type === 'package_shipped' && order) await queueShippedNotice(context, order.id);
  return outcome;
}
