/**
 * Expiring links to private objects. A print file has no public URL, yet the print-on-demand
 * provider must download it: we hand it `/files/private/<key>?expires=…&signature=…`, an
 * HMAC over key and expiry with the install's secret, checked before the file is served.
 * Only print files can be linked this way: an original, with its GPS data, never leaves.
 * The secret is the install's (`appSecret`, infra/secrets/app-secret.ts).
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

export const PRIVATE_FILES_ROUTE = '/files/private';
const LINKABLE_PREFIX = 'print-files/';

/** HMAC-SHA256 of `purpose:value`, hex: one secret, separate meanings per purpose. */
export function sign(secret: string, purpose: string, value: string): string {
  return createHmac('sha256', secret).update(`${purpose}:${value}`).digest('hex');
}

export function sameSignature(expected: string, given: string): boolean {
  const a = Buffer.from(expected);
  const b = Buffer.from(given);
  return a.length === b.length && timingSafeEqual(a, b);
}

export function isLinkablePrivateKey(key: string): boolean {
  return key.startsWith(LINKABLE_PREFIX) && /^[a-z0-9][a-z0-9._\-/]*$/i.test(key) && !key.split('/').includes('..');
}

export interface SignedUrlOptions {
  /** Absolute base, config.publicUrl. */
  baseUrl: string;
  expiresInSeconds: number;
  now?: Date;
}

export function signPrivateFileUrl(secret: string, key: string, options: SignedUrlOptions): string {
  if (!isLinkablePrivateKey(key)) throw new Error(`No signed link for ${key}`);
  const expires = Math.floor((options.now ?? new Date()).getTime() / 1000) + options.expiresInSeconds;
  const signature = sign(secret, 'private-file', `${key}\n${expires}`);
  return `${options.baseUrl}${PRIVATE_FILES_ROUTE}/${key}?expires=${expires}&signature=${signature}`;
}

export function verifyPrivateFileSignature(
  secret: string,
  key: string,
  expires: string | undefined,
  signature: string | undefined,
  now: Date = new Date(),
): boolean {
  if (!isLinkablePrivateKey(key) || !expires || !signature || !/^\d{1,12}$/.test(expires)) return false;
  if (Number(expires) * 1000 < now.getTime()) return false;
  return sameSignature(sign(secret, 'private-file', `${key}\n${expires}`), signature);
}
