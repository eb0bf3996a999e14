/**
 * Artwork quality on the test photos (assets/photos), each also underexposed by 3 and 5 stops
 * (bench/dark-photos.ts: linear light, sensor noise, JPEG re-encode), and on synthetic night
 * scenes: every style on every photo, measured against the exposure-normalised photo with the
 * same figures the render pipeline checks
 * (src/server/modules/styles/engines/local/kernels/quality.ts):
 *   spread  artwork luminance σ ÷ normalised photo's σ (must be ≥ 0.5)
 *   colour  largest share of one colour (must be ≤ 60 %, unless the photo's own is over 60 %)
 *   subject subject-vs-surroundings colour difference, artwork ÷ photo (must be ≥ 0.5)
 * An underexposed photo's normalisation includes the exposure step every style starts from, so
 * a near-black artwork of it fails.
 *
 * The photos are split in two halves (alternately, in name order; a photo's dark variants go
 * with it): the exposure step was tuned by hand on the "tune" half only, and the "check" half
 * is the held-back test. Each half is printed and counted on its own.
 * The subject is the analysis step's subject map of the photo. Also times the analysis step.
 *
 *   npm run bench -- quality            (QUALITY_LONG_SIDE=1024 by default)
 *   QUALITY_HALF=tune|check runs one half; QUALITY_DARK=0 leaves the dark variants out.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { basename, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadavg } from 'node:os';
import { nightScenes, rawSrgb, underexpose } from './dark-photos.js';
import { closeStylePool, localStyles, renderArtwork } from '../src/server/modules/styles/engines/local/index.js';
import { analysePhoto } from '../src/server/modules/styles/engines/local/kernels/analysis.js';
import { downscaleTo } from '../src/server/modules/styles/engines/local/kernels/resample.js';
import {
  type QualityFigures,
  failures,
  exposureNormalise,
  measureArtwork,
} from '../src/server/modules/styles/engines/local/kernels/quality.js';

const LONG_SIDE = Number(process.env.QUALITY_LONG_SIDE ?? 1024);
const dir = fileURLToPath(new URL('../assets/photos/', import.meta.url));
// QUALITY_PHOTOS=bird,night and QUALITY_STYLES=ink-sketch narrow the run to names containing these.
const only = (list: string | undefined) => (name: string) =>
  !list || list.split(',').some((part) => name.includes(part.trim()));
const names = readdirSync(dir)
  .filter((f) => f.endsWith('.jpg'))
  .sort()
  .map((f) => basename(f, '.jpg'));
const dark = process.env.QUALITY_DARK !== '0';
interface Case {
  name: string;
  half: 'tune' | 'check';
  load: () => Promise<Buffer>;
}
const cases: Case[] = [];
for (const [i, name] of names.entries()) {
  const half = i % 2 === 0 ? 'tune' : 'check';
  const file = () => readFileSync(join(dir, `${name}.jpg`));
  cases.push({ name, half, load: async () => file() });
  if (!dark) continue;
  for (const stops of [3, 5])
    cases.push({ name: `${name} −${stops}`, half, load: () => underexpose(file(), stops, i + 1) });
}
if (dark) {
  for (const [i, scene] of (await nightScenes()).entries())
    cases.push({ name: scene.name, half: i % 2 === 0 ? 'tune' : 'check', load: async () => scene.input });
}
const photos = cases.filter(
  (c) => only(process.env.QUALITY_PHOTOS)(c.name) && (!process.env.QUALITY_HALF || c.half === process.env.QUALITY_HALF),
);
const styles = localStyles.filter((s) => only(process.env.QUALITY_STYLES)(s.id));

console.log(
  `${photos.length} photos × ${styles.length} styles at ${LONG_SIDE} px; load average ${loadavg()[0].toFixed(1)} (2 shared cores)`,
);
const analysisMs: number[] = [];
const fails = new Map<string, string[]>();
const lines = { tune: [] as string[], check: [] as string[] };
const cell = (f: QualityFigures, monochrome: boolean) => {
  const bad = failures(f);
  const sub = Number.isNaN(f.subjectRatio) ? '  – ' : f.subjectRatio.toFixed(2);
  const mark = bad.length ? `✗${bad.map((b) => (b === 'flat' ? 'F' : b === 'one-colour' ? 'C' : 'S')).join('')}` : '✓';
  return `${f.spreadRatio.toFixed(2)} ${String(Math.round(f.dominantShare * 100)).padStart(2)}% ${sub}${monochrome ? 'ᴸ' : ' '}${mark.padEnd(4)}`;
};
const header = `${'photo'.padEnd(26)} ${'photo 1-col'.padEnd(11)} ${styles.map((s) => s.id.padEnd(22)).join(' ')}`;
for (const photo of photos) {
  const input = await photo.load();
  // The analysis runs on the same working-size photo the styles get (900 px long side).
  const work = await rawSrgb(input, 900);
  // CPU time of this thread (the pool is idle between photos): wall time on a shared machine
  // mostly measures the wait for a core.
  const c = process.cpuUsage();
  const analysis = await analysePhoto(work);
  const used = process.cpuUsage(c);
  analysisMs.push((used.user + used.system) / 1000);
  const { width, height } = analysis.saliency;
  const reference = await exposureNormalise(await downscaleTo(work, width, height));
  const renders = await Promise.all(styles.map((s) => renderArtwork({ styleId: s.id, input, longSide: LONG_SIDE })));
  const cells: string[] = [];
  let photoShare = 0;
  for (const [i, style] of styles.entries()) {
    const art = await rawSrgb(renders[i].image, Math.max(renders[i].width, renders[i].height));
    const monochrome = style.id === 'ink-sketch';
    const f = measureArtwork(await downscaleTo(art, width, height), reference, analysis.subject, monochrome);
    photoShare = f.photoDominantShare;
    const bad = failures(f);
    const key = `${photo.half} ${style.id}`;
    if (bad.length) fails.set(key, [...(fails.get(key) ?? []), `${photo.name} (${bad.join(', ')})`]);
    cells.push(cell(f, monochrome).padEnd(22));
  }
  lines[photo.half].push(
    `${photo.name.padEnd(26)} ${`${Math.round(photoShare * 100)}%`.padEnd(11)} ${cells.join(' ')}`,
  );
}
await closeStylePool();
console.log(
  'each cell: spread ratio, largest one-colour share, subject ratio (ᴸ = lightness only), ✓ or ✗ F(lat) C(one colour) S(ubject lost)',
);
const sorted = [...analysisMs].sort((a, b) => a - b);
for (const half of ['tune', 'check'] as const) {
  const count = photos.filter((p) => p.half === half).length;
  if (count === 0) continue;
  console.log(
    `\n--- ${half === 'tune' ? 'tune half (the exposure step was tuned on these)' : 'check half (held back: never tuned on)'}: ${count} photos ---`,
  );
  console.log(header);
  for (const l of lines[half]) console.log(l);
  let total = 0;
  for (const s of styles) {
    const f = fails.get(`${half} ${s.id}`) ?? [];
    total += f.length;
    console.log(`${s.id.padEnd(14)} ${f.length} failure(s)${f.length ? `: ${f.join('; ')}` : ''}`);
  }
  console.log(`${half} half: ${total} failure(s) of ${count * styles.length} artworks`);
}
console.log(
  `\nanalysis step on a 900 px photo: median ${sorted[sorted.length >> 1].toFixed(1)} ms, max ${sorted.at(-1)!.toFixed(1)} ms of CPU; load average ${loadavg()[0].toFixed(1)}`,
);
