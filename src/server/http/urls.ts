import type { Config } from '../config.js';

/** A URL an outside party (Printful, an e-mail client) can load: root-relative ones get PUBLIC_URL. */
export function absoluteUrl(config: Pick<Config, 'publicUrl'>, url: string): string {
  return /^https?:\/\//i.test(url) ? url : `${config.publicUrl}${url.startsWith('/') ? '' : '/'}${url}`;
}
