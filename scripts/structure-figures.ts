/**
 * The structure's figures, counted from the import graph (type imports included):
 *
 * - files that query the database outside its owners: non-test files importing `drizzle-orm`
 *   or `db/schema` anywhere but a module's repository, `src/server/db/` and test support;
 * - arrows back up in `src/server`: a file in `http/` or `jobs/` importing a module (counted
 *   once per file and module), the layers that should sit below the modules;
 * - file import circles: groups of files that import one another round, found as the
 *   strongly connected components of the graph.
 *
 * Run: `npx tsx scripts/structure-figures.ts` (`--list` names every file, arrow and circle).
 * `src/architecture.test.ts` checks that the circles stay at none.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { pathToFileURL } from 'node:url';
import ts from 'typescript';

const root = join(import.meta.dirname, '..');

export interface StructureFigures {
  sqlFiles: string[];
  arrows: string[];
  circles: string[][];
}

export function structureFigures(): StructureFigures {
  const configFile = ts.readConfigFile(join(root, 'tsconfig.json'), ts.sys.readFile);
  const { options } = ts.parseJsonConfigFileContent(configFile.config, ts.sys, root);

  const isSource = (file: string) => /\.tsx?$/.test(file) && !/\.d\.ts$/.test(file);
  const isTest = (file: string) => /\.test\.tsx?$/.test(file) || file.startsWith('src/server/testing/');

  const files = readdirSync(join(root, 'src'), { recursive: true, encoding: 'utf8' })
    .map((file) => `src/${file}`)
    // The lint cases of architecture.test.ts break rules on purpose, for a moment.
    .filter((file) => isSource(file) && !file.includes('/lint-case-'))
    .sort();

  /** Each file's imports: resolved project files, and bare package names. */
  const graph = new Map<string, { files: Set<string>; packages: Set<string> }>();
  for (const file of files) {
    const { importedFiles } = ts.preProcessFile(readFileSync(join(root, file), 'utf8'), true, true);
    const edges = { files: new Set<string>(), packages: new Set<string>() };
    for (const { fileName: specifier } of importedFiles) {
      const resolved = ts.resolveModuleName(specifier, join(root, file), options, ts.sys).resolvedModule;
      if (resolved && !resolved.isExternalLibraryImport) edges.files.add(relative(root, resolved.resolvedFileName));
      else edges.packages.add(specifier);
    }
    graph.set(file, edges);
  }

  // 1. Queries outside their owners.
  const ownsSql = (file: string) =>
    /^src\/server\/modules\/[^/]+\/([a-z-]*repository\.ts|repositories\/)/.test(file) ||
    file.startsWith('src/server/db/');
  const sqlFiles = files.filter(
    (file) =>
      !isTest(file) &&
      !ownsSql(file) &&
      ([...graph.get(file)!.packages].some((name) => name === 'drizzle-orm' || name.startsWith('drizzle-orm/')) ||
        graph.get(file)!.files.has('src/server/db/schema.ts')),
  );

  // 2. Arrows back up: http/ and jobs/ sit below the modules.
  const arrows: string[] = [];
  for (const file of files) {
    if (isTest(file) || !/^src\/server\/(http|jobs)\//.test(file)) continue;
    const modules = new Set(
      [...graph.get(file)!.files].map((to) => to.match(/^src\/server\/modules\/([^/]+)\//)?.[1]).filter(Boolean),
    );
    for (const name of modules) arrows.push(`${file} → modules/${name}`);
  }

  // 3. Circles: strongly connected components (Tarjan) of more than one file.
  const circles: string[][] = [];
  {
    let next = 0;
    const index = new Map<string, number>();
    const low = new Map<string, number>();
    const stack: string[] = [];
    const onStack = new Set<string>();
    const connect = (file: string) => {
      index.set(file, next);
      low.set(file, next++);
      stack.push(file);
      onStack.add(file);
      for (const to of graph.get(file)?.files ?? []) {
        if (!graph.has(to)) continue;
        if (!index.has(to)) {
          connect(to);
          low.set(file, Math.min(low.get(file)!, low.get(to)!));
        } else if (onStack.has(to)) low.set(file, Math.min(low.get(file)!, index.get(to)!));
      }
      if (low.get(file) === index.get(file)) {
        const component: string[] = [];
        let member: string;
        do {
          member = stack.pop()!;
          onStack.delete(member);
          component.push(member);
        } while (member !== file);
        if (component.length > 1) circles.push(component.sort());
      }
    };
    for (const file of files) if (!index.has(file)) connect(file);
  }

  return { sqlFiles, arrows, circles };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const list = process.argv.includes('--list');
  const { sqlFiles, arrows, circles } = structureFigures();
  console.log(`files querying the database outside repositories and db/: ${sqlFiles.length}`);
  if (list) for (const file of sqlFiles) console.log(`  ${file}`);
  console.log(`arrows back up in src/server (http/ or jobs/ → a module): ${arrows.length}`);
  if (list) for (const arrow of arrows) console.log(`  ${arrow}`);
  console.log(`file import circles (type imports included): ${circles.length}`);
  if (list) for (const circle of circles) console.log(`  ${circle.join(' ⇄ ')}`);
}
