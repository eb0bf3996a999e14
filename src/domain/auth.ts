/**
 * Admin sign-in, the route guard and their messages (admin §2 Admin login, §4 Route guard,
 * §4 Admin status, §6, §8 Auth, §9). Shared by the server's auth module and the back office.
 */
import { z } from 'zod';
import { emailAddress, INVALID_EMAIL_MESSAGE } from './email-address.js';

/** The cookie that carries a signed-in session (the API description names it too). */
export const SESSION_COOKIE = 'wanderer_session';

export const AUTH_MESSAGES = {
  missingCredentials: 'Please enter both email and password',
  loginFailed: (message: string) => `Login failed: ${message}`,
  invalidCredentials: 'Invalid email or password',
  tooManyAttempts: (minutes: number) =>
    `Too many failed sign-in attempts. Please wait ${minutes} minute${minutes === 1 ? '' : 's'} and try again.`,
  authTimeout: 'Authentication timeout - please try refreshing the page',
  adminCheckFailed: 'Failed to verify admin status',
  unreachable: 'Could not reach the shop. Please check your connection and try again.',
  verifyingAccess: 'Verifying access...',
  authErrorTitle: 'Authentication Error',
  authIssueTitle: 'Authentication Issue',
  accessDeniedPageTitle: 'Access Denied',
  accessDeniedToastTitle: 'Access denied',
  accessDeniedToastText: "You don't have admin privileges to access this area.",
  signedOut: 'Successfully logged out',
  signOutFailed: (reason: string) => `Error signing out: ${reason}`,
  /** The API's answers to a caller the guard turns away. */
  notSignedIn: 'Please sign in to continue.',
  sessionExpired: 'Your session has expired. Please log in again.',
  notAdmin: "You don't have admin privileges to access this area.",
  crossSiteRefused: 'This request did not come from this shop and was refused.',
  /** The one answer to every well-formed sign-up, new address or known. */
  signUpCheckEmail: 'Check your email: we sent a link to finish creating your account.',
  signUpLinkInvalid: 'This link has expired or has already been used. Please sign up again.',
  tooManySignUps: 'Too many new accounts from this address. Please try again later.',
  passwordTooShort: (min: number) => `Password must be at least ${min} characters.`,
  /** The storefront's words, ending as this catalogue's sentences do. */
  invalidEmail: `${INVALID_EMAIL_MESSAGE}.`,
} as const;

export const PASSWORD_MIN_LENGTH = 8;

/** How long the link in a sign-up e-mail creates the account. */
export const SIGN_UP_LINK_TTL_MS = 24 * 60 * 60 * 1000;

/** A session lasts 7 days and is renewed on use once half of that has passed. */
export const SESSION_TTL_MS = 7 * 24 * 60 * 60 * 1000;

/** Sign-in failures allowed per address and per account within the window (then 429). */
export const SIGN_IN_MAX_FAILURES = 5;
export const SIGN_IN_WINDOW_MS = 15 * 60 * 1000;

/** Admin §4 and §9: the locally cached admin status, and the two time-outs. */
export const ADMIN_STATUS_CACHE_MS = 60 * 60 * 1000;
export const ADMIN_CHECK_TIMEOUT_MS = 5_000;
export const AUTH_LOADING_TIMEOUT_MS = 10_000;
/** 'Refresh Admin Status' reloads the page this long after clearing the cache. */
export const ADMIN_STATUS_RELOAD_DELAY_MS = 500;

export const signInSchema = z.object({
  email: z.string().trim().min(1, AUTH_MESSAGES.missingCredentials),
  password: z.string().min(1, AUTH_MESSAGES.missingCredentials),
});
export type SignInInput = z.infer<typeof signInSchema>;

export const signUpSchema = z.object({
  email: z.string().trim().pipe(emailAddress(AUTH_MESSAGES.invalidEmail)),
  password: z.string().min(PASSWORD_MIN_LENGTH, AUTH_MESSAGES.passwordTooShort(PASSWORD_MIN_LENGTH)),
});
export type SignUpInput = z.infer<typeof signUpSchema>;

/** POST /api/auth/signup: the same for every address, whether or not it has an account. */
export interface SignUpView {
  message: string;
}

export type Role = 'admin' | 'user';

export interface SessionUser {
  id: string;
  email: string;
  role: Role;
}

/** GET /api/auth/session: who is signed in, if anyone. */
export interface SessionView {
  user: SessionUser | null;
}

/** GET /api/auth/admin-status: the spec's rpc is_admin. */
export interface AdminStatusView {
  isAdmin: boolean;
}
