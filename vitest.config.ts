import { fileURLToPath } from 'node:url';
import { configDefaults, defineConfig } from 'vitest/config';

const alias = { '@': fileURLToPath(new URL('./src', import.meta.url)) };
const integration = ['src/**/*.int.test.ts'];
/**
 * Integration files whose subject is image work, not the database: minutes of print-size
 * rendering each, the same on either database. They run once, on PGlite; the orders and
 * jobs around them are tested on PostgreSQL by the other files.
 */
const imageWorkOnly = [
  'src/server/modules/fulfilment/print-placement.int.test.ts',
  'src/server/modules/transformations/print-sharpness.int.test.ts',
];
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
                exclude: [...configDefaults.exclude, ...imageWorkOnly],
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
