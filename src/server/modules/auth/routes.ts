import type { FastifyInstance } from 'fastify';
import { AUTH_MESSAGES, signInSchema, signUpSchema, type AdminStatusView, type SessionView } from '../../../domain/auth.js';
import type { AppContext } from '../../context.js';
import { currentSession } from './guard.js';
import { LoginThrottle, addressKey } from './login-throttle.js';
import { signIn, signUp } from './service.js';
import { clearSessionCookie, endSession, readSessionToken, writeSessionCookie } from './sessions.js';

export async function authRoutes(app: FastifyInstance, context: AppContext): Promise<void> {
  const signInThrottle = new LoginThrottle();
  // New accounts per address: 10 an hour is plenty for people and little for scripts.
  const signUpThrottle = new LoginThrottle(10, 60 * 60 * 1000);

  app.post('/api/auth/login', async (request, reply) => {
    const input = signInSchema.parse(request.body ?? {});
    const signedIn = await signIn(context.db, signInThrottle, { ...input, address: request.ip });
    writeSessionCookie(request, reply, signedIn.token, signedIn.expiresAt);
    return { user: signedIn.user } satisfies SessionView;
  });

  app.post('/api/auth/signup', async (request, reply) => {
    const input = signUpSchema.parse(request.body ?? {});
    const key = [addressKey(request.ip)];
    const verdict = signUpThrottle.check(key);
    if (verdict.blocked) return reply.status(429).send({ error: AUTH_MESSAGES.tooManySignUps, code: 'rate_limited' });
    // Every attempt counts, taken or not: probing which e-mails have accounts (and making
    // the server hash a password per try) is limited like creating them.
    signUpThrottle.fail(key);
    const signedIn = await signUp(context.db, input);
    writeSessionCookie(request, reply, signedIn.token, signedIn.expiresAt);
    return reply.status(201).send({ user: signedIn.user } satisfies SessionView);
  });

  app.post('/api/auth/logout', async (request, reply) => {
    const token = readSessionToken(request);
    if (token) await endSession(context.db, token);
    clearSessionCookie(request, reply);
    return reply.status(204).send();
  });

  app.get('/api/auth/session', async (request, reply): Promise<SessionView> => {
    reply.header('cache-control', 'no-store');
    const { user } = await currentSession(context, request, reply);
    return { user };
  });

  /** The spec's rpc is_admin: asked separately so the back office can time it out on its own. */
  app.get('/api/auth/admin-status', async (request, reply): Promise<AdminStatusView> => {
    reply.header('cache-control', 'no-store');
    const { user } = await currentSession(context, request, reply);
    return { isAdmin: user?.role === 'admin' };
  });
}
