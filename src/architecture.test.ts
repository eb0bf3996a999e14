/**
 * The architecture's rules are in eslint.config.js; this proves they bite. Each case writes a
 * small file that breaks one rule into the tree, lints it with the project's configuration, and
 * removes it again.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { ESLint } from 'eslint';
import { afterAll, describe, expect, it } from 'vitest';
import { structureFigures } from '../scripts/structure-figures.js';

const root = join(import.meta.dirname, '..');
const eslint = new ESLint({ cwd: root });
const folders: string[] = [];

afterAll(() => {
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

/** Writes the files into a fresh folder under `parent` and returns the rules the first breaks. */
async function brokenRules(parent: string, files: Record<string, string>): Promise<string[]> {
  const folder = mkdtempSync(join(root, parent, 'lint-case-'));
  folders.push(folder);
  for (const [name, text] of Object.entries(files)) writeFileSync(join(folder, name), text);
  const [result] = await eslint.lintFiles([join(folder, Object.keys(files)[0]!)]);
  return result!.messages.map((message) => message.ruleId ?? message.message);
}

describe('the lint configuration', () => {
  it('passes a file that keeps the rules', async () => {
    expect(
      await brokenRules('src/server/modules/orders', {
        'ok.ts':
          "import { sendOrderConfirmation } from '../../email/index.js';\nexport const send = sendOrderConfirmation;\n",
      }),
    ).toEqual([]);
  });

  // Each layer imports only what it may (import-x/no-restricted-paths in eslint.config.js).
  for (const [what, folder, source] of [
    [
      'a web import of the server',
      'src/web/lib',
      "import { buildApp } from '@/server/app';\nexport const app = buildApp;\n",
    ],
    [
      "a reach into another module's sub-folder",
      'src/server/modules/orders',
      "import { renderLocalMockups } from '../../mockups/local/index.js';\nexport const render = renderLocalMockups;\n",
    ],
    [
      'one web feature importing another',
      'src/web/features/cart',
      "import * as checkout from '@/web/features/checkout/lib/checkout-rules';\nexport const rules = checkout;\n",
    ],
    [
      'an http/ import of a module',
      'src/server/http',
      "import { sendOrderConfirmation } from '../../modules/email/index.js';\nexport const send = sendOrderConfirmation;\n",
    ],
    [
      'a jobs/ import of a module',
      'src/server/jobs',
      "import { renderStylePreview } from '../../modules/styles/index.js';\nexport const render = renderStylePreview;\n",
    ],
    [
      'a module import of the job wiring',
      'src/server/modules/orders',
      "import { createJobHandlers } from '../../../job-wiring.js';\nexport const handlers = createJobHandlers;\n",
    ],
    [
      'a shared web import of a feature',
      'src/web/components',
      "import { cart } from '@/web/features/cart/api/cart-store';\nexport const store = cart;\n",
    ],
  ] as const) {
    it(`refuses ${what}`, async () => {
      expect(await brokenRules(folder, { 'bad.ts': source })).toContain('import-x/no-restricted-paths');
    });
  }

  const QUERY =
    "import { eq } from 'drizzle-orm';\nimport { orders } from '../../../db/schema.js';\nexport const byId = (id: string) => eq(orders.id, id);\n";

  it('refuses a database query outside a repository', async () => {
    expect(await brokenRules('src/server/modules/orders', { 'service.ts': QUERY })).toEqual([
      'no-restricted-imports',
      'no-restricted-imports',
    ]);
  });

  it('passes a database query in a repository', async () => {
    expect(await brokenRules('src/server/modules/orders', { 'repository.ts': QUERY })).toEqual([]);
  });

  it('refuses an import cycle', async () => {
    expect(
      await brokenRules('src/web/lib', {
        'a.ts': "import { b } from './b';\nexport const a = () => b();\n",
        'b.ts': "import { a } from './a';\nexport const b = () => a();\n",
      }),
    ).toContain('import-x/no-cycle');
  });

  it('refuses a domain import of anything but zod', async () => {
    expect(
      await brokenRules('src/domain', {
        'bad.ts': "import { readFileSync } from 'node:fs';\nexport const read = readFileSync;\n",
      }),
    ).toContain('no-restricted-imports');
  });
});

describe('docs/ARCHITECTURE.md', () => {
  it('lists every server module, and only those', () => {
    const layout = readFileSync(join(root, 'docs/ARCHITECTURE.md'), 'utf8');
    const listed = [...layout.matchAll(/^ {6}([a-z-]+) {2,}\S/gm)].map((match) => match[1]);
    const folders = readdirSync(join(root, 'src/server/modules'), { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name);
    expect(listed.sort()).toEqual(folders.sort());
  });
});

describe('the files', () => {
  it('import one another without a circle, type imports included', () => {
    expect(structureFigures().circles).toEqual([]);
  });

  it('never point from http/ or jobs/ up into a module, type imports included', () => {
    expect(structureFigures().arrows).toEqual([]);
  });
});

describe('the server modules', () => {
  it('depend on one another without a cycle', () => {
    const modules = join(root, 'src/server/modules');
    const graph = new Map<string, Set<string>>();
    for (const file of readdirSync(modules, { recursive: true, encoding: 'utf8' })) {
      if (!/\.ts$/.test(file) || /\.test\.ts$/.test(file)) continue;
      const from = file.split('/')[0]!;
      for (const [, specifier] of readFileSync(join(modules, file), 'utf8').matchAll(/from '(\.[^']+)'/g)) {
        const to = relative(modules, resolve(dirname(join(modules, file)), specifier!)).split('/')[0]!;
        if (to === from || to.startsWith('..')) continue;
        graph.set(from, (graph.get(from) ?? new Set()).add(to));
      }
    }
    const cycles: string[] = [];
    const visit = (name: string, path: string[]) => {
      if (path.includes(name)) return void cycles.push([...path.slice(path.indexOf(name)), name].join(' → '));
      for (const next of graph.get(name) ?? []) visit(next, [...path, name]);
    };
    for (const name of graph.keys()) visit(name, []);
    expect(cycles).toEqual([]);
  });
});
