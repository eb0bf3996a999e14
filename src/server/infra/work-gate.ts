/**
 * Interactive work first (issue 31). A process's CPU-heavy work comes in two kinds: what a
 * visitor is watching (their artwork's preview, their mockups) and what nobody is (print
 * files, style previews, product pictures). On a busy day the second kind took the cores just
 * when visitors waited: 56 print files rendered during a burst of 82 previews.
 *
 * Interactive work never waits here. Deferred work starts only once no interactive work has
 * run or waited in this process for `quietMs`, one at a time (`deferredSlots`), in the order
 * it arrived; a shop that stays busy still gets it done after `maxWaitMs`. Work already
 * running is not stopped: a preview that arrives while a print file renders starts at once
 * beside it, and the next print file waits for the preview.
 */
import { AsyncLocalStorage } from 'node:async_hooks';

export interface WorkGateOptions {
  /** Deferred jobs running at once. */
  deferredSlots: number;
  /** How long interactive work must have been absent before deferred work starts. */
  quietMs: number;
  /** The longest deferred work waits, however busy the process stays. */
  maxWaitMs: number;
}

export class WorkGate {
  private interactive = 0;
  private lastInteractive = 0;
  private deferredRunning = 0;
  private readonly waiting: Array<{ since: number; start: () => void }> = [];
  private timer: NodeJS.Timeout | undefined;
  /** Called when interactive work next lets go of the process (see afterInteractive). */
  private idleWaiters: Array<() => void> = [];
  /** Set inside deferred work, so what it calls can tell that nobody is watching. */
  private readonly lane = new AsyncLocalStorage<'deferred'>();

  constructor(private readonly options: WorkGateOptions) {}

  /** Runs work a visitor is waiting for, at once; deferred work waits while it runs. */
  async interactiveWork<T>(work: () => Promise<T>): Promise<T> {
    this.interactive += 1;
    try {
      return await work();
    } finally {
      this.interactive -= 1;
      this.lastInteractive = Date.now();
      if (this.interactive === 0) {
        const waiters = this.idleWaiters;
        this.idleWaiters = [];
        for (const resolve of waiters) resolve();
      }
      this.schedule();
    }
  }

  /**
   * Resolves when the interactive work running, or about to run, in this process has ended:
   * for work a visitor will want next that would otherwise take cores from what they wait for
   * now. When none runs, some is expected within `expectWithinMs` (a render just queued);
   * if none has started by then, it resolves then.
   */
  afterInteractive(expectWithinMs: number): Promise<void> {
    return new Promise((resolve) => {
      this.idleWaiters.push(resolve);
      if (this.interactive > 0) return;
      setTimeout(() => {
        if (this.interactive > 0) return;
        this.idleWaiters = this.idleWaiters.filter((waiter) => waiter !== resolve);
        resolve();
      }, expectWithinMs).unref();
    });
  }

  /**
   * Runs work nobody is watching once visitors' work has let go of the cores (see above).
   * `first` puts it at the head of the deferred line rather than its end: work that readies
   * the process for visitors (the render engines' warm-up) goes before the rest of the start.
   */
  async deferredWork<T>(work: () => Promise<T>, { first = false }: { first?: boolean } = {}): Promise<T> {
    await new Promise<void>((start) => {
      const entry = { since: Date.now(), start };
      if (first) this.waiting.unshift(entry);
      else this.waiting.push(entry);
      this.schedule();
    });
    try {
      return await this.lane.run('deferred', work);
    } finally {
      this.deferredRunning -= 1;
      this.schedule();
    }
  }

  /** Whether the calling code runs as deferred work: nobody is waiting for it. */
  get inDeferredWork(): boolean {
    return this.lane.getStore() === 'deferred';
  }

  /** Interactive jobs running now, and deferred ones running or waiting (for the metrics and tests). */
  get load(): { interactive: number; deferredRunning: number; deferredWaiting: number } {
    return {
      interactive: this.interactive,
      deferredRunning: this.deferredRunning,
      deferredWaiting: this.waiting.length,
    };
  }

  /**
   * Interactive work is on its way (a render was just queued): deferred work waits `quietMs`
   * more, time for the job to be picked up.
   */
  expectInteractive(): void {
    this.lastInteractive = Date.now();
  }

  private schedule(): void {
    if (this.timer) {
      clearTimeout(this.timer);
      this.timer = undefined;
    }
    while (this.waiting.length > 0 && this.deferredRunning < this.options.deferredSlots) {
      const now = Date.now();
      const first = this.waiting[0]!;
      const overdue = now - first.since >= this.options.maxWaitMs;
      const quietFor = now - this.lastInteractive;
      if (!overdue && (this.interactive > 0 || quietFor < this.options.quietMs)) {
        // Looked at again when interactive work ends, or once the quiet time or the wait has run out.
        const untilQuiet = this.interactive > 0 ? this.options.quietMs : this.options.quietMs - quietFor;
        const untilOverdue = this.options.maxWaitMs - (now - first.since);
        this.timer = setTimeout(() => this.schedule(), Math.max(1, Math.min(untilQuiet, untilOverdue)));
        this.timer.unref();
        return;
      }
      this.waiting.shift();
      this.deferredRunning += 1;
      first.start();
    }
  }
}

/**
 * This process's gate. Half a second of quiet: a render job's slot takes a few milliseconds
 * to fetch the next queued render, and a visitor asks for mockups a moment after the artwork.
 */
export const workGate = new WorkGate({ deferredSlots: 1, quietMs: 500, maxWaitMs: 5 * 60_000 });
