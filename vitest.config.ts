import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const alias = { '@': fileURLToPath(new URL('./src', import.meta.url)) };
const integration = ['src/**/*.int.test.ts'];
/**
 * Every file imports the whole server; isolated, each import took 2–3 s of a core, a third of
 * the run. Files share a worker's modules instead: each test app still has its own database,
 * data folder and context, so only process-wide counters (metrics) are shared.
 */
const isolate = false;

/**
 * Unit tests run once; the integration suite runs on PGlite and, when TEST_DATABASE_URL
 * names a PostgreSQL server, again on PostgreSQL.
 */
export default defineConfig({
  resolve: { alias },
  test: {
    // Vitest's default leaves one of two cores idle; much of an integration test is waiting.
    maxWorkers: 2,
    projects: [
      {
        resolve: { alias },
        test: { name: 'unit', isolate, include: ['src/**/*.test.ts'], exclude: integration, testTimeout: 30_000 },
      },
      {
        resolve: { alias },
        test: {
          name: 'integration-pglite',
          isolate,
          include: integration,
          env: { TEST_DB: 'pglite' },
          globalSetup: ['src/server/testing/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
      ...(process.env.TEST_DATABASE_URL
        ? [
            {
              resolve: { alias },
              test: {
                name: 'integration-postgres',
                isolate,
                include: integration,
                env: { TEST_DB: 'postgres' },
                testTimeout: 60_000,
                hookTimeout: 60_000,
              },
            },
          ]
        : []),
    ],
  },
});
