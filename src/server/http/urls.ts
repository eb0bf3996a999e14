import type { Config } from '../config.js';

/**
 * A URL an outside party (Printful, an e-mail client) can load: the shop's own paths
 * (`/files/…`, local storage) get PUBLIC_URL; full and protocol-relative URLs stay as they are.
 */
export function absoluteUrl(config: Pick<Config, 'publicUrl'>, url: string): string {
  if (/^https?:\/\//i.test(url) || url.startsWith('//')) return url;
  return `${config.publicUrl}${url.startsWith('/') ? '' : '/'}${url}`;
}
