import { describe, expect, it } from 'vitest';
import type { Config } from '../config.js';
import { afterJob, onEvent } from './flow.js';

const config = { fulfilmentSimulationSeconds: 30 } as Config;
const names = (jobs: Array<{ name: string }>) => jobs.map((job) => job.name);

describe('what follows what', () => {
  it('a completed render is followed by its print file; a failed or skipped one by nothing', () => {
    expect(afterJob['transformation.render']({ transformationId: 't1' }, 'completed', config)).toEqual([
      { name: 'transformation.print-file', data: { transformationId: 't1' }, options: undefined },
    ]);
    expect(afterJob['transformation.render']({ transformationId: 't1' }, 'failed', config)).toEqual([]);
    expect(afterJob['transformation.render']({ transformationId: 't1' }, 'skipped', config)).toEqual([]);
  });

  it('a paid order gets its confirmation and its fulfilment, each once per order', () => {
    const jobs = onEvent['order.paid']({ orderId: 'o1' });
    expect(names(jobs)).toEqual(['order.send-confirmation', 'order.submit-fulfilment']);
    expect(jobs.every((job) => job.options?.singletonKey === 'o1')).toBe(true);
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
