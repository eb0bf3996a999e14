/**
 * Counts failed sign-ins in a sliding window under any keys the caller names (per address,
 * per account at an address, per account); once a blocking key reaches the limit, sign-in
 * answers 429 until the oldest failure leaves the window.
 * Kept in this process's memory: with several web processes each counts on its own, so a
 * guesser gets at most (processes × limit) tries per window.
 */
import { SIGN_IN_MAX_FAILURES, SIGN_IN_WINDOW_MS } from '../../../domain/auth.js';

export interface ThrottleVerdict {
  blocked: boolean;
  /** When blocked: how long until one more try is allowed. */
  retryAfterMs: number;
}

export class LoginThrottle {
  private readonly failures = new Map<string, number[]>();

  constructor(
    private readonly limit = SIGN_IN_MAX_FAILURES,
    private readonly windowMs = SIGN_IN_WINDOW_MS,
    private readonly now: () => number = Date.now,
  ) {}

  check(keys: string[]): ThrottleVerdict {
    let retryAfterMs = 0;
    for (const key of keys) {
      const recent = this.recent(key);
      if (recent.length >= this.limit) {
        retryAfterMs = Math.max(retryAfterMs, recent[recent.length - this.limit] + this.windowMs - this.now());
      }
    }
    return { blocked: retryAfterMs > 0, retryAfterMs };
  }

  fail(keys: string[]): void {
    const at = this.now();
    for (const key of keys) this.failures.set(key, [...this.recent(key), at]);
    if (this.failures.size > 10_000) this.prune();
  }

  /** Failures for this key still inside the window. */
  count(key: string): number {
    return this.recent(key).length;
  }

  clear(key: string): void {
    this.failures.delete(key);
  }

  private recent(key: string): number[] {
    const since = this.now() - this.windowMs;
    const recent = (this.failures.get(key) ?? []).filter((at) => at > since);
    if (recent.length === 0) this.failures.delete(key);
    else this.failures.set(key, recent);
    return recent;
  }

  private prune(): void {
    for (const key of [...this.failures.keys()]) this.recent(key);
  }
}

export const addressKey = (ip: string) => `address:${ip}`;
export const accountKey = (email: string) => `account:${email.trim().toLowerCase()}`;
/** One account from one address: the key that blocks a guesser without locking the owner out elsewhere. */
export const accountAtAddressKey = (email: string, ip: string) => `account:${email.trim().toLowerCase()}@address:${ip}`;
