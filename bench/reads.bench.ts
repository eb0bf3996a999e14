/**
 * Storefront reads under load: `GET /api/products` and `GET /api/styles` from the real shop
 * (`npm start`, embedded database), side by side with a bare Fastify process answering
 * the same bytes from a constant, so the figure is the shop's own cost over the floor.
 * 50 connections, 10 s each, after a 2 s warm-up; prints req/s, p50/p99 latency and the ratio.
 * The shop is measured once its start-up work (style previews, product pictures) is done,
 * as a shop that visitors reach after its start: that work shares the two cores. The shop
 * logs at `warn` (no line per request); `LOG_LEVEL=info` measures it with its request logs.
 */
import { spawn } from 'node:child_process';
import autocannon from 'autocannon';
import { freePort, ROOT, startShop } from '../e2e/support/server.js';
import { waitUntilQuiet } from './support.js';

const CONNECTIONS = 50;
const SECONDS = 10;

async function load(url: string, seconds = SECONDS) {
  const result = await autocannon({ url, connections: CONNECTIONS, duration: seconds });
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx,
  };
}

async function bareServer(bodies: Record<string, string>) {
  const port = await freePort();
  const code = `
    import Fastify from 'fastify';
    const bodies = ${JSON.stringify(bodies)};
    const app = Fastify();
    for (const [path, body] of Object.entries(bodies)) app.get(path, (_, reply) => reply.type('application/json; charset=utf-8').send(body));
    await app.listen({ port: ${port}, host: '127.0.0.1' });
    console.log('ready');`;
  const child = spawn(process.execPath, ['--input-type=module', '-e', code], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve) => child.stdout!.once('data', () => resolve()));
  return { url: `http://127.0.0.1:${port}`, stop: () => child.kill('SIGKILL') };
}

const LOG_LEVEL = process.env.LOG_LEVEL ?? 'warn';
const shop = await startShop({ env: { LOG_LEVEL } });
try {
  const waited = await waitUntilQuiet(shop.url);
  const paths = ['/api/products', '/api/styles'];
  const bodies = Object.fromEntries(
    await Promise.all(paths.map(async (path) => [path, await (await fetch(shop.url + path)).text()])),
  );
  const bare = await bareServer(bodies);
  try {
    console.log(`waited ${waited.toFixed(0)} ms for the shop's start-up work to finish`);
    console.log(`${CONNECTIONS} connections, ${SECONDS} s per run (embedded database, log level ${LOG_LEVEL})`);
    console.log('route            | shop req/s | p50 ms | p99 ms | bare req/s | p99 ms | shop/bare');
    for (const path of paths) {
      await load(shop.url + path, 2);
      const ours = await load(shop.url + path);
      await load(bare.url + path, 2);
      const floor = await load(bare.url + path);
      console.log(
        `${path.padEnd(16)} | ${ours.rps.toFixed(0).padStart(10)} | ${String(ours.p50).padStart(6)} | ${String(ours.p99).padStart(6)} | ` +
          `${floor.rps.toFixed(0).padStart(10)} | ${String(floor.p99).padStart(6)} | ${(ours.rps / floor.rps).toFixed(2)}×` +
          (ours.errors ? `  (${ours.errors} errors)` : ''),
      );
    }
  } finally {
    bare.stop();
  }
} finally {
  await shop.stop();
  await shop.cleanup();
}
