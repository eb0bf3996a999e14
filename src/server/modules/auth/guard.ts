/**
 * The one check in front of every /api/admin/* route (present and future): a session is
 * required (401), the account must be an admin (403), and a state-changing request must
 * come from the shop's own pages (403). The same origin check covers /api/auth/* writes.
 */
import type { FastifyReply, FastifyRequest, onRequestHookHandler } from 'fastify';
import { AUTH_MESSAGES, type SessionUser } from '../../../domain/auth.js';
import type { AppContext } from '../../context.js';
import { HttpError } from '../../http/errors.js';
import {
  SESSION_COOKIE,
  clearSessionCookie,
  readSessionToken,
  resolveSession,
  writeSessionCookie,
} from './sessions.js';

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Matches on the route's pattern, not the raw URL, so no encoding of the path slips past. */
export const isAdminRoute = (pattern: string) => pattern === '/api/admin' || pattern.startsWith('/api/admin/');
const isAuthRoute = (pattern: string) => pattern.startsWith('/api/auth/');

export interface SessionLookup {
  user: SessionUser | null;
  /** A session cookie came, but its session is gone or expired. */
  expired: boolean;
}

const lookups = new WeakMap<FastifyRequest, Promise<SessionLookup>>();

/** The signed-in user of this request, read once per request; renews the cookie when due. */
export function currentSession(
  context: AppContext,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<SessionLookup> {
  let lookup = lookups.get(request);
  if (!lookup) {
    lookup = (async () => {
      const token = readSessionToken(request);
      if (!token) return { user: null, expired: Boolean(request.cookies?.[SESSION_COOKIE]) };
      const session = await resolveSession(context.db, token);
      if (!session) {
        clearSessionCookie(request, reply);
        return { user: null, expired: true };
      }
      if (session.renewed) writeSessionCookie(request, reply, token, session.expiresAt);
      return { user: session.user, expired: false };
    })();
    lookups.set(request, lookup);
  }
  return lookup;
}

/** The admin an /api/admin/* handler runs for (the guard has already checked). */
export async function adminOf(context: AppContext, request: FastifyRequest, reply: FastifyReply): Promise<SessionUser> {
  const { user } = await currentSession(context, request, reply);
  if (!user) throw new HttpError(401, AUTH_MESSAGES.notSignedIn, { code: 'unauthenticated' });
  return user;
}

export function isSameOrigin(request: FastifyRequest, publicUrl: string): boolean {
  const claimed = request.headers.origin ?? originOf(request.headers.referer);
  if (!claimed || claimed === 'null') return false;
  const source = originOf(claimed);
  if (!source) return false;
  const own = [originOf(publicUrl), originOf(`${request.protocol}://${request.host}`)];
  return own.includes(source);
}

function originOf(url: string | undefined): string | undefined {
  if (!url) return undefined;
  try {
    return new URL(url).origin;
  } catch {
    return undefined;
  }
}

export function createAccessGuard(context: AppContext): onRequestHookHandler {
  return async function accessGuard(request, reply) {
    const pattern = request.routeOptions.url;
    if (!pattern) return;
    const admin = isAdminRoute(pattern);
    if (!admin && !isAuthRoute(pattern)) return;
    if (admin) {
      const { user, expired } = await currentSession(context, request, reply);
      if (!user) {
        throw new HttpError(401, expired ? AUTH_MESSAGES.sessionExpired : AUTH_MESSAGES.notSignedIn, {
          code: expired ? 'session_expired' : 'unauthenticated',
        });
      }
      if (user.role !== 'admin') throw new HttpError(403, AUTH_MESSAGES.notAdmin, { code: 'forbidden' });
    }
    if (STATE_CHANGING.has(request.method) && !isSameOrigin(request, context.config.publicUrl)) {
      throw new HttpError(403, AUTH_MESSAGES.crossSiteRefused, { code: 'cross_site' });
    }
  };
}
