/**
 * Compiles the server (`src/server`, `src/domain`) to plain JavaScript in `dist/`, one
 * output file per source file, so the layout mirrors `src/` and every path computed from
 * `import.meta.url` (migrations, assets, `dist/web`, worker-thread scripts) resolves the
 * same from both. esbuild transpiles; its resolver rewrites each local import (`@/…`,
 * extensionless or `.ts`) to the relative `.js` file Node's ESM loader needs. Packages stay
 * imports of `node_modules`.
 */
import { cp, mkdir, readdir, rm, writeFile } from 'node:fs/promises';
import { existsSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { build } from 'esbuild';

const ROOT = resolve(import.meta.dirname, '..');
const SRC = join(ROOT, 'src');
const OUT = join(ROOT, 'dist');
export const BUILD_STAMP = join(OUT, '.build-stamp');

async function sourceFiles(dir) {
  const files = [];
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) files.push(...(await sourceFiles(path)));
    else if (/\.ts$/.test(entry.name) && !/\.(test|d)\.ts$/.test(entry.name)) files.push(path);
  }
  return files;
}

function resolveSource(base) {
  const candidates = [base, base.replace(/\.js$/, '.ts'), `${base}.ts`, join(base, 'index.ts')];
  return candidates.find((path) => path.endsWith('.ts') && existsSync(path) && statSync(path).isFile());
}

/** Every local import becomes an external import of its compiled `.js` sibling. */
const localImportsAsCompiledFiles = {
  name: 'local-imports-as-compiled-files',
  setup(esbuild) {
    esbuild.onResolve({ filter: /^(\.|@\/)/ }, (args) => {
      if (args.kind === 'entry-point') return undefined;
      const base = args.path.startsWith('@/') ? join(SRC, args.path.slice(2)) : resolve(args.resolveDir, args.path);
      if (/\.json$/.test(base)) return { path: args.path, external: true };
      const source = resolveSource(base);
      if (!source) return { errors: [{ text: `cannot resolve ${args.path} from ${args.importer}` }] };
      let path = relative(dirname(args.importer), source).split(sep).join('/').replace(/\.ts$/, '.js');
      if (!path.startsWith('.')) path = `./${path}`;
      return { path, external: true };
    });
  },
};

export async function buildServer() {
  const started = Date.now();
  await rm(join(OUT, 'server'), { recursive: true, force: true });
  await rm(join(OUT, 'domain'), { recursive: true, force: true });
  const entryPoints = [...(await sourceFiles(join(SRC, 'server'))), ...(await sourceFiles(join(SRC, 'domain')))];
  await build({
    entryPoints,
    outbase: SRC,
    outdir: OUT,
    bundle: true,
    packages: 'external',
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: 'linked',
    logLevel: 'warning',
    plugins: [localImportsAsCompiledFiles],
  });
  await cp(join(SRC, 'server/db/migrations'), join(OUT, 'server/db/migrations'), { recursive: true });
  await mkdir(OUT, { recursive: true });
  await writeFile(BUILD_STAMP, `${new Date().toISOString()}\n`);
  return { files: entryPoints.length, ms: Date.now() - started };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { files, ms } = await buildServer();
  console.log(`server: ${files} files compiled to dist/ in ${ms} ms`);
}
