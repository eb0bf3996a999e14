/**
 * PNG metadata decompression bombs against the real shop (`npm start`): a colour profile
 * (iCCP) that inflates to 1 GB, and one to 4 GB. For each: the answer and its time, the
 * server's resident memory growth (peak while it works, sampled every 20 ms), and the worst
 * /healthz time while it works. Targets (issue 10): 422 within 1 s, growth < 50 MB,
 * /healthz < 100 ms.
 */
import { readFileSync } from 'node:fs';
import { deflateBomb, pngWithChunk } from '../src/testing/test-photos.js';
import { startShop } from '../e2e/support/server.js';

const rss = (pid: number) =>
  Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) * 1024;
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

const shop = await startShop({ env: { LOG_LEVEL: 'warn' } });
const pid = shop.child.pid!;
try {
  for (const gigabytes of [1, 4]) {
    const body = await pngWithChunk(
      'iCCP',
      Buffer.concat([Buffer.from('icc\0\0', 'latin1'), deflateBomb(gigabytes * 1024)]),
    );
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const before = rss(pid);
    let peak = before;
    let worstHealth = 0;
    let working = true;
    const watch = (async () => {
      while (working) {
        peak = Math.max(peak, rss(pid));
        const started = performance.now();
        await fetch(`${shop.url}/healthz`);
        worstHealth = Math.max(worstHealth, performance.now() - started);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    })();
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(body)], { type: 'image/png' }), `bomb-${gigabytes}g.png`);
    const started = performance.now();
    const response = await fetch(`${shop.url}/api/images`, { method: 'POST', body: form });
    const elapsed = performance.now() - started;
    const answer = await response.text();
    working = false;
    await watch;
    console.log(
      `iCCP inflating to ${gigabytes} GB (${mb(body.length)} file): ${response.status} in ${elapsed.toFixed(0)} ms; ` +
        `memory growth ${mb(peak - before)}; worst /healthz ${worstHealth.toFixed(1)} ms; ${answer}`,
    );
  }
} finally {
  await shop.stop();
  await shop.cleanup();
}
