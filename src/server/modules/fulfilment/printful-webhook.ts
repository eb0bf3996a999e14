/**
 * Printful's webhook (`POST /api/fulfilment/printful/webhook/<secret>`). API v1 does not sign
 * its webhooks, so the URL carries a secret, compared in constant time. Each event is
 * recorded once (Printful retries for a day; a retry carries the same type, order and
 * `created`) and applied in the same transaction.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import type { AppContext } from '../../context.js';
import { notFound } from '../../http/errors.js';
import { type OrderChanges as Changes } from '../order-records/index.js';
import * as orderRecords from '../order-records/index.js';
import { fulfilmentStatusFromPrintful, orderIdFromExternalId } from './printful-provider.js';
import { queueShippedNotice } from './shipped.js';
import * as repository from './repository.js';
import type { OrderRow } from './repository.js';

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

async function findOrder(context: AppContext, event: PrintfulWebhookEvent): Promise<OrderRow | null> {
  const ours = orderIdFromExternalId(event.data?.order?.external_id);
  if (ours) {
    const order = await orderRecords.findOrder(context.db, ours);
    if (order) return order;
  }
  const printfulId = event.data?.order?.id;
  if (printfulId === undefined) return null;
  return (await repository.findOrderByProviderOrder(context.db, String(printfulId))) ?? null;
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
    const recorded = await repository.insertProviderEventOnce(tx, {
      id: eventId,
      provider: 'printful',
      type: event.type!,
      orderId: order?.id ?? null,
      payload: event,
    });
    if (!recorded) return 'duplicate';
    if (!order || !change) return 'ignored';
    await orderRecords.updateOrderFrom(tx, order.id, change.from, change.set);
    context.log.info({ order: order.id, type: event.type }, 'Printful webhook applied');
    return 'applied';
  });
  if (outcome === 'applied' && event.type === 'package_shipped' && order) await queueShippedNotice(context, order.id);
  return outcome;
}
