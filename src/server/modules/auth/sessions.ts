/**
 * Server-side sessions. The browser holds a random token in an httpOnly, SameSite=Strict
 * cookie (Secure under https); the database holds only its SHA-256, so a copy of the
 * sessions table cannot be replayed as cookies.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { SESSION_COOKIE, SESSION_TTL_MS, type SessionUser } from '../../../domain/auth.js';
import type { Database } from '../../db/client.js';
import { deleteSession, extendSession, findLiveSession, insertSession } from './repository.js';

export { SESSION_COOKIE };

export const sessionIdOf = (token: string) => createHash('sha256').update(token).digest('hex');

export async function createSession(
  db: Database,
  userId: string,
  now = new Date(),
): Promise<{ token: string; expiresAt: Date }> {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(now.getTime() + SESSION_TTL_MS);
  await insertSession(db, { id: sessionIdOf(token), user_id: userId, expires_at: expiresAt });
  return { token, expiresAt };
}

export interface ResolvedSession {
  user: SessionUser;
  expiresAt: Date;
  /** Set when the session was renewed: the cookie must be sent again with the new expiry. */
  renewed: boolean;
}

export async function resolveSession(db: Database, token: string, now = new Date()): Promise<ResolvedSession | null> {
  const id = sessionIdOf(token);
  const found = await findLiveSession(db, id, now);
  if (!found) return null;
  const user: SessionUser = { id: found.user.id, email: found.user.email, role: found.user.role };
  if (found.session.expires_at.getTime() - now.getTime() > SESSION_TTL_MS / 2) {
    return { user, expiresAt: found.session.expires_at, renewed: false };
  }
  const expiresAt = new Date(now.getTime() + SESSION_TTL_MS);
  await extendSession(db, id, expiresAt);
  return { user, expiresAt, renewed: true };
}

export async function endSession(db: Database, token: string): Promise<void> {
  await deleteSession(db, sessionIdOf(token));
}

export function readSessionToken(request: FastifyRequest): string | undefined {
  const token = request.cookies?.[SESSION_COOKIE];
  return token && /^[A-Za-z0-9_-]{20,100}$/.test(token) ? token : undefined;
}

export function writeSessionCookie(request: FastifyRequest, reply: FastifyReply, token: string, expiresAt: Date): void {
  reply.setCookie(SESSION_COOKIE, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'strict',
    secure: request.protocol === 'https',
    expires: expiresAt,
  });
}

export function clearSessionCookie(request: FastifyRequest, reply: FastifyReply): void {
  reply.clearCookie(SESSION_COOKIE, {
    path: '/',
    httpOnly: true,
    sameSite: 'strict',
    secure: request.protocol === 'https',
  });
}
