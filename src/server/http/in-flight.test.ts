import Fastify from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { RequestsInFlight } from './in-flight.js';

/** A real server whose `/slow` answers when `release()` is called, and `/stream` holds its connection open. */
async function serverWith(requests: RequestsInFlight) {
  const app = Fastify({ forceCloseConnections: true });
  requests.track(app);
  const pending: Array<() => void> = [];
  app.get('/slow', () => new Promise((resolve) => pending.push(() => resolve({ ok: true }))));
  app.get('/stream', (request, reply) => {
    reply.hijack();
    requests.settle(request);
    reply.raw.writeHead(200, { 'content-type': 'text/event-stream' });
    reply.raw.write('data: waiting\n\n');
  });
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  return { app, url, release: () => pending.splice(0).forEach((answer) => answer()) };
}

const elapsed = async (work: Promise<unknown>) => {
  const started = performance.now();
  await work;
  return performance.now() - started;
};

describe('requests in flight: background work waits for a quiet moment', () => {
  const closing: Array<() => Promise<unknown>> = [];
  afterEach(async () => {
    for (const close of closing.splice(0).reverse()) await close();
  });

  it('counts a request from its arrival until its answer, then waits out the quiet time', async () => {
    const requests = new RequestsInFlight();
    const { app, url, release } = await serverWith(requests);
    closing.push(() => app.close());
    expect(await elapsed(requests.quiet(100, 5_000))).toBeLessThan(50);

    const answered = fetch(`${url}/slow`).then((response) => response.json());
    await expect.poll(() => requests.count).toBe(1);
    let quietAt = 0;
    const quiet = requests.quiet(100, 5_000).then(() => (quietAt = performance.now()));
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(quietAt).toBe(0);

    // The answer leaves after this moment; the client may read it a little later.
    const releasedAt = performance.now();
    release();
    await answered;
    await quiet;
    expect(requests.count).toBe(0);
    expect(quietAt - releasedAt).toBeGreaterThanOrEqual(100);
  });

  it('waits no longer than its limit, however long a request takes', async () => {
    const requests = new RequestsInFlight();
    const { app, url, release } = await serverWith(requests);
    closing.push(
      () => app.close(),
      async () => release(),
    );
    void fetch(`${url}/slow`).catch(() => {});
    await expect.poll(() => requests.count).toBe(1);
    const waited = await elapsed(requests.quiet(100, 300));
    expect(waited).toBeGreaterThanOrEqual(290);
    expect(requests.count).toBe(1);
  });

  it('stops counting a stream once it is set up, and a request whose visitor left', async () => {
    const requests = new RequestsInFlight();
    const { app, url } = await serverWith(requests);
    const leaving = new AbortController();
    closing.push(
      () => app.close(),
      async () => leaving.abort(),
    );
    const stream = await fetch(`${url}/stream`, { signal: leaving.signal });
    expect(stream.status).toBe(200);
    expect(requests.count).toBe(0);

    const gone = new AbortController();
    void fetch(`${url}/slow`, { signal: gone.signal }).catch(() => {});
    await expect.poll(() => requests.count).toBe(1);
    gone.abort();
    await expect.poll(() => requests.count).toBe(0);
  });
});
