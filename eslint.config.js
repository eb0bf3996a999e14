// @ts-check
import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/**
 * The architecture, as rules (docs/ARCHITECTURE.md explains why):
 * - the web app never imports the server, and the domain imports nothing but zod;
 * - a web feature never imports another feature;
 * - a server module is reached only through its `index.ts`, from other modules and from
 *   the server's own plumbing alike;
 * - infrastructure (`src/server/infra`), `http/` and `jobs/` sit below the modules and never
 *   import one; the job wiring (which module works which job) is composed above them, and no
 *   module imports it;
 * - shared web code (`components/`, `hooks/`, `lib/`) never imports a feature, a page or the app;
 * - only repositories, `db/` and tests reach the database (`drizzle-orm`, `db/schema`);
 * - no import cycles anywhere.
 */

const foldersIn = (path) =>
  readdirSync(new URL(path, import.meta.url), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);

const serverModules = foldersIn('./src/server/modules/');
const webFeatures = foldersIn('./src/web/features/');

/** @typedef {{ target: string | string[]; from: string | string[]; except?: string[]; message: string }} Zone */

/** @type {Zone[]} */
const layerZones = [
  { target: 'src/web/**', from: 'src/server/**', message: 'The web app never imports the server.' },
  {
    target: 'src/domain/**',
    from: ['src/server/**', 'src/web/**'],
    message: 'The domain depends on nothing but zod.',
  },
  {
    target: 'src/server/infra/**',
    from: 'src/server/modules/**',
    message: 'Infrastructure never imports a module.',
  },
  {
    target: ['src/web/components/**', 'src/web/hooks/**', 'src/web/lib/**'],
    from: ['src/web/features/**', 'src/web/pages/**', 'src/web/app/**'],
    message: 'Shared web code never imports a feature, a page or the app; pass what it needs in.',
  },
];

/** @type {Zone} */
const belowModules = {
  target: ['src/server/http/**', 'src/server/jobs/**'],
  from: 'src/server/modules/**',
  message: 'http/ and jobs/ sit below the modules: pass what they need in, or compose it above them.',
};

/** The file that composes modules with the job queue: above every module. */
const jobWiring = 'src/server/job-wiring.ts';

/** @type {Zone[]} */
const zones = [
  ...layerZones,
  belowModules,
  {
    target: 'src/server/modules/**',
    from: jobWiring,
    message: 'A module never imports the job wiring; the wiring imports the modules.',
  },
  ...serverModules.map((name) => ({
    target: [`src/server/!(modules)/**`, `src/server/*.ts`, `src/server/modules/!(${name})/**`],
    from: `src/server/modules/${name}/**`,
    except: [`**/src/server/modules/${name}/index.ts`],
    message: `Import the ${name} module through its face, modules/${name}/index.ts.`,
  })),
  ...webFeatures.map((name) => ({
    target: `src/web/features/!(${name})/**`,
    from: `src/web/features/${name}/**`,
    message: 'A web feature never imports another feature; compose them in a page.',
  })),
];

export default tseslint.config(
  {
    ignores: ['dist/**', 'node_modules/**', 'e2e/artifacts/**', 'bench/output/**', 'data/**', 'scratch/**'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  importX.flatConfigs.typescript,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    settings: {
      'import-x/resolver': null,
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: './tsconfig.json' })],
    },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-restricted-paths': ['error', { zones }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    // Repositories own the SQL: a module's other files ask its repository.
    files: ['src/**/*.ts', 'src/**/*.tsx'],
    ignores: [
      'src/server/db/**',
      'src/server/modules/**/*repository.ts',
      'src/server/testing/**',
      '**/*.test.ts',
      '**/*.test.tsx',
    ],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^drizzle-orm(/.*)?$|(^|/)db/schema(\\.js)?$',
              message: "Only a module's repository, db/ and tests query the database; ask the repository.",
            },
          ],
        },
      ],
    },
  },
  {
    // Tests may reach inside a module to set up what they test; the layer rules still hold.
    files: ['**/*.test.ts', '**/*.test.tsx', 'src/server/testing/**'],
    rules: { 'import-x/no-restricted-paths': ['error', { zones: layerZones }] },
  },
  {
    // Tests, browser tests and benches read loosely typed JSON answers.
    files: ['**/*.test.ts', '**/*.test.tsx', 'e2e/**', 'bench/**'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    // postcode-validator is pure data and regular expressions: the postal code formats of
    // every country, which the checkout form and the server must judge alike.
    files: ['src/domain/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(?!zod$|postcode-validator$|vitest$|\\.{1,2}/|@/domain/)',
              message: 'The domain depends on nothing but zod (and postcode-validator, for postal codes).',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/web/**/*.tsx'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  prettier,
);
