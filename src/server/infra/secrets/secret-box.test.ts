import { describe, expect, it } from 'vitest';
import { deriveSettingsKey, open, seal } from './secret-box.js';

describe('sealed settings (AES-256-GCM, key from APP_SECRET by HKDF)', () => {
  const key = deriveSettingsKey('an-app-secret-of-some-length-0123456789');

  it('opens what it sealed, and the sealed form holds neither the value nor its beginning', () => {
    const sealed = seal(key, 'openai_api_key', 'sk-live-abcdef123456');
    expect(JSON.stringify(sealed)).not.toContain('sk-live');
    expect(sealed.last4).toBe('3456');
    expect(open(key, 'openai_api_key', sealed)).toBe('sk-live-abcdef123456');
  });

  it('uses a new nonce each time', () => {
    expect(seal(key, 'k', 'same').data).not.toBe(seal(key, 'k', 'same').data);
  });

  it('refuses another APP_SECRET, another setting name, and any altered byte', () => {
    const sealed = seal(key, 'printful_api_key', 'token-1');
    expect(() => open(deriveSettingsKey('another-secret-entirely-0000000000'), 'printful_api_key', sealed)).toThrow();
    expect(() => open(key, 'openai_api_key', sealed)).toThrow();
    const data = Buffer.from(sealed.data, 'base64');
    data[0] ^= 1;
    expect(() => open(key, 'printful_api_key', { ...sealed, data: data.toString('base64') })).toThrow();
  });
});
