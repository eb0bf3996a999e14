/**
 * Artwork quality on the test photos (assets/photos): every style on every photo, measured
 * against the exposure-normalised photo with the same figures the render pipeline checks
 * (src/server/modules/styles/engines/local/kernels/quality.ts):
 *   spread  artwork luminance σ ÷ normalised photo's σ (must be ≥ 0.5)
 *   colour  largest share of one colour (must be ≤ 60 %, unless the photo's own is over 60 %)
 *   subject subject-vs-surroundings colour difference, artwork ÷ photo (must be ≥ 0.5)
 * The subject is the analysis step's subject map of the photo. Also times the analysis step.
 *
 *   npm run bench -- quality            (QUALITY_LONG_SIDE=1024 by default)
 */
import { readFileSync, readdirSync } from 'node:fs';
import { basename, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadavg } from 'node:os';
import sharp from 'sharp';
import { closeStylePool, localStyles, renderArtwork } from '../src/server/modules/styles/engines/local/index.js';
import { analysePhoto, downscaleTo } from '../src/server/modules/styles/engines/local/kernels/analysis.js';
import {
  type QualityFigures,
  failures,
  measureArtwork,
} from '../src/server/modules/styles/engines/local/kernels/quality.js';

const LONG_SIDE = Number(process.env.QUALITY_LONG_SIDE ?? 1024);
const dir = fileURLToPath(new URL('../assets/photos/', import.meta.url));
// QUALITY_PHOTOS=bird,night and QUALITY_STYLES=ink-sketch narrow the run to names containing these.
const only = (list: string | undefined) => (name: string) =>
  !list || list.split(',').some((part) => name.includes(part.trim()));
const photos = readdirSync(dir)
  .filter((f) => f.endsWith('.jpg') && only(process.env.QUALITY_PHOTOS)(f))
  .sort();
const styles = localStyles.filter((s) => only(process.env.QUALITY_STYLES)(s.id));

async function rgb(input: Buffer, long: number) {
  const { data, info } = await sharp(input)
    .rotate()
    .resize(long, long, { fit: 'inside', withoutEnlargement: true })
    .flatten({ background: '#ffffff' })
    .toColourspace('srgb')
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { width: info.width, height: info.height, data: new Uint8Array(data.buffer, data.byteOffset, data.length) };
}

console.log(
  `${photos.length} photos × ${styles.length} styles at ${LONG_SIDE} px; load average ${loadavg()[0].toFixed(1)} (2 shared cores)`,
);
const analysisMs: number[] = [];
const fails = new Map<string, string[]>();
const lines: string[] = [];
const cell = (f: QualityFigures, monochrome: boolean) => {
  const bad = failures(f);
  const sub = Number.isNaN(f.subjectRatio) ? '  – ' : f.subjectRatio.toFixed(2);
  const mark = bad.length ? `✗${bad.map((b) => (b === 'flat' ? 'F' : b === 'one-colour' ? 'C' : 'S')).join('')}` : '✓';
  return `${f.spreadRatio.toFixed(2)} ${String(Math.round(f.dominantShare * 100)).padStart(2)}% ${sub}${monochrome ? 'ᴸ' : ' '}${mark.padEnd(4)}`;
};
const header = `${'photo'.padEnd(26)} ${'photo 1-col'.padEnd(11)} ${styles.map((s) => s.id.padEnd(22)).join(' ')}`;
lines.push(header);
for (const name of photos) {
  const input = readFileSync(join(dir, name));
  // The analysis runs on the same working-size photo the styles get (900 px long side).
  const work = await rgb(input, 900);
  // CPU time of this thread (the pool is idle between photos): wall time on a shared machine
  // mostly measures the wait for a core.
  const c = process.cpuUsage();
  const analysis = analysePhoto(work);
  const used = process.cpuUsage(c);
  analysisMs.push((used.user + used.system) / 1000);
  const { width, height } = analysis.saliency;
  const photoSmall = downscaleTo(work, width, height);
  const renders = await Promise.all(styles.map((s) => renderArtwork({ styleId: s.id, input, longSide: LONG_SIDE })));
  const cells: string[] = [];
  let photoShare = 0;
  for (const [i, style] of styles.entries()) {
    const art = await rgb(renders[i].image, Math.max(renders[i].width, renders[i].height));
    const monochrome = style.id === 'ink-sketch';
    const f = measureArtwork(downscaleTo(art, width, height), photoSmall, analysis.subject, monochrome);
    photoShare = f.photoDominantShare;
    const bad = failures(f);
    if (bad.length)
      fails.set(`${style.id}`, [...(fails.get(style.id) ?? []), `${basename(name, '.jpg')} (${bad.join(', ')})`]);
    cells.push(cell(f, monochrome).padEnd(22));
  }
  lines.push(
    `${basename(name, '.jpg').padEnd(26)} ${`${Math.round(photoShare * 100)}%`.padEnd(11)} ${cells.join(' ')}`,
  );
}
await closeStylePool();
console.log(
  'each cell: spread ratio, largest one-colour share, subject ratio (ᴸ = lightness only), ✓ or ✗ F(lat) C(one colour) S(ubject lost)',
);
for (const l of lines) console.log(l);
const sorted = [...analysisMs].sort((a, b) => a - b);
console.log(
  `analysis step on a 900 px photo: median ${sorted[sorted.length >> 1].toFixed(1)} ms, max ${sorted.at(-1)!.toFixed(1)} ms of CPU`,
);
let total = 0;
for (const s of styles) {
  const f = fails.get(s.id) ?? [];
  total += f.length;
  console.log(`${s.id.padEnd(14)} ${f.length} failure(s)${f.length ? `: ${f.join('; ')}` : ''}`);
}
console.log(`${total} failure(s) of ${photos.length * styles.length} artworks`);
