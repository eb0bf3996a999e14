/**
 * Issue 31: pages arrive compressed. The built web app's files are sent as their brotli or gzip
 * copies made at build time, chosen by the browser's Accept-Encoding (with `Vary`); JSON and
 * HTML answers above about 1 KB are compressed as they are sent; progress streams and image
 * ranges are left as they are.
 */
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertArtwork } from '../testing/fixtures.js';
import { createTestApp, type TestApp } from '../testing/test-app.js';
import { COMPRESS_THRESHOLD_BYTES, precompressWebAssets } from './precompress.js';

let shop: TestApp;
let webRoot: string;
/** A script as Vite writes one: big, repetitive text. */
const script = Array.from({ length: 400 }, (_, i) => `export const value${i} = "wanderer ${i}";`).join('\n');

beforeAll(async () => {
  webRoot = await mkdtemp(join(tmpdir(), 'wanderer-compressed-'));
  await mkdir(join(webRoot, 'assets'));
  await writeFile(
    join(webRoot, 'index.html'),
    `<!doctype html><html><head><title>Wanderer</title></head><body><div id="root"></div>${'<!-- shop -->'.repeat(120)}</body></html>`,
  );
  await writeFile(join(webRoot, 'assets', 'index-abc123.js'), script);
  await writeFile(join(webRoot, 'assets', 'tiny-abc123.js'), 'console.log(1)');
  await precompressWebAssets(webRoot);
  shop = await createTestApp({ webRoot });
});
afterAll(async () => {
  await shop?.close();
  if (webRoot) await rm(webRoot, { recursive: true, force: true });
});

const decode = (encoding: string | undefined, body: Buffer) =>
  encoding === 'br' ? brotliDecompressSync(body) : encoding === 'gzip' ? gunzipSync(body) : body;

describe('JSON answers above about 1 KB are compressed', () => {
  it('sends brotli to a browser that accepts it, gzip to one that accepts only gzip, and says it varies', async () => {
    const plain = await shop.app.inject({ url: '/api/openapi.json' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(COMPRESS_THRESHOLD_BYTES);

    for (const [accepted, expected] of [
      ['gzip, deflate, br', 'br'],
      ['gzip', 'gzip'],
    ] as const) {
      const answer = await shop.app.inject({ url: '/api/openapi.json', headers: { 'accept-encoding': accepted } });
      expect(answer.statusCode).toBe(200);
      expect(answer.headers['content-encoding']).toBe(expected);
      expect(answer.headers.vary).toMatch(/accept-encoding/i);
      expect(answer.headers['content-type']).toMatch(/^application\/json/);
      expect(answer.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
      expect(JSON.parse(decode(expected, answer.rawPayload).toString('utf8'))).toEqual(plain.json());
    }
  });

  it('sends a short answer as it is', async () => {
    const health = await shop.app.inject({ url: '/healthz', headers: { 'accept-encoding': 'br, gzip' } });
    expect(health.rawPayload.length).toBeLessThan(COMPRESS_THRESHOLD_BYTES);
    expect(health.headers['content-encoding']).toBeUndefined();
    expect(health.json().status).toBe('ok');
  });
});

describe('the built web app', () => {
  it("sends the build's brotli or gzip copy of a script, by the browser's Accept-Encoding, with Vary", async () => {
    const path = '/assets/index-abc123.js';
    const br = await shop.app.inject({ url: path, headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(Buffer.compare(br.rawPayload, await readFile(join(webRoot, 'assets', 'index-abc123.js.br')))).toBe(0);
    expect(brotliDecompressSync(br.rawPayload).toString('utf8')).toBe(script);

    const gz = await shop.app.inject({ url: path, headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString('utf8')).toBe(script);

    const plain = await shop.app.inject({ url: path });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toMatch(/accept-encoding/i);
    expect(plain.body).toBe(script);
  });

  it('writes no compressed copies of a file under about 1 KB, and still sends it whole', async () => {
    const copies = await readdir(join(webRoot, 'assets'));
    expect(copies.filter((name) => name.startsWith('tiny-'))).toEqual(['tiny-abc123.js']);
    const tiny = await shop.app.inject({ url: '/assets/tiny-abc123.js', headers: { 'accept-encoding': 'gzip' } });
    expect(tiny.statusCode).toBe(200);
    expect(decode(tiny.headers['content-encoding'] as string | undefined, tiny.rawPayload).toString('utf8')).toBe(
      'console.log(1)',
    );
  });

  it("compresses a page's HTML", async () => {
    const page = await shop.app.inject({ url: '/', headers: { 'accept-encoding': 'br, gzip' } });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(page.rawPayload).toString('utf8')).toContain('<div id="root"></div>');
  });
});

describe('what must not be compressed', () => {
  it('sends a range of an image as the bytes asked for, uncompressed', async () => {
    const { transformation } = await insertArtwork(shop.context);
    const whole = await shop.context.storage.get(transformation.storage_path!);
    const part = await shop.app.inject({
      url: `/files/${transformation.storage_path}`,
      headers: { range: 'bytes=0-99', 'accept-encoding': 'br, gzip' },
    });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-encoding']).toBeUndefined();
    expect(part.headers['content-range']).toBe(`bytes 0-99/${whole.length}`);
    expect(Buffer.compare(part.rawPayload, whole.subarray(0, 100))).toBe(0);
  });

  it('streams progress events uncompressed, as they happen', async () => {
    const { transformation } = await insertArtwork(shop.context);
    const address = await shop.app.listen({ port: 0, host: '127.0.0.1' });
    const response = await fetch(`${address}/api/transformations/${transformation.id}/events`, {
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(response.headers.get('content-type')).toMatch(/^text\/event-stream/);
    expect(response.headers.get('content-encoding')).toBeNull();
    expect(await response.text()).toMatch(/^event: state\ndata: \{.*"status":"completed"/);
  });
});
