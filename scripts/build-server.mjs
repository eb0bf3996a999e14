/**
 * Compiles the server (`src/server`, `src/domain`) to plain JavaScript in `dist/`, bundled:
 * Node's module loader costs about a millisecond per file, and the server's 200 files and
 * the ~200 of its pure-JavaScript libraries (drizzle, zod) made up most of a start.
 *
 *   dist/server/{main,worker,admin-cli,backup-cli,restore-cli}.js   the entry points, sharing chunks in dist/server/chunks
 *   dist/server/…/worker.js and the like    each worker thread's script, whole in one file,
 *                                            at the path its pool asks for (WORKER_SCRIPTS)
 *
 * Every path the code computes from `import.meta.url` (migrations, assets, `dist/web`,
 * worker scripts) is computed as if each source file had been compiled to its own `.js`
 * beside the others, the layout of `src/`: `import.meta.url` becomes that file's URL,
 * relative to where its code lands. Packages stay imports of `node_modules`, except the
 * pure-JavaScript ones listed in BUNDLED_PACKAGES.
 */
import { cp, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { build } from 'esbuild';

const ROOT = resolve(import.meta.dirname, '..');
const SRC = join(ROOT, 'src');
const OUT = join(ROOT, 'dist');
export const BUILD_STAMP = join(OUT, '.build-stamp');

const ENTRY_POINTS = [
  'server/main.ts',
  'server/worker.ts',
  'server/admin-cli.ts',
  'server/backup-cli.ts',
  'server/restore-cli.ts',
];
/** The scripts worker threads run (see `lazyPool` and `workerScript`). */
const WORKER_SCRIPTS = [
  'server/modules/styles/engines/local/worker.ts',
  'server/modules/styles/engines/local/parallel-helper.ts',
  'server/modules/mockups/local/worker.ts',
  'server/modules/images/adapters/heic-worker.ts',
];
/**
 * Bundled rather than loaded from node_modules: many small ES modules each. zod goes with
 * the zod type provider, which must see the same zod as the route schemas.
 */
const BUNDLED_PACKAGES = ['drizzle-orm', 'zod', 'fastify-type-provider-zod'];

const DIST_ROOT = '__WANDERER_DIST_ROOT__';

const packageOf = (specifier) =>
  specifier
    .split('/')
    .slice(0, specifier.startsWith('@') ? 2 : 1)
    .join('/');

/** Packages other than BUNDLED_PACKAGES are left as imports; `@/…` is `src/…`. */
const resolveImports = {
  name: 'resolve-imports',
  setup(esbuild) {
    esbuild.onResolve({ filter: /^@\// }, (args) =>
      esbuild.resolve(`./${args.path.slice(2)}`, { kind: args.kind, resolveDir: SRC }),
    );
    esbuild.onResolve({ filter: /^[^./]/ }, (args) => {
      if (args.kind === 'entry-point' || args.path.startsWith('@/')) return undefined;
      if (BUNDLED_PACKAGES.includes(packageOf(args.path))) return undefined;
      return { path: args.path, external: true };
    });
  },
};

/**
 * The shop speaks English: zod's `locales` namespace (sixty-odd languages, half of the
 * bundle's largest chunk, parsed at every start) is cut down to the one it configures.
 */
const englishOnlyZod = {
  name: 'english-only-zod',
  setup(esbuild) {
    esbuild.onResolve({ filter: /^\.\.\/locales\/index\.js$/ }, (args) => {
      if (!args.importer.includes(`${sep}zod${sep}v4${sep}`)) return undefined;
      return { path: join(args.resolveDir, '../locales'), namespace: 'zod-locales' };
    });
    esbuild.onLoad({ filter: /.*/, namespace: 'zod-locales' }, (args) => ({
      contents: "export { default as en } from './en.js';",
      resolveDir: args.path,
      loader: 'js',
    }));
  },
};

/** Each source file's `import.meta.url` becomes the URL of its `.js` in the `src/` layout. */
const sourceFileUrls = {
  name: 'source-file-urls',
  setup(esbuild) {
    esbuild.onLoad({ filter: /\.ts$/ }, async (args) => {
      if (!args.path.startsWith(SRC + sep)) return undefined;
      const source = await readFile(args.path, 'utf8');
      if (/import\.meta\.(dirname|filename)/.test(source)) {
        return { errors: [{ text: 'use import.meta.url: import.meta.dirname is not rewritten for the bundle' }] };
      }
      const compiled = relative(SRC, args.path).split(sep).join('/').replace(/\.ts$/, '.js');
      const url = `new URL(${JSON.stringify(compiled)}, new URL(${JSON.stringify(DIST_ROOT)}, import.meta.url)).href`;
      return { contents: source.replaceAll('import.meta.url', url), loader: 'ts' };
    });
  },
};

/** Writes esbuild's output, with each file's way up to `dist/` where DIST_ROOT stands. */
async function writeOutput(outputFiles) {
  for (const file of outputFiles) {
    await mkdir(dirname(file.path), { recursive: true });
    if (!file.path.endsWith('.js')) {
      await writeFile(file.path, file.contents);
      continue;
    }
    const up = relative(dirname(file.path), OUT).split(sep).join('/');
    await writeFile(file.path, file.text.replaceAll(JSON.stringify(DIST_ROOT), JSON.stringify(`${up || '.'}/`)));
  }
}

const common = {
  outbase: SRC,
  outdir: OUT,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: 'linked',
  // A stack trace names the file and line; the sources are beside the build.
  sourcesContent: false,
  logLevel: 'warning',
  write: false,
  plugins: [resolveImports, englishOnlyZod, sourceFileUrls],
};

export async function buildServer() {
  const started = Date.now();
  await rm(join(OUT, 'server'), { recursive: true, force: true });
  await rm(join(OUT, 'domain'), { recursive: true, force: true });
  const [entries, workers] = await Promise.all([
    build({
      ...common,
      entryPoints: ENTRY_POINTS.map((path) => join(SRC, path)),
      splitting: true,
      chunkNames: 'server/chunks/[name]-[hash]',
    }),
    build({ ...common, entryPoints: WORKER_SCRIPTS.map((path) => join(SRC, path)) }),
  ]);
  await writeOutput([...entries.outputFiles, ...workers.outputFiles]);
  await cp(join(SRC, 'server/db/migrations'), join(OUT, 'server/db/migrations'), { recursive: true });
  await writeFile(BUILD_STAMP, `${new Date().toISOString()}\n`);
  const files = [...entries.outputFiles, ...workers.outputFiles].filter((file) => file.path.endsWith('.js')).length;
  return { files, ms: Date.now() - started };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { files, ms } = await buildServer();
  console.log(`server: bundled into ${files} files in dist/ in ${ms} ms`);
}
