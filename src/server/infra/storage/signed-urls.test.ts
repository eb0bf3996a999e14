import { describe, expect, it } from 'vitest';
import { signPrivateFileUrl, verifyPrivateFileSignature } from './signed-urls';

const secret = 'a-long-enough-secret-for-the-tests-0123456789';
const now = new Date('2026-06-01T00:00:00Z');

function parts(url: string) {
  const parsed = new URL(url);
  return {
    key: parsed.pathname.replace('/files/private/', ''),
    expires: parsed.searchParams.get('expires') ?? undefined,
    signature: parsed.searchParams.get('signature') ?? undefined,
  };
}

describe('signed links to print files', () => {
  const url = signPrivateFileUrl(secret, 'print-files/abc.jpg', {
    baseUrl: 'https://shop.example.com',
    expiresInSeconds: 3600,
    now,
  });

  it('are absolute, under /files/private/, with an expiry and an HMAC', () => {
    expect(url).toMatch(
      /^https:\/\/shop\.example\.com\/files\/private\/print-files\/abc\.jpg\?expires=\d+&signature=[0-9a-f]{64}$/,
    );
    const { key, expires, signature } = parts(url);
    expect(verifyPrivateFileSignature(secret, key, expires, signature, now)).toBe(true);
  });

  it('stop working after they expire, for another key, or under another secret', () => {
    const { key, expires, signature } = parts(url);
    expect(verifyPrivateFileSignature(secret, key, expires, signature, new Date(now.getTime() + 3601_000))).toBe(false);
    expect(verifyPrivateFileSignature(secret, 'print-files/other.jpg', expires, signature, now)).toBe(false);
    expect(verifyPrivateFileSignature(`${secret}x`, key, expires, signature, now)).toBe(false);
    expect(verifyPrivateFileSignature(secret, key, String(Number(expires) + 1), signature, now)).toBe(false);
  });

  it('are never made for originals, which carry the visitor’s GPS data', () => {
    expect(() => signPrivateFileUrl(secret, 'original/photo.jpg', { baseUrl: '', expiresInSeconds: 60 })).toThrow();
    expect(verifyPrivateFileSignature(secret, 'print-files/../original/a.jpg', '9999999999', '0'.repeat(64), now)).toBe(
      false,
    );
  });
});
