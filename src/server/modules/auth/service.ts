/**
 * Accounts and sign-in: argon2id hashes, server sessions, a failure throttle per address and
 * per account, and the first admin made from ADMIN_EMAIL/ADMIN_PASSWORD or the CLI.
 */
import { AUTH_MESSAGES, PASSWORD_MIN_LENGTH, SIGN_IN_MAX_FAILURES, type SessionUser, type SignInInput, type SignUpInput } from '../../../domain/auth.js';
import type { Database } from '../../db/client.js';
import { HttpError, conflict } from '../../http/errors.js';
import { accountAtAddressKey, accountKey, addressKey, type LoginThrottle } from './login-throttle.js';
import { hashPassword, verifyAgainstNothing, verifyPassword } from './passwords.js';
import { deleteExpiredSessions, deleteUserSessions, findUserByEmail, insertUser, updateUser, type UserRow } from './repository.js';
import { createSession } from './sessions.js';

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
  const valid = user ? await verifyPassword(user.password_hash, input.password) : await verifyAgainstNothing(input.password);
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

/** The spec's sign-up: a plain user account, signed in at once. */
export async function signUp(db: Database, input: SignUpInput): Promise<SignedIn> {
  const row = await insertUser(db, {
    email: input.email,
    password_hash: await hashPassword(input.password),
    role: 'user',
  });
  if (!row) throw conflict(AUTH_MESSAGES.emailTaken);
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
