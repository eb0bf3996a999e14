import { describe, expect, it } from 'vitest';
import { LoginThrottle, accountKey, addressKey } from './login-throttle.js';

describe('the sign-in throttle: 5 failures per 15 minutes per key', () => {
  const setup = () => {
    let now = 1_000_000;
    const throttle = new LoginThrottle(5, 15 * 60_000, () => now);
    return { throttle, advance: (ms: number) => (now += ms) };
  };

  it('allows 5 failures, then blocks until the oldest leaves the window', () => {
    const { throttle, advance } = setup();
    const keys = [addressKey('1.2.3.4'), accountKey('A@Example.com')];
    for (let n = 0; n < 5; n += 1) {
      expect(throttle.check(keys).blocked).toBe(false);
      throttle.fail(keys);
      advance(60_000);
    }
    const verdict = throttle.check(keys);
    expect(verdict.blocked).toBe(true);
    expect(verdict.retryAfterMs).toBe(10 * 60_000);
    advance(10 * 60_000);
    expect(throttle.check(keys).blocked).toBe(false);
  });

  it('blocks on either key: one account from many addresses, or many accounts from one address', () => {
    const { throttle } = setup();
    for (let n = 0; n < 5; n += 1) throttle.fail([addressKey(`10.0.0.${n}`), accountKey('victim@example.com')]);
    expect(throttle.check([addressKey('10.9.9.9'), accountKey('VICTIM@example.com ')]).blocked).toBe(true);
    expect(throttle.check([addressKey('10.9.9.9'), accountKey('someone@example.com')]).blocked).toBe(false);
  });

  it('forgets an account once it signs in', () => {
    const { throttle } = setup();
    for (let n = 0; n < 4; n += 1) throttle.fail([accountKey('me@example.com')]);
    throttle.clear(accountKey('me@example.com'));
    throttle.fail([accountKey('me@example.com')]);
    expect(throttle.check([accountKey('me@example.com')]).blocked).toBe(false);
  });
});
