/**
 * What follows what, in one table (after Immich's `onDone`). A job's handler returns its
 * outcome and the jobs listed here for it are queued; a shop event (an order paid, an order
 * shipped) queues its jobs the same way. No module queues a pipeline's next step itself.
 *
 *   the order is paid (event)      → order.send-confirmation + its fulfilment (below),
 *                                    queued inside the paid transition's transaction
 *   an order's fulfilment is owed  → order.print-file for each line without one; with none
 *     (event: paid, admin, sweep)    left, order.submit-fulfilment at once
 *   order.print-file               its order's last line ready → order.submit-fulfilment
 *   order.submit-fulfilment        handed to the simulation → its first step, after the delay
 *   fulfilment.simulated-advance   confirmed → the next step, after the delay;
 *                                  shipped → the order-shipped event
 *   the order ships (event)        → order.send-shipped (simulation or Printful's webhook)
 *   a product is added (event)     → catalog.product-image, its picture without artwork
 */
import type { JobInsert } from 'pg-boss';
import type { Config } from '../config.js';
import type { JobName, JobPayloads } from './job-names.js';

/** When a queued job may start, and the key that keeps one per order or product in its queue. */
export type NextJobOptions = Pick<JobInsert, 'singletonKey' | 'startAfter'>;

/** A job to queue: its name, payload and options. */
export type NextJob = { [N in JobName]: { name: N; data: JobPayloads[N]; options?: NextJobOptions } }[JobName];

const next = <N extends JobName>(name: N, data: JobPayloads[N], options?: NextJobOptions) =>
  ({ name, data, options }) as NextJob;

/** What the handlers whose work has a next step report. */
export interface JobOutcomes {
  'order.print-file': 'order-ready' | 'waiting' | 'skipped';
  'order.submit-fulfilment': 'submitted' | 'simulated' | 'skipped';
  'fulfilment.simulated-advance': 'confirmed' | 'shipped' | 'unchanged';
}

/** The shop's events that start work, with their payloads. */
export interface ShopEvents {
  /** `linesToPrint`: the order's lines without a print file (all of them, for a new order). */
  'order.paid': { orderId: string; linesToPrint: string[] };
  'order.fulfilment-owed': { orderId: string; linesToPrint: string[] };
  'order.shipped': { orderId: string };
  'product.added': { productId: string };
}

export const onEvent: { [E in keyof ShopEvents]: (data: ShopEvents[E]) => NextJob[] } = {
  // One job of each per order, and one print file per line: their queues keep one job per singletonKey.
  'order.paid': (data) => [
    next('order.send-confirmation', { orderId: data.orderId }, { singletonKey: data.orderId }),
    ...onEvent['order.fulfilment-owed'](data),
  ],
  // The submission carries every line's print file, so it waits for the last of them.
  'order.fulfilment-owed': ({ orderId, linesToPrint }) =>
    linesToPrint.length > 0
      ? linesToPrint.map((orderItemId) =>
          next('order.print-file', { orderId, orderItemId }, { singletonKey: orderItemId }),
        )
      : [next('order.submit-fulfilment', { orderId }, { singletonKey: orderId })],
  'order.shipped': ({ orderId }) => [next('order.send-shipped', { orderId }, { singletonKey: orderId })],
  'product.added': ({ productId }) => [next('catalog.product-image', { productId }, { singletonKey: productId })],
};

const simulationDelay = (config: Config): NextJobOptions => ({
  startAfter: Math.max(0, Math.round(config.fulfilmentSimulationSeconds)),
});

export const afterJob: {
  [N in keyof JobOutcomes]: (data: JobPayloads[N], outcome: JobOutcomes[N], config: Config) => NextJob[];
} = {
  'order.print-file': ({ orderId }, outcome) =>
    outcome === 'order-ready' ? [next('order.submit-fulfilment', { orderId }, { singletonKey: orderId })] : [],
  'order.submit-fulfilment': ({ orderId }, outcome, config) =>
    outcome === 'simulated'
      ? [next('fulfilment.simulated-advance', { orderId, from: 'pending' }, simulationDelay(config))]
      : [],
  'fulfilment.simulated-advance': ({ orderId }, outcome, config) => {
    if (outcome === 'confirmed')
      return [next('fulfilment.simulated-advance', { orderId, from: 'confirmed' }, simulationDelay(config))];
    if (outcome === 'shipped') return onEvent['order.shipped']({ orderId });
    return [];
  },
};
