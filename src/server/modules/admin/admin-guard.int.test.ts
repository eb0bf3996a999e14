/**
 * Admin §6 and the issue's first proof: every /api/admin/* route the app registers refuses an
 * anonymous caller (401) and a signed-in plain user (403), and a state-changing request from
 * another site is refused before it does anything.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InjectOptions } from 'fastify';
import { AUTH_MESSAGES } from '../../../domain/auth.js';
import { registeredRoutes } from '../../http/route-registry.js';
import { createAccount, SAME_ORIGIN, signInCookie } from '../../testing/admin-session.js';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { isAdminRoute } from '../auth/guard.js';

let shop: TestApp;
let userCookie: string;
let adminCookie: string;

beforeAll(async () => {
  shop = await createTestApp({ env: { PUBLIC_URL: 'https://shop.example.com' } });
  await createAccount(shop.context, 'owner@example.com', 'owner-password-1', 'admin');
  await createAccount(shop.context, 'visitor@example.com', 'visitor-password-1', 'user');
  adminCookie = await signInCookie(shop.app, 'owner@example.com', 'owner-password-1');
  userCookie = await signInCookie(shop.app, 'visitor@example.com', 'visitor-password-1');
});
afterAll(async () => shop?.close());

/** Every registered admin route, its parameters filled with ids that exist nowhere. */
function adminRoutes() {
  const routes = registeredRoutes(shop.app).filter((route) => isAdminRoute(route.url));
  return routes.map((route) => ({
    method: route.method as InjectOptions['method'],
    pattern: route.url,
    url: route.url.replace(/:[A-Za-z_]+/g, () => randomUUID()).replace(/\*$/, 'anything'),
  }));
}

describe('the guard covers every /api/admin/* route, present and future', () => {
  it('finds the admin routes the app registers (styles, content, settings and any added later)', () => {
    const patterns = new Set(adminRoutes().map((route) => route.pattern));
    for (const expected of [
      '/api/admin/styles',
      '/api/admin/content',
      '/api/admin/settings',
      '/api/admin/content/examples',
    ]) {
      expect(patterns).toContain(expected);
    }
    expect(adminRoutes().length).toBeGreaterThanOrEqual(15);
  });

  it('answers 401 to an anonymous caller on every admin route', async () => {
    const answers = [];
    for (const route of adminRoutes()) {
      const response = await shop.app.inject({
        method: route.method,
        url: route.url,
        headers: { origin: SAME_ORIGIN },
      });
      answers.push({ route: `${route.method} ${route.pattern}`, status: response.statusCode });
    }
    expect(answers.filter((answer) => answer.status !== 401)).toEqual([]);
  });

  it('answers 403 to a signed-in plain user on every admin route', async () => {
    const answers = [];
    for (const route of adminRoutes()) {
      const response = await shop.app.inject({
        method: route.method,
        url: route.url,
        headers: { origin: SAME_ORIGIN, cookie: userCookie },
      });
      answers.push({ route: `${route.method} ${route.pattern}`, status: response.statusCode });
    }
    expect(answers.filter((answer) => answer.status !== 403)).toEqual([]);
  });

  it('lets the admin through on every admin route (no 401 or 403)', async () => {
    const answers = [];
    for (const route of adminRoutes()) {
      const response = await shop.app.inject({
        method: route.method,
        url: route.url,
        headers: { origin: SAME_ORIGIN, cookie: adminCookie },
      });
      answers.push({ route: `${route.method} ${route.pattern}`, status: response.statusCode });
    }
    expect(answers.filter((answer) => answer.status === 401 || answer.status === 403)).toEqual([]);
  });

  it('says why: not signed in, session expired, or not an admin', async () => {
    const anonymous = await shop.app.inject({ url: '/api/admin/styles' });
    expect(anonymous.json()).toEqual({ error: AUTH_MESSAGES.notSignedIn, code: 'unauthenticated' });
    const stale = await shop.app.inject({
      url: '/api/admin/styles',
      headers: { cookie: 'wanderer_session=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA' },
    });
    expect(stale.statusCode).toBe(401);
    expect(stale.json()).toEqual({ error: AUTH_MESSAGES.sessionExpired, code: 'session_expired' });
    const user = await shop.app.inject({ url: '/api/admin/styles', headers: { cookie: userCookie } });
    expect(user.json()).toEqual({ error: AUTH_MESSAGES.notAdmin, code: 'forbidden' });
  });

  it('cannot be slipped past by encoding the path', async () => {
    const response = await shop.app.inject({ url: '/api/%61dmin/styles' });
    expect([401, 404]).toContain(response.statusCode);
  });
});

describe('state-changing requests must come from the shop itself (origin check)', () => {
  const toggle = async (headers: Record<string, string>) => {
    const [style] = (await shop.app.inject({ url: '/api/admin/styles', headers: { cookie: adminCookie } })).json();
    return shop.app.inject({
      method: 'PATCH',
      url: `/api/admin/styles/${style.id}/active`,
      headers: { cookie: adminCookie, ...headers },
      payload: { is_active: style.is_active },
    });
  };

  it('refuses an admin request whose Origin is another site', async () => {
    const response = await toggle({ origin: 'https://evil.example' });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ error: AUTH_MESSAGES.crossSiteRefused, code: 'cross_site' });
  });

  it('refuses an admin request with neither Origin nor Referer', async () => {
    expect((await toggle({})).statusCode).toBe(403);
  });

  it('refuses a look-alike origin (other port, other scheme, suffix host)', async () => {
    for (const origin of ['http://localhost:8080', 'https://localhost', 'http://localhost.evil.example', 'null']) {
      expect((await toggle({ origin })).statusCode, origin).toBe(403);
    }
  });

  it("accepts the request's own host, PUBLIC_URL, or a same-origin Referer when Origin is absent", async () => {
    expect((await toggle({ origin: SAME_ORIGIN })).statusCode).toBe(200);
    expect((await toggle({ origin: 'https://shop.example.com' })).statusCode).toBe(200);
    expect((await toggle({ referer: `${SAME_ORIGIN}/admin/styles` })).statusCode).toBe(200);
  });

  it('does not ask it of reads', async () => {
    const response = await shop.app.inject({ url: '/api/admin/styles', headers: { cookie: adminCookie } });
    expect(response.statusCode).toBe(200);
  });

  it('guards the sign-in, sign-up and sign-out routes too', async () => {
    for (const url of ['/api/auth/login', '/api/auth/signup', '/api/auth/logout']) {
      const response = await shop.app.inject({
        method: 'POST',
        url,
        headers: { origin: 'https://evil.example' },
        payload: { email: 'owner@example.com', password: 'owner-password-1' },
      });
      expect(response.statusCode, url).toBe(403);
      expect(response.cookies).toEqual([]);
    }
  });
});
