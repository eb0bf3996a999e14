/**
 * Printful orders (API v1): `POST /orders?confirm=true` with our order id as external_id and
 * each line's print file: its URL, placement and position. Any later attempt first asks `GET /orders/@{external_id}`, so an
 * order whose first submission got through — even if we never heard the answer — is never
 * submitted twice: it is adopted, or re-confirmed if it sits in draft or failed.
 */
import { printfulShippingId } from '../../../domain/shipping.js';
import type { Config } from '../../config.js';
import type { AppContext } from '../../context.js';
import { PrintfulError, printfulClient, type PrintfulClient } from '../../infra/printful/client.js';
import type { FulfilmentItem, FulfilmentProvider, FulfilmentRequest, SubmittedFulfilment } from './provider.js';

/** Printful's external_id: our order id without dashes (32 characters, [a-f0-9]). */
export function printfulExternalId(orderId: string): string {
  return orderId.replace(/-/g, '');
}

/** Our order id back from a Printful external_id, or null when it is not one of ours. */
export function orderIdFromExternalId(externalId: unknown): string | null {
  if (typeof externalId !== 'string' || !/^[0-9a-f]{32}$/i.test(externalId)) return null;
  const hex = externalId.toLowerCase();
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

export interface PrintfulOrder {
  id: number;
  external_id: string | null;
  status: string;
}

/**
 * Printful's order statuses in the spec's words: accepted for production reads `confirmed`
 * ("Printful Confirmed", "In Production"); fulfilled reads `shipped`; the rest as they are.
 */
export function fulfilmentStatusFromPrintful(status: string): string {
  if (status === 'pending' || status === 'inprocess') return 'confirmed';
  if (status === 'fulfilled') return 'shipped';
  return status;
}

export function printfulClientFor(config: NonNullable<Config['printful']>): PrintfulClient {
  return printfulClient({ apiKey: config.apiKey, storeId: config.storeId, baseUrl: config.baseUrl });
}

function orderBody({ order, items }: FulfilmentRequest) {
  const state = order.shipping_state?.trim() ?? '';
  return {
    external_id: printfulExternalId(order.id),
    // The option the visitor chose and paid for; orders placed before shipping was charged go Standard.
    shipping: printfulShippingId(order.shipping_method ?? 'standard'),
    recipient: {
      name: order.shipping_name,
      address1: order.shipping_address_line1,
      address2: order.shipping_address_line2 ?? undefined,
      city: order.shipping_city,
      // Most countries have no state: Printful is sent none rather than an empty code.
      state_code: !state ? undefined : state.length <= 3 ? state.toUpperCase() : state,
      country_code: order.shipping_country ?? 'US',
      zip: order.shipping_postal_code,
      email: order.customer_email,
    },
    items: items.map((item) => ({
      external_id: printfulExternalId(item.id),
      variant_id: item.printful_variant_id,
      quantity: item.quantity,
      name: item.product_name,
      files: [printfulFile(item)],
    })),
  };
}

/**
 * The line's print file for Printful: made at the print area's exact size with the artwork
 * already placed, so it is sent for the placement it was made for, covering the whole area,
 * and Printful prints it as given rather than by its own defaults.
 */
export function printfulFile(item: FulfilmentItem) {
  const placement = item.print_placement;
  if (!placement) return { url: item.printFileUrl };
  const { area } = placement;
  return {
    type: area.placement,
    url: item.printFileUrl,
    position: {
      area_width: area.width,
      area_height: area.height,
      width: area.width,
      height: area.height,
      top: 0,
      left: 0,
      limit_to_print_area: true,
    },
  };
}

function submitted(order: PrintfulOrder): SubmittedFulfilment {
  return { providerOrderId: String(order.id), status: fulfilmentStatusFromPrintful(order.status) };
}

export function createPrintfulFulfilmentProvider(context: AppContext): FulfilmentProvider {
  const client = () => {
    if (!context.config.printful) throw new Error('Printful is not configured');
    return printfulClientFor(context.config.printful);
  };

  async function findOrder(externalId: string): Promise<PrintfulOrder | null> {
    try {
      return await client().get<PrintfulOrder>(`/orders/@${externalId}`);
    } catch (error) {
      if (error instanceof PrintfulError && error.status === 404) return null;
      throw error;
    }
  }

  return {
    id: 'printful',
    async submit(request) {
      const body = orderBody(request);
      if (request.attempt > 1 || request.order.provider_order_id) {
        const existing = await findOrder(body.external_id);
        if (existing) {
          if (existing.status !== 'draft' && existing.status !== 'failed') {
            context.log.info(
              { order: request.order.id, printful: existing.id },
              'Printful already has this order; adopting it',
            );
            return submitted(existing);
          }
          const updated = await client().request<PrintfulOrder>(
            'PUT',
            `/orders/@${body.external_id}?confirm=true`,
            body,
          );
          return submitted(updated);
        }
      }
      return submitted(await client().post<PrintfulOrder>('/orders?confirm=true', body));
    },
    async cancel(order) {
      // Printful cancels an order that is not yet in production; one already cancelled is fine.
      try {
        await client().request('DELETE', `/orders/@${printfulExternalId(order.id)}`);
      } catch (error) {
        if (error instanceof PrintfulError && error.status === 404) return;
        throw error;
      }
    },
  };
}
