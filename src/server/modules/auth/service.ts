/**
 * Accounts and sign-in: argon2id hashes, server sessions, a failure throttle per address and
 * per account, and the first admin made from ADMIN_EMAIL/ADMIN_PASSWORD or the CLI.
 */
import { randomBytes } from 'node:crypto';
import {
  AUTH_MESSAGES,
  PASSWORD_MIN_LENGTH,
  SIGN_IN_MAX_FAILURES,
  SIGN_UP_LINK_TTL_MS,
  type SessionUser,
  type SignInInput,
  type SignUpInput,
} from '../../../domain/auth.js';
import type { AppContext } from '../../context.js';
import type { Database } from '../../db/client.js';
import { HttpError } from '../../http/errors.js';
import {
  ACCOUNT_EXISTS_KIND,
  noticeOptions,
  renderAccountExists,
  renderSignUpConfirmation,
  sendAccountEmail,
  SIGN_UP_KIND,
} from '../email/index.js';
import { accountAtAddressKey, accountKey, addressKey, type LoginThrottle } from './login-throttle.js';
import { hashPassword, verifyAgainstNothing, verifyPassword } from './passwords.js';
import {
  deleteExpiredSessions,
  deleteExpiredSignUpRequests,
  deleteUserSessions,
  findUserByEmail,
  insertSignUpRequest,
  insertUser,
  takeSignUpRequest,
  updateUser,
  type UserRow,
} from './repository.js';
import { createSession, sessionIdOf as tokenIdOf } from './sessions.js';

export interface SignedIn {
  user: SessionUser;
  token: string;
  expiresAt: Date;
}

const toSessionUser = (row: UserRow): SessionUser => ({ id: row.id, email: row.email, role: row.role });

function tooManyAttempts(retryAfterMs: number): HttpError {
  const minutes = Math.max(1, Math.ceil(retryAfterMs / 60_000));
  return new HttpError(429, AUTH_MESSAGES.tooManyAttempts(minutes), {
    code: 'rate_limited',
    retryAfterSeconds: Math.ceil(retryAfterMs / 1000),
  });
}

/**
 * Past the per-address allowance, each further failure for an account (from anywhere) adds
 * 250 ms to its sign-ins, up to 3 s: a distributed guesser gets slow, the owner still gets in.
 */
export function accountSlowdownMs(accountFailures: number): number {
  return Math.min(3000, 250 * Math.max(0, accountFailures - SIGN_IN_MAX_FAILURES));
}

export async function signIn(
  db: Database,
  throttle: LoginThrottle,
  input: SignInInput & { address: string },
): Promise<SignedIn> {
  // Blocking is per address and per account at an address: a guesser elsewhere can never
  // lock the owner out of an address they have not failed from (issue 10). Failures for the
  // account from everywhere only slow every sign-in to it down.
  const keys = [addressKey(input.address), accountAtAddressKey(input.email, input.address)];
  const verdict = throttle.check(keys);
  // Refused before the password is even checked, so guessing on does not help.
  if (verdict.blocked) throw tooManyAttempts(verdict.retryAfterMs);
  const delayMs = accountSlowdownMs(throttle.count(accountKey(input.email)));
  if (delayMs > 0) await new Promise((resolve) => setTimeout(resolve, delayMs));

  const user = await findUserByEmail(db, input.email);
  const valid = user
    ? await verifyPassword(user.password_hash, input.password)
    : await verifyAgainstNothing(input.password);
  if (!user || !valid) {
    throttle.fail([...keys, accountKey(input.email)]);
    throw new HttpError(401, AUTH_MESSAGES.invalidCredentials, { code: 'invalid_credentials' });
  }
  throttle.clear(accountAtAddressKey(input.email, input.address));
  // Sign-ins are rare and the table is small: a good moment to drop sessions that ended.
  await deleteExpiredSessions(db, new Date());
  const session = await createSession(db, user.id);
  return { user: toSessionUser(user), ...session };
}

/**
 * The spec's sign-up, confirmed by e-mail: a new address is sent a link that creates the
 * account, a known one is told it already has one. Both cost one password hash and one
 * e-mail, and the caller answers both alike, so sign-up cannot be used to learn who has an
 * account here.
 */
export async function requestSignUp(context: AppContext, input: SignUpInput): Promise<void> {
  const { db, config } = context;
  const now = new Date();
  const passwordHash = await hashPassword(input.password);
  await deleteExpiredSignUpRequests(db, now);
  const options = noticeOptions(context);
  if (await findUserByEmail(db, input.email)) {
    const signInUrl = `${config.publicUrl}/admin/login`;
    await sendAccountEmail(context, input.email, {
      kind: ACCOUNT_EXISTS_KIND,
      content: renderAccountExists(signInUrl, options),
    });
    return;
  }
  const token = randomBytes(32).toString('base64url');
  await insertSignUpRequest(db, {
    id: tokenIdOf(token),
    email: input.email,
    password_hash: passwordHash,
    expires_at: new Date(now.getTime() + SIGN_UP_LINK_TTL_MS),
  });
  const confirmUrl = `${config.publicUrl}${SIGN_UP_CONFIRM_ROUTE}?token=${token}`;
  await sendAccountEmail(context, input.email, {
    kind: SIGN_UP_KIND,
    content: renderSignUpConfirmation(confirmUrl, options),
  });
}

export const SIGN_UP_CONFIRM_ROUTE = '/api/auth/confirm';

/** The link in the sign-up e-mail: makes the plain user account and signs it in, once. */
export async function confirmSignUp(db: Database, token: string): Promise<SignedIn> {
  const request = await takeSignUpRequest(db, tokenIdOf(token), new Date());
  if (!request) throw new HttpError(400, AUTH_MESSAGES.signUpLinkInvalid, { code: 'link_invalid' });
  // Two requests for one address race to here: the unique index lets one make the account.
  const row = await insertUser(db, { email: request.email, password_hash: request.password_hash, role: 'user' });
  if (!row) throw new HttpError(400, AUTH_MESSAGES.signUpLinkInvalid, { code: 'link_invalid' });
  const session = await createSession(db, row.id);
  return { user: toSessionUser(row), ...session };
}

export type EnsureAdminResult = 'created' | 'promoted' | 'password-updated' | 'unchanged';

/**
 * Makes `email` an admin with `password`: creates the account, or promotes it and sets the
 * password. A changed password signs out the account's other sessions; starting the shop
 * again with the same password changes nothing.
 */
export async function ensureAdmin(db: Database, email: string, password: string): Promise<EnsureAdminResult> {
  if (password.length < PASSWORD_MIN_LENGTH) throw new Error(AUTH_MESSAGES.passwordTooShort(PASSWORD_MIN_LENGTH));
  const existing = await findUserByEmail(db, email);
  if (!existing) {
    const created = await insertUser(db, { email, password_hash: await hashPassword(password), role: 'admin' });
    if (created) return 'created';
    return ensureAdmin(db, email, password);
  }
  const passwordMatches = await verifyPassword(existing.password_hash, password);
  if (passwordMatches && existing.role === 'admin') return 'unchanged';
  await updateUser(db, existing.id, {
    role: 'admin',
    ...(passwordMatches ? {} : { password_hash: await hashPassword(password) }),
  });
  if (!passwordMatches) await deleteUserSessions(db, existing.id);
  return existing.role === 'admin' ? 'password-updated' : 'promoted';
}
