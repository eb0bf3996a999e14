/**
 * Password hashing with argon2id at OWASP's recommended cost (19 MiB, 2 passes, 1 lane).
 * The PHC string keeps its own parameters, so raising the cost later leaves old hashes valid.
 */
import { hash, verify } from '@node-rs/argon2';

const OPTIONS = { memoryCost: 19_456, timeCost: 2, parallelism: 1, outputLen: 32 } as const;

export function hashPassword(password: string): Promise<string> {
  // The default algorithm of @node-rs/argon2 is argon2id; the test checks the stored prefix.
  return hash(password, OPTIONS);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | undefined;

/**
 * Spends the same time as a real check when the account does not exist, so the answer's
 * timing does not tell which e-mail addresses have accounts.
 */
export async function verifyAgainstNothing(password: string): Promise<false> {
  dummyHash ??= hashPassword('an-account-that-does-not-exist');
  await verifyPassword(await dummyHash, password);
  return false;
}
