/**
 * Runs every benchmark in this folder (`*.bench.ts`), one after another, each in its own
 * process so that one benchmark's memory and warm caches never flatter the next.
 * `npm run bench -- mockups` runs only the benchmarks whose file name contains "mockups".
 */
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const filters = process.argv.slice(2);
const benches = readdirSync(here)
  .filter((name) => name.endsWith('.bench.ts'))
  .filter((name) => filters.length === 0 || filters.some((f) => name.includes(f)))
  .sort();

let failed = 0;
for (const name of benches) {
  console.log(`\n=== ${name} ===`);
  const run = spawnSync(process.execPath, ['--import', 'tsx', join(here, name)], { stdio: 'inherit' });
  if (run.status !== 0) failed += 1;
}
if (failed > 0) {
  console.error(`\n${failed} benchmark(s) failed`);
  process.exit(1);
}
