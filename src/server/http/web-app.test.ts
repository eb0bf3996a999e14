/** Issue 10, finding 11: the built web app is served, its source maps are not. */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { serveWebApp } from '../app.js';

const folders: string[] = [];
afterAll(async () => Promise.all(folders.map((folder) => rm(folder, { recursive: true, force: true }))));

describe('the web app build', () => {
  it('serves scripts and pages but answers 404 for source maps and folders', async () => {
    const root = await mkdtemp(join(tmpdir(), 'wanderer-web-'));
    folders.push(root);
    await mkdir(join(root, 'assets'));
    await writeFile(join(root, 'index.html'), '<!doctype html><head><title>x</title></head><div id="root"></div>');
    await writeFile(join(root, 'assets', 'index-abc123.js'), 'console.log(1)');
    await writeFile(join(root, 'assets', 'index-abc123.js.map'), '{"version":3,"sources":["src/web/main.tsx"]}');
    const app = Fastify();
    await serveWebApp(app, {
      root,
      site: { siteName: 'Wanderer', publicUrl: 'http://shop', imageUrl: 'http://shop/a.jpg' },
    });
    expect((await app.inject({ url: '/assets/index-abc123.js' })).statusCode).toBe(200);
    const map = await app.inject({ url: '/assets/index-abc123.js.map' });
    expect(map.statusCode).toBe(404);
    expect(map.body).not.toContain('sources');
    expect((await app.inject({ url: '/order-status/123' })).statusCode).toBe(200);
    // Folders are pages or nothing, never listings or refusals.
    const home = await app.inject({ url: '/' });
    expect([home.statusCode, home.headers['content-type']]).toEqual([200, 'text/html; charset=utf-8']);
    expect((await app.inject({ url: '/assets/' })).statusCode).toBe(404);
    expect((await app.inject({ url: '/assets/' })).headers['content-type']).toBe('text/html; charset=utf-8');
    expect((await app.inject({ url: '/assets/missing-abc.js' })).statusCode).toBe(404);
    const script = await app.inject({ url: '/assets/index-abc123.js' });
    expect(script.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    await app.close();
  });
});
