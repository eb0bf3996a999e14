/**
 * The fulfilment port: a paid order handed to a print-on-demand provider. Providers are
 * registered by id and picked from configuration (`providers.ts`); the simulated provider
 * is the default.
 */
import type { OrderItemRow, OrderRow } from './repository.js';

export type FulfilmentProviderId = 'simulated' | 'printful';

export type FulfilmentItem = OrderItemRow & {
  /** An absolute URL the provider downloads the print file from (signed and expiring if private). */
  printFileUrl: string;
};

export interface FulfilmentRequest {
  order: OrderRow;
  items: FulfilmentItem[];
  /** 1 for the first submission; a later attempt must first look for an earlier one's order. */
  attempt: number;
}

export interface SubmittedFulfilment {
  providerOrderId: string;
  /** Stored as the order's `printful_status`: `confirmed` once accepted for production. */
  status: string;
}

export interface FulfilmentProvider {
  readonly id: FulfilmentProviderId;
  submit(request: FulfilmentRequest): Promise<SubmittedFulfilment>;
  /** Cancels a submitted order that has not shipped (before a full refund). */
  cancel(order: OrderRow): Promise<void>;
}
