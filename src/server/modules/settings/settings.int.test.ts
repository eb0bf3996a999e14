/**
 * Settings (admin §2): API keys saved sealed and never sent back, used by the adapters when
 * the environment sets none; each integration's real status with a connection test.
 */
import { createServer, type Server } from 'node:http';
import { readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { IntegrationStatus, SettingsView } from '../../../domain/admin-settings.js';
import { settings } from '../../db/schema.js';
import { startPrintfulFake, type PrintfulFake } from '../../testing/fakes/printful-catalog-fake.js';
import { createAccount, SAME_ORIGIN, signInCookie } from '../../testing/admin-session.js';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { APP_SECRET_FILE } from '../../infra/secrets/app-secret.js';
import { getSecretSetting } from './service.js';

const OPENAI_KEY = 'sk-test-0123456789abcdefWXYZ';
const PRINTFUL_KEY = 'pf-private-token-98765-LAST';

/** OpenAI's model list, enough for the connection test; remembers the keys it was sent. */
async function startOpenAiModels(): Promise<{ url: string; keys: string[]; server: Server }> {
  const keys: string[] = [];
  const server = createServer((request, response) => {
    keys.push(String(request.headers.authorization));
    response.setHeader('content-type', 'application/json');
    if (request.url === '/v1/models' && request.headers.authorization === `Bearer ${OPENAI_KEY}`) {
      response.end(
        JSON.stringify({
          object: 'list',
          data: [{ id: 'gpt-image-1', object: 'model', created: 0, owned_by: 'openai' }],
        }),
      );
      return;
    }
    response.statusCode = 401;
    response.end(JSON.stringify({ error: { message: 'Incorrect API key provided', type: 'invalid_request_error' } }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as { port: number }).port}/v1`, keys, server };
}

let shop: TestApp;
let cookie: string;
let printful: PrintfulFake;
let openai: Awaited<ReturnType<typeof startOpenAiModels>>;

beforeAll(async () => {
  [printful, openai] = await Promise.all([startPrintfulFake(), startOpenAiModels()]);
  shop = await createTestApp({ env: { PRINTFUL_BASE_URL: printful.url, OPENAI_BASE_URL: openai.url } });
  await createAccount(shop.context, 'owner@example.com', 'owner-password-1', 'admin');
  cookie = await signInCookie(shop.app, 'owner@example.com', 'owner-password-1');
});
afterAll(async () => {
  await shop?.close();
  await printful?.close();
  await new Promise((resolve) => openai?.server.close(resolve));
});

const admin = (method: 'GET' | 'PUT' | 'POST', url: string, payload?: object) =>
  shop.app.inject({ method, url, headers: { cookie, origin: SAME_ORIGIN }, payload });

const storefrontNames = async () =>
  ((await shop.app.inject({ url: '/api/styles' })).json() as Array<{ name: string }>).map((style) => style.name);

describe('API keys are saved sealed and never returned', () => {
  it('starts with no key set', async () => {
    const view: SettingsView = (await admin('GET', '/api/admin/settings')).json();
    expect(view.keys.map((key) => key.key)).toEqual([
      'openai_api_key',
      'replicate_api_token',
      'printful_api_key',
      'stripe_secret_key',
      'stripe_publishable_key',
      'stripe_webhook_secret',
    ]);
    expect(view.keys.every((key) => !key.isSet && key.last4 === null && key.source === null)).toBe(true);
  });

  it('answers a save with whether each key is set and its last 4 characters only', async () => {
    const response = await admin('PUT', '/api/admin/settings', {
      keys: { openai_api_key: OPENAI_KEY, printful_api_key: PRINTFUL_KEY },
    });
    expect(response.statusCode).toBe(200);
    expect(response.body).not.toContain(OPENAI_KEY);
    expect(response.body).not.toContain(PRINTFUL_KEY);
    const view: SettingsView = response.json();
    expect(view.keys.find((key) => key.key === 'openai_api_key')).toMatchObject({
      isSet: true,
      last4: 'WXYZ',
      source: 'saved',
    });
    expect(view.keys.find((key) => key.key === 'printful_api_key')).toMatchObject({
      isSet: true,
      last4: 'LAST',
      source: 'saved',
    });

    const read = await admin('GET', '/api/admin/settings');
    expect(read.body).not.toContain(OPENAI_KEY);
    expect(read.body).not.toContain(OPENAI_KEY.slice(0, 12));
    expect(read.headers['cache-control']).toBe('no-store');
  });

  it('keeps only ciphertext in the database (AES-256-GCM under APP_SECRET)', async () => {
    const rows = await shop.context.db.select().from(settings);
    const stored = JSON.stringify(rows);
    expect(stored).not.toContain(OPENAI_KEY);
    expect(stored).not.toContain(PRINTFUL_KEY);
    const [row] = rows.filter((entry) => entry.key === 'openai_api_key');
    expect(row.is_secret).toBe(true);
    expect(row.value).toMatchObject({
      v: 1,
      iv: expect.any(String),
      tag: expect.any(String),
      data: expect.any(String),
      last4: 'WXYZ',
    });
  });

  it('made the secret once in DATA_DIR, readable by the owner only, since APP_SECRET is unset', async () => {
    const file = await stat(join(shop.config.dataDir, APP_SECRET_FILE));
    expect(file.mode & 0o777).toBe(0o600);
  });

  it('gives the key to the server modules that ask for it', async () => {
    expect(await getSecretSetting(shop.context, 'openai_api_key')).toBe(OPENAI_KEY);
    expect(await getSecretSetting(shop.context, 'replicate_api_token')).toBeUndefined();
  });

  it('is used by the adapters at once: the hosted-AI styles join the storefront picker', async () => {
    expect(await storefrontNames()).toContain('Impressionist (AI)');
    expect(shop.context.config.openai).toMatchObject({ apiKey: OPENAI_KEY, baseUrl: openai.url, model: 'gpt-image-1' });
  });

  it('a removed key is forgotten, and the hosted-AI styles leave the picker', async () => {
    const response = await admin('PUT', '/api/admin/settings', { keys: { openai_api_key: null } });
    expect((response.json() as SettingsView).keys.find((key) => key.key === 'openai_api_key')).toMatchObject({
      isSet: false,
    });
    expect(await storefrontNames()).not.toContain('Impressionist (AI)');
    expect(await shop.context.db.select().from(settings).where(eq(settings.key, 'openai_api_key'))).toEqual([]);
    await admin('PUT', '/api/admin/settings', { keys: { openai_api_key: OPENAI_KEY } });
  });

  it('refuses unknown keys and empty strings', async () => {
    expect((await admin('PUT', '/api/admin/settings', { keys: { smtp_password: 'x' } })).statusCode).toBe(400);
    expect((await admin('PUT', '/api/admin/settings', { keys: { openai_api_key: '   ' } })).statusCode).toBe(400);
  });
});

describe('an environment variable wins over a saved key', () => {
  let envShop: TestApp;
  beforeAll(async () => {
    envShop = await createTestApp({
      env: { OPENAI_API_KEY: 'sk-from-environment-1234', APP_SECRET: 'a-test-app-secret-that-is-long-enough' },
    });
  });
  afterAll(async () => envShop?.close());

  it('reports the environment as the source, and keeps using its key after a save', async () => {
    const [account] = [await createAccount(envShop.context, 'owner@example.com', 'owner-password-1', 'admin')];
    expect(account.role).toBe('admin');
    const envCookie = await signInCookie(envShop.app, 'owner@example.com', 'owner-password-1');
    const response = await envShop.app.inject({
      method: 'PUT',
      url: '/api/admin/settings',
      headers: { cookie: envCookie, origin: SAME_ORIGIN },
      payload: { keys: { openai_api_key: 'sk-saved-key-5678' } },
    });
    const key = (response.json() as SettingsView).keys.find((entry) => entry.key === 'openai_api_key');
    expect(key).toMatchObject({ isSet: true, last4: '1234', source: 'environment' });
    expect(await getSecretSetting(envShop.context, 'openai_api_key')).toBe('sk-from-environment-1234');
    expect(envShop.context.config.openai?.apiKey).toBe('sk-from-environment-1234');
  });

  it('makes no secret file when APP_SECRET is set', async () => {
    await expect(stat(join(envShop.config.dataDir, APP_SECRET_FILE))).rejects.toThrow();
  });
});

describe("each integration's real status, with a connection test", () => {
  it('reports all six: which adapter is active and whether it answers', async () => {
    const statuses: IntegrationStatus[] = (await admin('GET', '/api/admin/settings/integrations')).json();
    const byId = Object.fromEntries(statuses.map((status) => [status.id, status]));
    expect(Object.keys(byId)).toEqual(['database', 'storage', 'payments', 'print-provider', 'image-ai', 'email']);
    expect(byId.database).toMatchObject({ builtIn: shop.context.database.kind === 'pglite', check: { ok: true } });
    expect(byId.storage).toMatchObject({
      adapter: 'Local files in DATA_DIR/storage',
      builtIn: true,
      check: { ok: true },
    });
    // A live Printful (the saved key) with no Stripe turns the test provider off: no payments.
    expect(byId.payments).toMatchObject({
      builtIn: true,
      check: { ok: false, message: expect.stringContaining('Payments are not configured') },
    });
    expect(byId.email).toMatchObject({ builtIn: true, check: { ok: true } });
    // The saved keys made Printful and OpenAI the active adapters; each fake answered.
    expect(byId['print-provider']).toMatchObject({
      adapter: 'Printful',
      builtIn: false,
      configuredBy: 'saved key',
      check: { ok: true },
    });
    expect(byId['image-ai']).toMatchObject({
      builtIn: false,
      configuredBy: 'saved key',
      check: { ok: true, message: 'OpenAI answered' },
    });
  });

  it('the Printful test calls Printful with the saved key', async () => {
    printful.requests.length = 0;
    const status: IntegrationStatus = (
      await admin('POST', '/api/admin/settings/integrations/print-provider/test')
    ).json();
    expect(status.check.ok).toBe(true);
    expect(printful.requests.map((request) => request.headers.authorization)).toContain(`Bearer ${PRINTFUL_KEY}`);
  });

  it('a wrong key fails the test with the service’s reason', async () => {
    await admin('PUT', '/api/admin/settings', { keys: { openai_api_key: 'sk-wrong-key-0000' } });
    const status: IntegrationStatus = (await admin('POST', '/api/admin/settings/integrations/image-ai/test')).json();
    expect(status.check.ok).toBe(false);
    expect(status.check.message).toMatch(/401|Incorrect API key/);
    expect(openai.keys).toContain('Bearer sk-wrong-key-0000');
  });

  it('the storage test leaves no probe object behind', async () => {
    const status: IntegrationStatus = (await admin('POST', '/api/admin/settings/integrations/storage/test')).json();
    expect(status.check).toMatchObject({ ok: true, message: 'wrote, read back and deleted a test object' });
    const originals = await readdir(join(shop.config.dataDir, 'storage/original')).catch(() => [] as string[]);
    expect(originals.filter((name) => name.startsWith('connection-test-'))).toEqual([]);
  });

  it('refuses an unknown integration', async () => {
    expect((await admin('POST', '/api/admin/settings/integrations/fax/test')).statusCode).toBe(400);
  });
});
