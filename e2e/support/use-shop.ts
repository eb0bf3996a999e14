/**
 * The set-up the browser tests share: before a file's tests, a shop on its own port and data
 * folder and Chromium, started together; after them, both closed and the data folder removed.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { launchBrowser } from './browser';
import { startShop, type ShopOptions, type ShopProcess } from './server';

/**
 * Registers the hooks and returns the shop and browser they start, usable from the file's next
 * hooks and its tests on. `options` may be a function, for options known only once earlier hooks
 * have run (a fake provider's address, a prepared data folder); Chromium starts meanwhile.
 */
export function useShop(options: ShopOptions | (() => ShopOptions | Promise<ShopOptions>) = {}): {
  shop: ShopProcess;
  browser: Browser;
} {
  let shop: ShopProcess | undefined;
  let browser: Browser | undefined;
  beforeAll(async () => {
    // Each is kept as soon as it is up, so a failed start still closes the other.
    await Promise.all([
      (async () => {
        shop = await startShop(typeof options === 'function' ? await options() : options);
      })(),
      launchBrowser().then((launched) => (browser = launched)),
    ]);
  });
  afterAll(async () => {
    await browser?.close();
    await shop?.stop();
    await shop?.cleanup();
  });
  return { shop: started('shop', () => shop), browser: started('browser', () => browser) };
}

/** An object that stands for the one `current` returns once it has started. */
function started<T extends object>(name: string, current: () => T | undefined): T {
  return new Proxy({} as T, {
    get(_, key) {
      const target = current();
      if (!target) throw new Error(`useShop: the ${name} is not started yet (use it in a hook or test)`);
      const value: unknown = Reflect.get(target, key, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}
