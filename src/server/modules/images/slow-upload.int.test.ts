/**
 * Issue 10, finding 4: a body that trickles in is cut off after REQUEST_TIMEOUT_SECONDS and
 * its temporary file removed; folders an earlier run left behind are swept at start.
 */
import { connect } from 'node:net';
import { mkdtemp, readdir, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { sweepStaleUploads } from './temp-upload.js';

let shop: TestApp;
beforeAll(async () => {
  shop = await createTestApp({ seed: false, env: { REQUEST_TIMEOUT_SECONDS: '1' } });
});
afterAll(async () => shop?.close());

const uploadFolders = async () =>
  new Set((await readdir(tmpdir())).filter((name) => name.startsWith('wanderer-upload-')));

describe('a slow upload is cut off', () => {
  it('answers 408 and closes the connection of a body sent a byte at a time, and removes its temporary file', async () => {
    const address = await shop.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = new URL(address);
    const before = await uploadFolders();
    const boundary = 'slow-boundary';
    const socket = connect(Number(port), '127.0.0.1');
    let answer = '';
    socket.on('data', (chunk) => (answer += chunk.toString()));
    const closed = new Promise<void>((resolve) => socket.on('close', () => resolve()));
    socket.on('error', () => undefined);
    socket.write(
      `POST /api/images HTTP/1.1\r\nHost: localhost\r\nContent-Type: multipart/form-data; boundary=${boundary}\r\nContent-Length: 100000\r\n\r\n` +
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="slow.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`,
    );
    socket.write(Buffer.from([0xff, 0xd8, 0xff, 0xe0]));
    // One byte every 200 ms: far slower than the limit allows for 100 kB, never idle for long.
    const drip = setInterval(() => socket.writable && socket.write(Buffer.from([0x41])), 200);
    let sawTempFolder = false;
    const watch = setInterval(async () => {
      const now = await uploadFolders();
      if ([...now].some((name) => !before.has(name))) sawTempFolder = true;
    }, 100);
    await closed;
    clearInterval(drip);
    clearInterval(watch);
    expect(answer).toMatch(/^HTTP\/1\.1 408/);
    expect(answer).toMatch(/^x-content-type-options: nosniff\r$/im);
    expect(sawTempFolder).toBe(true);
    // The route's clean-up runs as the aborted stream fails; give it a moment to finish.
    for (let tries = 0; tries < 50; tries++) {
      if ([...(await uploadFolders())].every((name) => before.has(name))) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect([...(await uploadFolders())].filter((name) => !before.has(name))).toEqual([]);
    expect((await fetch(`${address}/healthz`)).status).toBe(200);
  });
});

describe('temporary upload folders left by an earlier run', () => {
  it('are removed at start when older than the request time-out; recent ones (uploads under way) stay', async () => {
    const stale = await mkdtemp(join(tmpdir(), 'wanderer-upload-'));
    await writeFile(join(stale, 'upload'), 'half a photo');
    const twoHoursAgo = new Date(Date.now() - 2 * 3600 * 1000);
    await utimes(stale, twoHoursAgo, twoHoursAgo);
    const fresh = await mkdtemp(join(tmpdir(), 'wanderer-upload-'));
    expect(await sweepStaleUploads(180_000)).toBeGreaterThanOrEqual(1);
    const left = await uploadFolders();
    expect(left.has(stale.split('/').pop()!)).toBe(false);
    expect(left.has(fresh.split('/').pop()!)).toBe(true);
    await rm(fresh, { recursive: true, force: true });
  });
});
