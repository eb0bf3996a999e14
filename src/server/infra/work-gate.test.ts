/** Issue 31: a visitor's work runs first; work nobody watches waits for a quiet moment. */
import { describe, expect, it } from 'vitest';
import { WorkGate } from './work-gate.js';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Work that records when it started and ends when told. */
function job(log: string[], name: string) {
  let finish!: () => void;
  const finished = new Promise<void>((resolve) => (finish = resolve));
  return {
    run: async () => {
      log.push(name);
      await finished;
    },
    finish: () => finish(),
  };
}

describe('the work gate', () => {
  it('runs interactive work at once, beside deferred work already running', async () => {
    const gate = new WorkGate({ deferredSlots: 1, quietMs: 20, maxWaitMs: 60_000 });
    const log: string[] = [];
    const print = job(log, 'print 1');
    const printing = gate.deferredWork(print.run);
    await sleep(5);
    const preview = job(log, 'preview');
    const previewing = gate.interactiveWork(preview.run);
    await sleep(5);
    expect(log).toEqual(['print 1', 'preview']);
    print.finish();
    preview.finish();
    await Promise.all([printing, previewing]);
  });

  it('starts no deferred work while a visitor waits, then one at a time in the order queued', async () => {
    const gate = new WorkGate({ deferredSlots: 1, quietMs: 200, maxWaitMs: 60_000 });
    const log: string[] = [];
    const preview = job(log, 'preview');
    const previewing = gate.interactiveWork(preview.run);
    const prints = [1, 2, 3].map((n) => job(log, `print ${n}`));
    const printing = prints.map((print) => gate.deferredWork(print.run));
    await sleep(60);
    expect(log).toEqual(['preview']);
    expect(gate.load).toEqual({ interactive: 1, deferredRunning: 0, deferredWaiting: 3 });

    preview.finish();
    await previewing;
    // Not at once: a visitor's next render is usually a moment away.
    await sleep(20);
    expect(log).toEqual(['preview']);
    await sleep(300);
    expect(log).toEqual(['preview', 'print 1']);
    prints[0]!.finish();
    await sleep(10);
    expect(log).toEqual(['preview', 'print 1', 'print 2']);
    prints[1]!.finish();
    prints[2]!.finish();
    await Promise.all(printing);
    expect(log).toEqual(['preview', 'print 1', 'print 2', 'print 3']);
  });

  it('lets deferred work through after its longest wait, however busy the process stays', async () => {
    const gate = new WorkGate({ deferredSlots: 1, quietMs: 20, maxWaitMs: 50 });
    const log: string[] = [];
    const preview = job(log, 'preview');
    const previewing = gate.interactiveWork(preview.run);
    const print = job(log, 'print');
    const printing = gate.deferredWork(print.run);
    await sleep(20);
    expect(log).toEqual(['preview']);
    await sleep(60);
    expect(log).toEqual(['preview', 'print']);
    print.finish();
    preview.finish();
    await Promise.all([printing, previewing]);
  });

  it('puts work asked to go first at the head of the deferred line', async () => {
    const gate = new WorkGate({ deferredSlots: 1, quietMs: 10, maxWaitMs: 60_000 });
    const log: string[] = [];
    const preview = job(log, 'preview');
    const previewing = gate.interactiveWork(preview.run);
    const prints = [1, 2].map((n) => job(log, `print ${n}`));
    const printing = prints.map((print) => gate.deferredWork(print.run));
    const warmUp = job(log, 'warm-up');
    const warming = gate.deferredWork(warmUp.run, { first: true });
    preview.finish();
    await previewing;
    await sleep(60);
    expect(log).toEqual(['preview', 'warm-up']);
    warmUp.finish();
    await warming;
    await sleep(10);
    expect(log).toEqual(['preview', 'warm-up', 'print 1']);
    prints[0]!.finish();
    prints[1]!.finish();
    await Promise.all(printing);
    expect(log).toEqual(['preview', 'warm-up', 'print 1', 'print 2']);
  });

  it('tells when the interactive work running or just queued has ended', async () => {
    const gate = new WorkGate({ deferredSlots: 1, quietMs: 10, maxWaitMs: 60_000 });
    const log: string[] = [];
    // A render queued a moment ago, picked up after the ask.
    const after = gate.afterInteractive(5_000).then(() => log.push('templates'));
    await sleep(20);
    const preview = job(log, 'preview');
    const previewing = gate.interactiveWork(preview.run);
    await sleep(20);
    expect(log).toEqual(['preview']);
    preview.finish();
    await previewing;
    await after;
    expect(log).toEqual(['preview', 'templates']);
    // None comes: it resolves once the wait for one is over.
    await gate.afterInteractive(20);
    expect(gate.load).toEqual({ interactive: 0, deferredRunning: 0, deferredWaiting: 0 });
  });

  it('frees the slot when deferred work fails', async () => {
    const gate = new WorkGate({ deferredSlots: 1, quietMs: 0, maxWaitMs: 60_000 });
    await expect(gate.deferredWork(async () => Promise.reject(new Error('disk full')))).rejects.toThrow('disk full');
    expect(await gate.deferredWork(async () => 'next')).toBe('next');
    expect(gate.load).toEqual({ interactive: 0, deferredRunning: 0, deferredWaiting: 0 });
  });
});
