import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  AUTH_MESSAGES,
  signInSchema,
  signUpSchema,
  type AdminStatusView,
  type SessionView,
  type SignUpView,
} from '../../../domain/auth.js';
import type { AppContext } from '../../context.js';
import { currentSession } from './guard.js';
import { LoginThrottle, addressKey } from './login-throttle.js';
import { HttpError } from '../../http/errors.js';
import { escapeHtml } from '../../infra/html.js';
import { SIGN_UP_CONFIRM_ROUTE, confirmSignUp, requestSignUp, signIn } from './service.js';
import { clearSessionCookie, endSession, readSessionToken, writeSessionCookie } from './sessions.js';
import { describeRoute } from '../../http/api-description.js';
import { jsonRoutes } from '../../http/routes.js';

const confirmQuerySchema = z.object({ token: z.string().min(1).max(200) });

const refusedAsNull = (error: unknown) => {
  if (error instanceof HttpError) return null;
  throw error;
};

const linkInvalidPage = (siteName: string) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escapeHtml(siteName)}</title></head>
<body style="font-family:system-ui,sans-serif;max-width:32rem;margin:4rem auto;padding:0 1rem;color:#111827">
<h1 style="font-size:1.5rem">${escapeHtml(siteName)}</h1>
<p>${AUTH_MESSAGES.signUpLinkInvalid}</p>
<p><a href="/" style="color:#111827">Return to homepage</a></p>
</body></html>`;

export async function authRoutes(app: FastifyInstance, context: AppContext): Promise<void> {
  const routes = jsonRoutes(app);

  const signInThrottle = new LoginThrottle();
  // New accounts per address: 10 an hour is plenty for people and little for scripts.
  const signUpThrottle = new LoginThrottle(10, 60 * 60 * 1000);

  routes.post(
    '/api/auth/login',
    { summary: 'Signs in; sets the session cookie', body: signInSchema },
    async ({ body, request, reply }) => {
      const signedIn = await signIn(context.db, signInThrottle, { ...body, address: request.ip });
      writeSessionCookie(request, reply, signedIn.token, signedIn.expiresAt);
      return { user: signedIn.user } satisfies SessionView;
    },
  );

  routes.post(
    '/api/auth/signup',
    {
      summary: 'Asks for an account: e-mails a confirmation link (or, for a known address, a notice); answers alike',
      body: signUpSchema,
    },
    async ({ body, request, reply }) => {
      const key = [addressKey(request.ip)];
      const verdict = signUpThrottle.check(key);
      if (verdict.blocked) return reply.status(429).send({ error: AUTH_MESSAGES.tooManySignUps, code: 'rate_limited' });
      // Every attempt counts, taken or not: probing which e-mails have accounts (and making
      // the server hash a password per try) is limited like creating them.
      signUpThrottle.fail(key);
      await requestSignUp(context, body);
      return reply.status(202).send({ message: AUTH_MESSAGES.signUpCheckEmail } satisfies SignUpView);
    },
  );

  /** The link in the sign-up e-mail: the account is made, signed in, and sent to the shop. */
  app.get(
    SIGN_UP_CONFIRM_ROUTE,
    { schema: describeRoute("The sign-up e-mail's link: makes the account, signs it in, redirects to /") },
    async (request, reply) => {
      const parsed = confirmQuerySchema.safeParse(request.query);
      const signedIn = parsed.success ? await confirmSignUp(context.db, parsed.data.token).catch(refusedAsNull) : null;
      // A person clicked this in an e-mail: a dead link gets a page, not an API error.
      if (!signedIn)
        return reply.status(400).type('text/html; charset=utf-8').send(linkInvalidPage(context.config.siteName));
      writeSessionCookie(request, reply, signedIn.token, signedIn.expiresAt);
      return reply.redirect('/', 303);
    },
  );

  app.post('/api/auth/logout', { schema: describeRoute('Ends the session') }, async (request, reply) => {
    const token = readSessionToken(request);
    if (token) await endSession(context.db, token);
    clearSessionCookie(request, reply);
    return reply.status(204).send();
  });

  routes.get(
    '/api/auth/session',
    { summary: 'The signed-in account, if any', noStore: true },
    async ({ request, reply }): Promise<SessionView> => {
      const { user } = await currentSession(context, request, reply);
      return { user };
    },
  );

  /** The spec's rpc is_admin: asked separately so the back office can time it out on its own. */
  routes.get(
    '/api/auth/admin-status',
    { summary: 'Whether the signed-in account is an admin', noStore: true },
    async ({ request, reply }): Promise<AdminStatusView> => {
      const { user } = await currentSession(context, request, reply);
      return { isAdmin: user?.role === 'admin' };
    },
  );
}
