/**
 * Scheduled backups keep the newest N; Settings › Backups lists them, and only the owner
 * (an admin) may make or download one.
 */
import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount, SAME_ORIGIN, signInCookie } from '../../testing/admin-session.js';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { createArtwork } from '../../testing/fixtures/orders.js';
import { LOCAL_BACKUP_ROUTE, localBackupToken } from './local-request.js';
import { saveKeep } from './repository.js';
import { startBackupSchedule } from './schedule.js';
import { backupsDirectory, listBackups } from './service.js';

let shop: TestApp;
let owner: string;
let customer: string;

beforeAll(async () => {
  shop = await createTestApp();
  await createArtwork(shop.context);
  await createAccount(shop.context, 'owner@example.com', 'owner password 123', 'admin');
  await createAccount(shop.context, 'customer@example.com', 'customer password 123', 'user');
  owner = await signInCookie(shop.app, 'owner@example.com', 'owner password 123');
  customer = await signInCookie(shop.app, 'customer@example.com', 'customer password 123');
});
afterAll(async () => shop?.close());

const request = (method: 'GET' | 'POST' | 'PUT', url: string, cookie?: string, payload?: object) =>
  shop.app.inject({
    method,
    url,
    headers: { origin: SAME_ORIGIN, ...(cookie ? { cookie } : {}) },
    ...(payload ? { payload } : {}),
  });

describe('scheduled backups', () => {
  it('run on their interval and keep the newest N', async () => {
    await saveKeep(shop.context.db, 2);
    const seen = new Set<string>();
    const stop = await startBackupSchedule(shop.context, 300);
    try {
      const deadline = Date.now() + 45_000;
      while (seen.size < 4 && Date.now() < deadline) {
        for (const backup of await listBackups(shop.config)) seen.add(backup.name);
        // Never more than N, and the newest one just written before the oldest goes.
        expect((await listBackups(shop.config)).length).toBeLessThanOrEqual(3);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    } finally {
      await stop();
    }
    expect(seen.size).toBeGreaterThanOrEqual(4);
    const kept = await listBackups(shop.config);
    expect(kept).toHaveLength(2);
    expect(kept.every((backup) => backup.kind === 'scheduled')).toBe(true);
    // The newest two of all those made (their names sort by time).
    const stamp = (name: string) => name.split('-').slice(2, 4).join('-');
    const newest = [...seen]
      .sort((a, b) => stamp(a).localeCompare(stamp(b)))
      .slice(-2)
      .reverse();
    expect(kept.map((backup) => backup.name)).toEqual(newest);
  });

  it('are listed for the owner with size and age, and downloadable by the owner only', async () => {
    const view = await request('GET', '/api/admin/backups', owner);
    expect(view.statusCode, view.body).toBe(200);
    const body = view.json();
    expect(body).toMatchObject({ keep: 2, database: shop.context.database.kind, running: false, last_failure: null });
    expect(body.backups).toHaveLength(2);
    const [latest] = body.backups;
    expect(latest).toMatchObject({ kind: 'scheduled', bytes: expect.any(Number), created_at: expect.any(String) });

    const download = await request('GET', `/api/admin/backups/${latest.name}`, owner);
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-disposition']).toBe(`attachment; filename="${latest.name}"`);
    expect(download.rawPayload.equals(await readFile(join(backupsDirectory(shop.config), latest.name)))).toBe(true);

    // A signed-in customer and a visitor get nothing: not the file, not the list, not a new one.
    for (const cookie of [customer, undefined]) {
      const status = cookie ? 403 : 401;
      expect((await request('GET', `/api/admin/backups/${latest.name}`, cookie)).statusCode).toBe(status);
      expect((await request('GET', '/api/admin/backups', cookie)).statusCode).toBe(status);
      expect((await request('POST', '/api/admin/backups', cookie)).statusCode).toBe(status);
      expect((await request('PUT', '/api/admin/backups/settings', cookie, { keep: 9 })).statusCode).toBe(status);
    }
    // Only archive names: no way out of the backups folder.
    for (const name of ['..%2Fapp-secret', '..%2F..%2Fetc%2Fpasswd', 'manifest.json']) {
      expect((await request('GET', `/api/admin/backups/${name}`, owner)).statusCode).toBe(404);
    }
  });

  it('keep a number the owner sets, between 1 and 365', async () => {
    const bad = await request('PUT', '/api/admin/backups/settings', owner, { keep: 0 });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('Keep between 1 and 365 backups.');
    const good = await request('PUT', '/api/admin/backups/settings', owner, { keep: 5 });
    expect(good.statusCode).toBe(200);
    expect(good.json().keep).toBe(5);
  });

  it('Back up now starts one, which the list shows when done', async () => {
    const started = await request('POST', '/api/admin/backups', owner);
    expect(started.statusCode, started.body).toBe(202);
    expect(started.json().running).toBe(true);
    // One at a time.
    expect((await request('POST', '/api/admin/backups', owner)).statusCode).toBe(409);
    let view = started.json();
    while (view.running) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      view = (await request('GET', '/api/admin/backups', owner)).json();
    }
    expect(view.last_failure).toBeNull();
    expect(view.backups[0]).toMatchObject({ kind: 'manual' });
    expect(view.backups).toHaveLength(3);
  });

  it('npm run backup beside the running shop: written by the shop, for its own user on this machine only', async () => {
    const token = await localBackupToken(shop.config);
    const file = join(shop.config.dataDir, 'from-the-shell.tar');
    const ask = (authorization: string, remoteAddress = '127.0.0.1', payload: object = { file }) =>
      shop.app.inject({ method: 'POST', url: LOCAL_BACKUP_ROUTE, headers: { authorization }, payload, remoteAddress });
    expect((await ask('Bearer wrong')).statusCode).toBe(403);
    expect((await ask(`Bearer ${token}`, '203.0.113.9')).statusCode).toBe(403);
    expect((await ask(`Bearer ${token}`, '127.0.0.1', { file: 'relative.tar' })).statusCode).toBe(400);
    const made = await ask(`Bearer ${token}`);
    expect(made.statusCode, made.body).toBe(200);
    expect(made.json()).toMatchObject({ path: file, manifest: { kind: 'manual', counts: { artworks: 1 } } });
    expect((await stat(file)).size).toBeGreaterThan(1_000);
  });
});
