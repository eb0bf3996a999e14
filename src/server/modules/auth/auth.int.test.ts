/** Accounts, sign-in and sessions (admin §2 Admin login, §6; the security rules). */
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desc, eq, sql } from 'drizzle-orm';
import { AUTH_MESSAGES, SIGN_IN_MAX_FAILURES } from '../../../domain/auth.js';
import { openDatabase } from '../../db/client.js';
import { email_messages, sessions, sign_up_requests, users } from '../../db/schema.js';
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

const signUp = (email: string, address: string) =>
  shop.app.inject({
    method: 'POST',
    url: '/api/auth/signup',
    headers: { origin: SAME_ORIGIN },
    payload: { email, password: 'a-long-password' },
    remoteAddress: address,
  });

/** The e-mails sent to an address, newest first. */
const mailsTo = (address: string) =>
  shop.context.db
    .select()
    .from(email_messages)
    .where(eq(email_messages.to_address, address))
    .orderBy(desc(email_messages.created_at));

/** The path and query of the sign-up link in an e-mail's text. */
function confirmLinkIn(text: string): string {
  const url = new URL(text.match(/https?:\/\/\S+\/api\/auth\/confirm\?token=\S+/)![0]);
  return url.pathname + url.search;
}

/** The link in the newest sign-up e-mail to an address. */
async function confirmLinkFor(address: string): Promise<string> {
  const [mail] = await mailsTo(address);
  return confirmLinkIn(mail!.text_body);
}

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
    const response = await signUp('new-user@example.com', '10.9.0.1');
    expect(response.statusCode).toBe(202);
    await shop.app.inject({ method: 'GET', url: await confirmLinkFor('new-user@example.com') });
    const user = await findUserByEmail(shop.context.db, 'NEW-USER@example.com');
    expect(user!.password_hash.startsWith('$argon2id$')).toBe(true);
    expect(user!.role).toBe('user');
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
    const [stored] = await shop.context.db
      .select()
      .from(sessions)
      .where(eq(sessions.id, sessionIdOf(cookie.value)));
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
    expect((await shop.app.inject({ url: '/api/auth/admin-status', headers: { cookie } })).json()).toEqual({
      isAdmin: true,
    });
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
    const out = await shop.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { cookie, origin: SAME_ORIGIN },
    });
    expect(out.statusCode).toBe(204);
    expect(out.cookies.find((entry) => entry.name === SESSION_COOKIE)!.value).toBe('');
    const after = await shop.app.inject({ url: '/api/admin/styles', headers: { cookie } });
    expect(after.statusCode).toBe(401);
    expect(after.json().code).toBe('session_expired');
  });

  it('refuses an expired session', async () => {
    const cookie = await signInCookie(shop.app, 'owner@example.com', 'owner-password-1');
    const id = sessionIdOf(cookie.split('=')[1]);
    await shop.context.db
      .update(sessions)
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where(eq(sessions.id, id));
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
      expect((await login('target@example.com', `guess-${attempt}`, { address: `10.4.0.${attempt}` })).statusCode).toBe(
        401,
      );
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
    const [{ rows }] = await db
      .select({ rows: sql<number>`count(*)::int` })
      .from(users)
      .where(sql`lower(${users.email}) = 'boss@example.com'`);
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
      const env: Record<string, string> = {
        ...(process.env as Record<string, string>),
        DATA_DIR: dataDir,
        LOG_LEVEL: 'silent',
      };
      delete env.ADMIN_PASSWORD;
      if (databaseUrl) env.DATABASE_URL = databaseUrl;
      else delete env.DATABASE_URL;
      const output = await new Promise<string>((resolve, reject) => {
        const child = spawn(
          process.execPath,
          ['--import', 'tsx', 'src/server/admin-cli.ts', 'create', 'cli-admin@example.com'],
          {
            env,
            stdio: ['pipe', 'pipe', 'pipe'],
          },
        );
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

describe('sign-up is confirmed by e-mail and answers alike for every address', () => {
  const requestCount = async () => (await shop.context.db.select().from(sign_up_requests)).length;

  it('answers a known address exactly as a new one, and e-mails each what it needs', async () => {
    const known = await signUp('owner@example.com', '10.8.0.1');
    const fresh = await signUp('brand-new-1@example.com', '10.8.0.2');
    expect(known.statusCode).toBe(202);
    expect(fresh.statusCode).toBe(202);
    expect(known.json()).toEqual({ message: AUTH_MESSAGES.signUpCheckEmail });
    expect(fresh.json()).toEqual(known.json());
    expect(Object.keys(fresh.headers).sort()).toEqual(Object.keys(known.headers).sort());
    expect(known.cookies).toEqual([]);
    expect(fresh.cookies).toEqual([]);

    const [exists] = await mailsTo('owner@example.com');
    expect(exists).toMatchObject({ kind: 'account_exists', order_id: null, status: 'sent' });
    expect(exists!.text_body).toContain('already has one');
    expect(exists!.text_body).not.toContain('/api/auth/confirm');
    const [confirm] = await mailsTo('brand-new-1@example.com');
    expect(confirm).toMatchObject({ kind: 'account_sign_up', status: 'sent' });
    // The known account is untouched: its password still signs in, no request was stored for it.
    expect((await login('owner@example.com', 'owner-password-1', { address: '10.8.0.3' })).statusCode).toBe(200);
    expect(await findUserByEmail(shop.context.db, 'brand-new-1@example.com')).toBeUndefined();
  });

  it('makes the account only from the link, signs it in and sends the visitor to the shop, once', async () => {
    await signUp('brand-new-2@example.com', '10.8.1.1');
    const link = await confirmLinkFor('brand-new-2@example.com');
    const confirmed = await shop.app.inject({ method: 'GET', url: link });
    expect(confirmed.statusCode).toBe(303);
    expect(confirmed.headers.location).toBe('/');
    const cookie = confirmed.cookies.find((entry) => entry.name === SESSION_COOKIE)!;
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict' });
    const session = await shop.app.inject({
      method: 'GET',
      url: '/api/auth/session',
      cookies: { [SESSION_COOKIE]: cookie.value },
    });
    expect(session.json().user).toMatchObject({ email: 'brand-new-2@example.com', role: 'user' });

    const again = await shop.app.inject({ method: 'GET', url: link });
    expect(again.statusCode).toBe(400);
    expect(again.headers['content-type']).toContain('text/html');
    expect(again.body).toContain(AUTH_MESSAGES.signUpLinkInvalid);
    expect(again.cookies).toEqual([]);
  });

  it('refuses a made-up or expired link with a page, and makes no account', async () => {
    const madeUp = await shop.app.inject({ method: 'GET', url: '/api/auth/confirm?token=not-a-real-token' });
    expect(madeUp.statusCode).toBe(400);
    expect(madeUp.body).toContain(AUTH_MESSAGES.signUpLinkInvalid);
    expect((await shop.app.inject({ method: 'GET', url: '/api/auth/confirm' })).statusCode).toBe(400);

    await signUp('late@example.com', '10.8.2.1');
    const link = await confirmLinkFor('late@example.com');
    await shop.context.db.execute(
      sql`update sign_up_requests set expires_at = now() - interval '1 minute' where email = 'late@example.com'`,
    );
    expect((await shop.app.inject({ method: 'GET', url: link })).statusCode).toBe(400);
    expect(await findUserByEmail(shop.context.db, 'late@example.com')).toBeUndefined();
  });

  it('lets only one of two links for one address make the account', async () => {
    await signUp('twice@example.com', '10.8.3.1');
    await signUp('twice@example.com', '10.8.3.2');
    const [second, first] = await mailsTo('twice@example.com');
    expect((await shop.app.inject({ method: 'GET', url: confirmLinkIn(first!.text_body) })).statusCode).toBe(303);
    expect((await shop.app.inject({ method: 'GET', url: confirmLinkIn(second!.text_body) })).statusCode).toBe(400);
    expect((await mailsTo('twice@example.com')).map((mail) => mail.kind)).toEqual([
      'account_sign_up',
      'account_sign_up',
    ]);
  });

  it("refuses a short password and a malformed address with the field's message, storing nothing", async () => {
    const before = await requestCount();
    const short = await shop.app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      headers: { origin: SAME_ORIGIN },
      payload: { email: 'short@example.com', password: 'short' },
      remoteAddress: '10.8.4.1',
    });
    expect(short.statusCode).toBe(400);
    expect(short.json().error).toBe(AUTH_MESSAGES.passwordTooShort(8));
    const malformed = await shop.app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      headers: { origin: SAME_ORIGIN },
      payload: { email: 'not-an-address', password: 'a-long-password' },
      remoteAddress: '10.8.4.1',
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().error).toBe(AUTH_MESSAGES.invalidEmail);
    expect(await requestCount()).toBe(before);
    expect(await mailsTo('short@example.com')).toEqual([]);
  });

  it('counts every attempt against the address, known addresses too', async () => {
    const answers: number[] = [];
    for (let attempt = 0; attempt < 12; attempt += 1)
      answers.push((await signUp('owner@example.com', '10.7.0.1')).statusCode);
    expect(answers.slice(0, 10).every((status) => status === 202)).toBe(true);
    expect(answers.slice(10)).toEqual([429, 429]);
    expect((await signUp('brand-new@example.com', '10.7.0.1')).statusCode).toBe(429);
  });
});
