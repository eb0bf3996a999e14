import { describe, expect, it } from 'vitest';
import type { Config } from '../config.js';
import { afterJob, onEvent } from './flow.js';

const config = { fulfilmentSimulationSeconds: 30 } as Config;
const names = (jobs: Array<{ name: string }>) => jobs.map((job) => job.name);

describe('what follows what', () => {
  it('a paid order gets its confirmation once, and a print file for each line; no render is followed by one', () => {
    const jobs = onEvent['order.paid']({ orderId: 'o1', linesToPrint: ['l1', 'l2'] });
    expect(jobs).toEqual([
      { name: 'order.send-confirmation', data: { orderId: 'o1' }, options: { singletonKey: 'o1' } },
      { name: 'order.print-file', data: { orderId: 'o1', orderItemId: 'l1' }, options: { singletonKey: 'l1' } },
      { name: 'order.print-file', data: { orderId: 'o1', orderItemId: 'l2' }, options: { singletonKey: 'l2' } },
    ]);
    expect(afterJob).not.toHaveProperty('transformation.render');
  });

  it('the submission follows the print-file job that finds its order ready, once per order', () => {
    const data = { orderId: 'o1', orderItemId: 'l2' };
    expect(afterJob['order.print-file'](data, 'order-ready', config)).toEqual([
      { name: 'order.submit-fulfilment', data: { orderId: 'o1' }, options: { singletonKey: 'o1' } },
    ]);
    expect(afterJob['order.print-file'](data, 'waiting', config)).toEqual([]);
    expect(afterJob['order.print-file'](data, 'skipped', config)).toEqual([]);
  });

  it('an order whose lines all have their print file is submitted at once', () => {
    expect(names(onEvent['order.fulfilment-owed']({ orderId: 'o1', linesToPrint: [] }))).toEqual([
      'order.submit-fulfilment',
    ]);
    expect(names(onEvent['order.paid']({ orderId: 'o1', linesToPrint: [] }))).toEqual([
      'order.send-confirmation',
      'order.submit-fulfilment',
    ]);
  });

  it('the simulation steps pending → confirmed → shipped after its delay, then the shipped e-mail', () => {
    const first = afterJob['order.submit-fulfilment']({ orderId: 'o1' }, 'simulated', config);
    expect(first).toEqual([
      { name: 'fulfilment.simulated-advance', data: { orderId: 'o1', from: 'pending' }, options: { startAfter: 30 } },
    ]);
    expect(afterJob['order.submit-fulfilment']({ orderId: 'o1' }, 'submitted', config)).toEqual([]);
    const second = afterJob['fulfilment.simulated-advance']({ orderId: 'o1', from: 'pending' }, 'confirmed', config);
    expect(second).toEqual([
      { name: 'fulfilment.simulated-advance', data: { orderId: 'o1', from: 'confirmed' }, options: { startAfter: 30 } },
    ]);
    const shipped = afterJob['fulfilment.simulated-advance']({ orderId: 'o1', from: 'confirmed' }, 'shipped', config);
    expect(shipped).toEqual(onEvent['order.shipped']({ orderId: 'o1' }));
    expect(names(shipped)).toEqual(['order.send-shipped']);
    expect(afterJob['fulfilment.simulated-advance']({ orderId: 'o1', from: 'confirmed' }, 'unchanged', config)).toEqual(
      [],
    );
  });
});
