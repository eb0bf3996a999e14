/** Accounts, sign-in and sessions (admin §2 Admin login, §6; the security rules). */
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { AUTH_MESSAGES, SIGN_IN_MAX_FAILURES } from '../../../domain/auth.js';
import { openDatabase } from '../../db/client.js';
import { sessions, users } from '../../db/schema.js';
import { createAccount, SAME_ORIGIN, signInCookie } from '../../testing/admin-session.js';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { findUserByEmail } from './repository.js';
import { ensureAdmin } from './service.js';
import { SESSION_COOKIE, sessionIdOf } from './sessions.js';

let shop: TestApp;
beforeAll(async () => {
  // As behind a TLS-terminating proxy: client address and protocol come from X-Forwarded-*.
  shop = await createTestApp({ env: { TRUST_PROXY: 'true' } });
});
afterAll(async () => shop?.close());

const login = (email: string, password: string, options: { address?: string; headers?: Record<string, string> } = {}) =>
  shop.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    headers: { origin: SAME_ORIGIN, ...options.headers },
    payload: { email, password },
    remoteAddress: options.address ?? '10.0.0.1',
  });

describe('passwords are stored as argon2id hashes', () => {
  it('keeps an argon2id PHC string at OWASP cost, never the password', async () => {
    await createAccount(shop.context, 'hash@example.com', 'correct horse battery', 'admin');
    const user = await findUserByEmail(shop.context.db, 'hash@example.com');
    expect(user!.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(user!.password_hash).not.toContain('correct horse battery');
  });

  it('hashes the password of an account made by sign-up the same way', async () => {
    const response = await shop.app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      headers: { origin: SAME_ORIGIN },
      payload: { email: 'new-user@example.com', password: 'a-long-password' },
    });
    expect(response.statusCode).toBe(201);
    expect(response.json().user).toMatchObject({ email: 'new-user@example.com', role: 'user' });
    const user = await findUserByEmail(shop.context.db, 'NEW-USER@example.com');
    expect(user!.password_hash.startsWith('$argon2id$')).toBe(true);
  });
});

describe('sign-in opens a server session in an httpOnly SameSite cookie', () => {
  beforeAll(async () => {
    await createAccount(shop.context, 'owner@example.com', 'owner-password-1', 'admin');
  });

  it('sets the cookie httpOnly, SameSite=Strict, for the whole site, and stores only the token hash', async () => {
    const response = await login('Owner@Example.com', 'owner-password-1');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ user: { id: expect.any(String), email: 'owner@example.com', role: 'admin' } });
    const cookie = response.cookies.find((entry) => entry.name === SESSION_COOKIE)!;
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/' });
    expect(cookie.secure).toBeUndefined();
    const [stored] = await shop.context.db.select().from(sessions).where(eq(sessions.id, sessionIdOf(cookie.value)));
    expect(stored).toBeDefined();
    expect(await shop.context.db.select().from(sessions).where(eq(sessions.id, cookie.value))).toEqual([]);
  });

  it('marks the cookie Secure when the shop is reached over https', async () => {
    const response = await login('owner@example.com', 'owner-password-1', {
      headers: { host: 'shop.test', 'x-forwarded-proto': 'https', origin: 'https://shop.test' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.cookies.find((entry) => entry.name === SESSION_COOKIE)!.secure).toBe(true);
  });

  it('answers who is signed in, and whether they are an admin', async () => {
    const cookie = await signInCookie(shop.app, 'owner@example.com', 'owner-password-1');
    const session = await shop.app.inject({ url: '/api/auth/session', headers: { cookie } });
    expect(session.json().user).toMatchObject({ email: 'owner@example.com', role: 'admin' });
    expect((await shop.app.inject({ url: '/api/auth/admin-status', headers: { cookie } })).json()).toEqual({ isAdmin: true });
    expect((await shop.app.inject({ url: '/api/auth/session' })).json()).toEqual({ user: null });
    expect((await shop.app.inject({ url: '/api/auth/admin-status' })).json()).toEqual({ isAdmin: false });
  });

  it('refuses a wrong password and an unknown account with the same words', async () => {
    const wrong = await login('owner@example.com', 'not-the-password', { address: '10.0.0.2' });
    const unknown = await login('nobody@example.com', 'whatever-password', { address: '10.0.0.2' });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json().error).toBe(AUTH_MESSAGES.invalidCredentials);
    expect(unknown.json().error).toBe(AUTH_MESSAGES.invalidCredentials);
  });

  it("asks for both fields: 'Please enter both email and password'", async () => {
    const response = await login('', '');
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe('Please enter both email and password');
  });

  it('sign-out ends the session on the server, not just in the browser', async () => {
    const cookie = await signInCookie(shop.app, 'owner@example.com', 'owner-password-1');
    expect((await shop.app.inject({ url: '/api/admin/styles', headers: { cookie } })).statusCode).toBe(200);
    const out = await shop.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { cookie, origin: SAME_ORIGIN } });
    expect(out.statusCode).toBe(204);
    expect(out.cookies.find((entry) => entry.name === SESSION_COOKIE)!.value).toBe('');
    const after = await shop.app.inject({ url: '/api/admin/styles', headers: { cookie } });
    expect(after.statusCode).toBe(401);
    expect(after.json().code).toBe('session_expired');
  });

  it('refuses an expired session', async () => {
    const cookie = await signInCookie(shop.app, 'owner@example.com', 'owner-password-1');
    const id = sessionIdOf(cookie.split('=')[1]);
    await shop.context.db.update(sessions).set({ expires_at: new Date(Date.now() - 1000) }).where(eq(sessions.id, id));
    expect((await shop.app.inject({ url: '/api/admin/styles', headers: { cookie } })).statusCode).toBe(401);
  });

  it('renews a session that is past half its life, with a new cookie expiry', async () => {
    const cookie = await signInCookie(shop.app, 'owner@example.com', 'owner-password-1');
    const id = sessionIdOf(cookie.split('=')[1]);
    const soon = new Date(Date.now() + 60 * 60 * 1000);
    await shop.context.db.update(sessions).set({ expires_at: soon }).where(eq(sessions.id, id));
    const response = await shop.app.inject({ url: '/api/admin/styles', headers: { cookie } });
    expect(response.statusCode).toBe(200);
    const renewed = response.cookies.find((entry) => entry.name === SESSION_COOKIE)!;
    expect(renewed.expires!.getTime()).toBeGreaterThan(Date.now() + 6 * 24 * 60 * 60 * 1000);
    const [row] = await shop.context.db.select().from(sessions).where(eq(sessions.id, id));
    expect(row.expires_at.getTime()).toBeGreaterThan(soon.getTime());
  });
});

describe(`sign-in is rate limited: ${SIGN_IN_MAX_FAILURES} failures per 15 minutes per account at an address and per address`, () => {
  beforeAll(async () => {
    await createAccount(shop.context, 'target@example.com', 'target-password-1', 'admin');
  });

  it('never locks the owner out: guesses from other addresses leave the right password working from a clean address', async () => {
    for (let attempt = 0; attempt < SIGN_IN_MAX_FAILURES + 2; attempt += 1) {
      expect((await login('target@example.com', `guess-${attempt}`, { address: `10.4.0.${attempt}` })).statusCode).toBe(401);
    }
    const owner = await login('TARGET@example.com', 'target-password-1', { address: '10.4.0.99' });
    expect(owner.statusCode).toBe(200);
  });

  it('answers 429 with a clear message after 5 failures for one account from one address, even with the right password', async () => {
    for (let attempt = 0; attempt < SIGN_IN_MAX_FAILURES; attempt += 1) {
      expect((await login('target@example.com', `guess-${attempt}`, { address: '10.1.0.1' })).statusCode).toBe(401);
    }
    const blocked = await login('TARGET@example.com', 'target-password-1', { address: '10.1.0.1' });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().error).toBe(AUTH_MESSAGES.tooManyAttempts(15));
    expect(blocked.json()).toMatchObject({ code: 'rate_limited', retryAfterSeconds: expect.any(Number) });
    expect(blocked.cookies).toEqual([]);
  });

  it('answers 429 to one address after 5 failures spread over several accounts', async () => {
    await createAccount(shop.context, 'other@example.com', 'other-password-1', 'user');
    for (let attempt = 0; attempt < SIGN_IN_MAX_FAILURES; attempt += 1) {
      await login(`someone-${attempt}@example.com`, 'guess', { address: '10.2.0.1' });
    }
    expect((await login('other@example.com', 'other-password-1', { address: '10.2.0.1' })).statusCode).toBe(429);
    expect((await login('other@example.com', 'other-password-1', { address: '10.2.0.2' })).statusCode).toBe(200);
  });

  it('does not count successful sign-ins', async () => {
    for (let attempt = 0; attempt < SIGN_IN_MAX_FAILURES + 2; attempt += 1) {
      expect((await login('other@example.com', 'other-password-1', { address: '10.3.0.1' })).statusCode).toBe(200);
    }
  });
});

describe('the first admin: ADMIN_EMAIL/ADMIN_PASSWORD at start, or `npm run admin -- create <email>`', () => {
  it('creates the admin, leaves it alone on the next start, and updates a changed password', async () => {
    const db = shop.context.db;
    expect(await ensureAdmin(db, 'boss@example.com', 'first-password')).toBe('created');
    expect(await ensureAdmin(db, 'BOSS@example.com', 'first-password')).toBe('unchanged');
    const cookie = await signInCookie(shop.app, 'boss@example.com', 'first-password');
    expect(await ensureAdmin(db, 'boss@example.com', 'second-password')).toBe('password-updated');
    // A changed password signs out the sessions opened with the old one.
    expect((await shop.app.inject({ url: '/api/admin/styles', headers: { cookie } })).statusCode).toBe(401);
    await signInCookie(shop.app, 'boss@example.com', 'second-password');
    const [{ rows }] = await db.select({ rows: sql<number>`count(*)::int` }).from(users).where(sql`lower(${users.email}) = 'boss@example.com'`);
    expect(rows).toBe(1);
  });

  it('promotes an existing plain user', async () => {
    await createAccount(shop.context, 'promoted@example.com', 'user-password-1', 'user');
    expect(await ensureAdmin(shop.context.db, 'promoted@example.com', 'admin-password-1')).toBe('promoted');
    expect((await findUserByEmail(shop.context.db, 'promoted@example.com'))!.role).toBe('admin');
  });

  it('refuses a password shorter than 8 characters', async () => {
    await expect(ensureAdmin(shop.context.db, 'short@example.com', 'short')).rejects.toThrow('at least 8');
  });

  it('the CLI creates an admin from the shell, the password read from stdin', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'wanderer-cli-'));
    const databaseUrl = shop.context.database.connectionString;
    try {
      const env: Record<string, string> = { ...(process.env as Record<string, string>), DATA_DIR: dataDir, LOG_LEVEL: 'silent' };
      delete env.ADMIN_PASSWORD;
      if (databaseUrl) env.DATABASE_URL = databaseUrl;
      else delete env.DATABASE_URL;
      const output = await new Promise<string>((resolve, reject) => {
        const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/admin-cli.ts', 'create', 'cli-admin@example.com'], {
          env,
          stdio: ['pipe', 'pipe', 'pipe'],
        });
        let text = '';
        child.stdout.on('data', (chunk) => (text += chunk));
        child.stderr.on('data', (chunk) => (text += chunk));
        child.on('exit', (code) => (code === 0 ? resolve(text) : reject(new Error(`exit ${code}: ${text}`))));
        child.stdin.end('cli-password-1\n');
      });
      expect(output).toContain('Admin cli-admin@example.com: created');
      const database = databaseUrl ? shop.context.database : await openDatabase({ dataDir });
      try {
        const user = await findUserByEmail(database.db, 'cli-admin@example.com');
        expect(user).toMatchObject({ role: 'admin' });
        expect(user!.password_hash.startsWith('$argon2id$')).toBe(true);
      } finally {
        if (!databaseUrl) await database.close();
      }
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});

describe('sign-up makes plain users', () => {
  it('refuses a taken address and a short password', async () => {
    const taken = await shop.app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      headers: { origin: SAME_ORIGIN },
      payload: { email: 'owner@example.com', password: 'a-long-password' },
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error).toBe(AUTH_MESSAGES.emailTaken);
    const short = await shop.app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      headers: { origin: SAME_ORIGIN },
      payload: { email: 'short@example.com', password: 'short' },
    });
    expect(short.statusCode).toBe(400);
    expect(short.json().error).toBe(AUTH_MESSAGES.passwordTooShort(8));
  });

  it('counts every attempt against the address, taken addresses too: probing for accounts is throttled', async () => {
    const probe = (email: string) =>
      shop.app.inject({
        method: 'POST',
        url: '/api/auth/signup',
        headers: { origin: SAME_ORIGIN },
        payload: { email, password: 'a-long-password' },
        remoteAddress: '10.7.0.1',
      });
    const answers: number[] = [];
    for (let attempt = 0; attempt < 12; attempt += 1) answers.push((await probe('owner@example.com')).statusCode);
    expect(answers.slice(0, 10).every((status) => status === 409)).toBe(true);
    expect(answers.slice(10)).toEqual([429, 429]);
    expect((await probe('brand-new@example.com')).statusCode).toBe(429);
  });
});
