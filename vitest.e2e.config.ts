import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

/** Browser journeys: the real server in a child process, driven in Chromium by playwright-core. */
export default defineConfig({
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  test: {
    name: 'e2e',
    include: ['e2e/**/*.e2e.ts'],
    globalSetup: ['e2e/support/global-setup.ts'],
    testTimeout: 120_000,
    hookTimeout: 120_000,
    // Two files at a time: each runs its own shop on its own port and data folder, and
    // most of a browser test's time is waiting (for renders, jobs, the page).
    maxWorkers: 2,
  },
});
