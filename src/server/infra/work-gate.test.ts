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

/** A job handed to the gate as a visitor's work; `done` settles when the gate has run it. */
function interactive(gate: WorkGate, log: string[], name: string) {
  const work = job(log, name);
  return { finish: work.finish, done: gate.interactiveWork(work.run) };
}

/** A job handed to the gate as work nobody watches; `done` settles when the gate has run it. */
function deferred(gate: WorkGate, log: string[], name: string, options?: { first?: boolean }) {
  const work = job(log, name);
  return { finish: work.finish, done: gate.deferredWork(work.run, options) };
}

/** Lets these jobs end, and waits until the gate has run them. */
async function finishAll(...jobs: Array<{ finish: () => void; done: Promise<unknown> }>) {
  for (const work of jobs) work.finish();
  await Promise.all(jobs.map((work) => work.done));
}

describe('the work gate', () => {
  it('runs interactive work at once, beside deferred work already running', async () => {
    const gate = new WorkGate({ deferredSlots: 1, quietMs: 20, maxWaitMs: 60_000 });
    const log: string[] = [];
    const print = deferred(gate, log, 'print 1');
    await sleep(5);
    const preview = interactive(gate, log, 'preview');
    await sleep(5);
    expect(log).toEqual(['print 1', 'preview']);
    await finishAll(print, preview);
  });

  it('starts no deferred work while a visitor waits, then one at a time in the order queued', async () => {
    const gate = new WorkGate({ deferredSlots: 1, quietMs: 200, maxWaitMs: 60_000 });
    const log: string[] = [];
    const preview = interactive(gate, log, 'preview');
    const prints = [1, 2, 3].map((n) => deferred(gate, log, `print ${n}`));
    await sleep(60);
    expect(log).toEqual(['preview']);
    expect(gate.load).toEqual({ interactive: 1, deferredRunning: 0, deferredWaiting: 3 });

    await finishAll(preview);
    // Not at once: a visitor's next render is usually a moment away.
    await sleep(20);
    expect(log).toEqual(['preview']);
    await sleep(300);
    expect(log).toEqual(['preview', 'print 1']);
    prints[0]!.finish();
    await sleep(10);
    expect(log).toEqual(['preview', 'print 1', 'print 2']);
    await finishAll(...prints);
    expect(log).toEqual(['preview', 'print 1', 'print 2', 'print 3']);
  });

  it('lets deferred work through after its longest wait, however busy the process stays', async () => {
    const gate = new WorkGate({ deferredSlots: 1, quietMs: 20, maxWaitMs: 50 });
    const log: string[] = [];
    const preview = interactive(gate, log, 'preview');
    const print = deferred(gate, log, 'print');
    await sleep(20);
    expect(log).toEqual(['preview']);
    await sleep(60);
    expect(log).toEqual(['preview', 'print']);
    await finishAll(print, preview);
  });

  it('puts work asked to go first at the head of the deferred line', async () => {
    const gate = new WorkGate({ deferredSlots: 1, quietMs: 10, maxWaitMs: 60_000 });
    const log: string[] = [];
    const preview = interactive(gate, log, 'preview');
    const prints = [1, 2].map((n) => deferred(gate, log, `print ${n}`));
    const warmUp = deferred(gate, log, 'warm-up', { first: true });
    await finishAll(preview);
    await sleep(60);
    expect(log).toEqual(['preview', 'warm-up']);
    await finishAll(warmUp);
    await sleep(10);
    expect(log).toEqual(['preview', 'warm-up', 'print 1']);
    await finishAll(...prints);
    expect(log).toEqual(['preview', 'warm-up', 'print 1', 'print 2']);
  });

  it('tells when the interactive work running or just queued has ended', async () => {
    const gate = new WorkGate({ deferredSlots: 1, quietMs: 10, maxWaitMs: 60_000 });
    const log: string[] = [];
    // A render queued a moment ago, picked up after the ask.
    const after = gate.afterInteractive(5_000).then(() => log.push('templates'));
    await sleep(20);
    const preview = interactive(gate, log, 'preview');
    await sleep(20);
    expect(log).toEqual(['preview']);
    await finishAll(preview);
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

  it('tells the code it runs whether it runs as deferred work, across awaits', async () => {
    const gate = new WorkGate({ deferredSlots: 1, quietMs: 0, maxWaitMs: 60_000 });
    const lane = async () => {
      await sleep(1);
      return gate.inDeferredWork;
    };
    expect(await gate.deferredWork(lane)).toBe(true);
    expect(await gate.interactiveWork(lane)).toBe(false);
    expect(gate.inDeferredWork).toBe(false);
  });
});
