/**
 * The simulated print-on-demand provider, so a shop with no Printful account still shows
 * the whole journey: accepted at once (`pending`), confirmed for production after a short
 * delay, then shipped with a carrier, tracking number and link. Each step is a delayed job
 * that names the status it moves on from, so a retried or repeated job changes nothing.
 */
import { randomBytes, randomInt } from 'node:crypto';
import type { AppContext } from '../../context.js';
import type { FulfilmentProvider } from './provider.js';
import { advanceSimulatedOrder } from '../order-records/index.js';

export const SIMULATED_CARRIER = 'USPS';

export function createSimulatedFulfilmentProvider(_context: AppContext): FulfilmentProvider {
  return {
    id: 'simulated',
    async submit({ order }) {
      // Resubmitting keeps the first simulated order, as Printful's lookup would.
      const providerOrderId = order.provider_order_id ?? `SIM-${randomBytes(5).toString('hex').toUpperCase()}`;
      return { providerOrderId, status: 'pending' };
    },
    async cancel() {
      // Nothing to call: its next step only moves a paid order, and a cancelled one is not.
    },
  };
}

function trackingNumber(): string {
  let digits = '9400';
  while (digits.length < 22) digits += String(randomInt(10));
  return digits;
}

/**
 * pending → confirmed (In Production), then confirmed → shipped with tracking; a repeated step
 * changes nothing. The next step and the shipped e-mail follow from jobs/flow.ts.
 */
export async function advanceSimulatedFulfilment(
  context: AppContext,
  orderId: string,
  from: 'pending' | 'confirmed',
): Promise<'confirmed' | 'shipped' | 'unchanged'> {
  if (from === 'pending') {
    const moved = await advanceSimulatedOrder(context.db, orderId, from, { printful_status: 'confirmed' });
    return moved ? 'confirmed' : 'unchanged';
  }
  const number = trackingNumber();
  const shipped = await advanceSimulatedOrder(context.db, orderId, from, {
    status: 'shipped',
    printful_status: 'shipped',
    shipped_at: new Date(),
    tracking_carrier: SIMULATED_CARRIER,
    tracking_number: number,
    tracking_url: `https://tools.usps.com/go/TrackConfirmAction?tLabels=${number}`,
  });
  if (!shipped) return 'unchanged';
  context.log.info({ order: orderId }, 'simulated fulfilment shipped the order');
  return 'shipped';
}
