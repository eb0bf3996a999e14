/**
 * The secret that encrypts saved API keys: APP_SECRET when set; otherwise one generated at
 * first need and kept in DATA_DIR/app-secret, readable by the shop's user only (0600). With
 * several processes, set APP_SECRET: each process's DATA_DIR would hold a different one.
 */
import { randomBytes } from 'node:crypto';
import { chmod, mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Config } from '../../config.js';

export const APP_SECRET_FILE = 'app-secret';

const resolved = new WeakMap<Config, Promise<string>>();

export function appSecret(config: Config): Promise<string> {
  let secret = resolved.get(config);
  if (!secret) {
    secret = config.appSecret ? Promise.resolve(config.appSecret) : readOrCreate(join(config.dataDir, APP_SECRET_FILE));
    resolved.set(config, secret);
    secret.catch(() => resolved.delete(config));
  }
  return secret;
}

async function readOrCreate(path: string): Promise<string> {
  try {
    return await readSecret(path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  await mkdir(join(path, '..'), { recursive: true });
  try {
    // `wx`: when two processes start together, the first one's secret is the one kept.
    await writeFile(path, `${randomBytes(32).toString('base64url')}\n`, { mode: 0o600, flag: 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  return readSecret(path);
}

async function readSecret(path: string): Promise<string> {
  const secret = (await readFile(path, 'utf8')).trim();
  if (secret.length < 32) throw new Error(`${path} does not hold a usable secret; delete it to make a new one`);
  // The process umask may have widened the mode of a file copied in by hand.
  await chmod(path, 0o600).catch(() => {});
  return secret;
}
