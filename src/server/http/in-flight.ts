/**
 * The visitors' requests this process is serving right now, so that background jobs can
 * wait for a moment without any. In the shop's own process every job's JavaScript, and on the
 * embedded database every statement, runs on the one thread that also answers visitors: an
 * order's confirmation e-mail or fulfilment hand-over worked in the middle of a checkout rush
 * makes everyone in the rush wait for it. A process that serves no requests (`npm run
 * worker`) never has one in flight, and its jobs never wait.
 */
import { EventEmitter, once } from 'node:events';
import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyInstance, FastifyRequest } from 'fastify';

export class RequestsInFlight {
  #count = 0;
  /** When a request last arrived or finished (performance.now()). */
  #lastChange = -Infinity;
  readonly #events = new EventEmitter().setMaxListeners(0);
  readonly #finish = new WeakMap<FastifyRequest, () => void>();

  get count(): number {
    return this.#count;
  }

  /** Counts each of `app`'s requests from its arrival until its response is sent or its connection drops. */
  track(app: FastifyInstance): void {
    app.addHook('onRequest', async (request, reply) => {
      this.#count += 1;
      this.#lastChange = performance.now();
      let counted = true;
      const finish = () => {
        if (!counted) return;
        counted = false;
        this.#count -= 1;
        this.#lastChange = performance.now();
        if (this.#count === 0) this.#events.emit('none');
      };
      this.#finish.set(request, finish);
      reply.raw.once('close', finish);
    });
  }

  /** `request` stops counting: it holds its connection open to wait (a progress stream), not to be served. */
  settle(request: FastifyRequest): void {
    this.#finish.get(request)?.();
  }

  /**
   * Resolves once no request has been in flight for `quietMs`, or after `maxWaitMs` however
   * busy this process stays. A moment's quiet, not just none in flight: in a rush the count
   * touches zero between one connection's answer and the next connection's turn to be taken.
   */
  async quiet(quietMs: number, maxWaitMs: number): Promise<void> {
    const deadline = performance.now() + maxWaitMs;
    for (;;) {
      const left = deadline - performance.now();
      if (left <= 0) return;
      if (this.#count > 0) {
        await once(this.#events, 'none', { signal: AbortSignal.timeout(Math.ceil(left)) }).catch(() => {});
        continue;
      }
      const sinceChange = performance.now() - this.#lastChange;
      if (sinceChange >= quietMs) return;
      await sleep(Math.min(quietMs - sinceChange, left));
    }
  }
}
