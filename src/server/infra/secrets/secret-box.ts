/**
 * Encryption of the API keys saved in the settings table: AES-256-GCM under a key derived
 * with HKDF-SHA256 from APP_SECRET. The setting's name is bound in as associated data, so a
 * ciphertext copied onto another setting does not decrypt.
 */
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

export interface SealedSecret {
  v: 1;
  iv: string;
  tag: string;
  data: string;
  /** Shown in the admin so the owner can tell which key is saved. */
  last4: string;
}

export function deriveSettingsKey(appSecret: string): Buffer {
  return Buffer.from(hkdfSync('sha256', appSecret, 'wanderer/settings', 'settings-encryption-v1', 32));
}

export function lastFour(value: string): string {
  return value.slice(-4);
}

export function seal(key: Buffer, name: string, value: string): SealedSecret {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(name));
  const data = Buffer.concat([cipher.update(value, 'utf8'), cipher.final()]);
  return {
    v: 1,
    iv: iv.toString('base64'),
    tag: cipher.getAuthTag().toString('base64'),
    data: data.toString('base64'),
    last4: lastFour(value),
  };
}

/** Throws when the value was sealed under another secret or altered. */
export function open(key: Buffer, name: string, sealed: SealedSecret): string {
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(sealed.iv, 'base64'));
  decipher.setAAD(Buffer.from(name));
  decipher.setAuthTag(Buffer.from(sealed.tag, 'base64'));
  return Buffer.concat([decipher.update(Buffer.from(sealed.data, 'base64')), decipher.final()]).toString('utf8');
}

export function isSealedSecret(value: unknown): value is SealedSecret {
  const candidate = value as Partial<SealedSecret> | null;
  return (
    typeof candidate === 'object' &&
    candidate !== null &&
    candidate.v === 1 &&
    typeof candidate.iv === 'string' &&
    typeof candidate.tag === 'string' &&
    typeof candidate.data === 'string' &&
    typeof candidate.last4 === 'string'
  );
}
