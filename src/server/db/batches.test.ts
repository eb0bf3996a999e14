import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { batchWhileBusy, GATHER_MS, othersServed } from './batches.js';

/** A loader that records its batches; each batch waits for `gate` when one is given. */
function recording(options: Parameters<typeof batchWhileBusy>[1] = {}, gate?: Promise<void>) {
  const batches: string[][] = [];
  const loader = batchWhileBusy<string, string>(async (keys) => {
    batches.push([...keys]);
    await gate;
    if (keys.includes('bad')) throw new Error(`refused ${keys.join(',')}`);
    return keys.map((key) => key.toUpperCase());
  }, options);
  return { loader, batches };
}

describe('batch loaders: the calls made while the database is busy go together', () => {
  it('runs a lone call at once, by itself', async () => {
    const { loader, batches } = recording();
    expect(await loader.load('a')).toBe('A');
    expect(batches).toEqual([['a']]);
  });

  it('gathers the calls made while a batch runs into the next one', async () => {
    let open!: () => void;
    const { loader, batches } = recording({}, new Promise<void>((resolve) => (open = resolve)));
    const first = loader.load('a');
    await sleep(5);
    const rest = ['b', 'c', 'd'].map((key) => loader.load(key));
    await sleep(5);
    expect(batches).toEqual([['a']]);
    open();
    expect(await Promise.all([first, ...rest])).toEqual(['A', 'B', 'C', 'D']);
    expect(batches).toEqual([['a'], ['b', 'c', 'd']]);
  });

  it('waits a moment for more calls while others are being served, and not otherwise', async () => {
    const served = { count: 2 };
    const { loader, batches } = recording(othersServed(served));
    const early = loader.load('a');
    await sleep(GATHER_MS / 4);
    const late = loader.load('b');
    expect(await Promise.all([early, late])).toEqual(['A', 'B']);
    expect(batches).toEqual([['a', 'b']]);

    served.count = 1;
    const alone = loader.load('c');
    await sleep(GATHER_MS / 4);
    expect(await Promise.all([alone, loader.load('d')])).toEqual(['C', 'D']);
    expect(batches.slice(1)).toEqual([['c'], ['d']]);
  });

  it('for writes, runs a failed batch again one call at a time: only the bad call fails', async () => {
    const served = { count: 3 };
    const { loader, batches } = recording({ retryAlone: true, ...othersServed(served) });
    const results = await Promise.allSettled(['a', 'bad', 'c'].map((key) => loader.load(key)));
    expect(results.map((result) => (result.status === 'fulfilled' ? result.value : 'failed'))).toEqual([
      'A',
      'failed',
      'C',
    ]);
    expect(batches).toEqual([['a', 'bad', 'c'], ['a'], ['bad'], ['c']]);
  });

  it('for reads, fails every call of a failed batch with its error', async () => {
    const { loader } = recording(othersServed({ count: 3 }));
    const results = await Promise.allSettled(['a', 'bad'].map((key) => loader.load(key)));
    expect(results.map((result) => result.status)).toEqual(['rejected', 'rejected']);
  });
});
