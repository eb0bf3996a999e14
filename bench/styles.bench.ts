/**
 * Local style engines: time to turn a 12-megapixel JPEG into a 2048 px artwork, per style,
 * through the same worker pool the server uses, beside the time sharp alone takes to decode,
 * resize and encode the same photo (measured between the style's runs, so both see the same
 * machine load). Then one 6000 px print file per style from a 27-megapixel photo. Then the
 * same 12 MP photo underexposed by 3 stops (linear light, sensor noise, JPEG), which every style
 * renders through the exposure step: its time is the style's time with the step included, read
 * against the same sharp floor (the test photo's), with the dark photo's own time through sharp
 * beside it.
 *
 *   npm run bench -- styles
 */
import { availableParallelism, loadavg } from 'node:os';
import sharp from 'sharp';
import {
  closeStylePool,
  localStyles,
  renderArtwork,
  type LocalStyleId,
} from '../src/server/modules/styles/engines/local/index.js';
import { makeTwelveMegapixelJpeg } from './test-photo.js';
import { underexpose } from './dark-photos.js';

const RUNS = 7;
const PREVIEW = 2048;
const PRINT = 6000;

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
}

/** Wall time, and CPU time of the whole process (all threads: pool, helpers, libvips). */
async function time(fn: () => Promise<unknown>, cpu?: number[]): Promise<number> {
  const c = process.cpuUsage();
  const t = performance.now();
  await fn();
  const wall = performance.now() - t;
  const used = process.cpuUsage(c);
  cpu?.push((used.user + used.system) / 1000);
  return wall;
}

const photo = await makeTwelveMegapixelJpeg();
const printPhoto = await makeTwelveMegapixelJpeg(undefined, 6000, 4500);
const darkPhoto = await underexpose(photo, 3, 1, 4000);
const sharpOnly =
  (input = photo) =>
  () =>
    sharp(input)
      .rotate()
      .resize({ width: PREVIEW, height: PREVIEW, fit: 'inside', withoutEnlargement: true })
      .jpeg({ quality: 90 })
      .toBuffer();

console.log(
  `photo: 4000×3000 JPEG, ${(photo.length / 1e6).toFixed(1)} MB; ${availableParallelism()} cores; ${RUNS} runs per style; load average ${loadavg()[0].toFixed(1)}`,
);
// Warm up: start the pool's threads and JIT every style once.
await Promise.all(localStyles.map((s) => renderArtwork({ styleId: s.id, input: photo, longSide: 512 })));
await sharpOnly()();

interface Row {
  style: string;
  ms: number;
  /** The sharp floor: the 12 MP test photo decoded, resized to 2048 px and encoded by sharp alone. */
  base: number;
  ratio: number;
  cpu: number;
  baseCpu: number;
  /** Renders the quality check asked for (1 when the first passed). */
  renders: number;
  /** For another photo than the test photo: that photo through sharp alone, and the ratio to it. */
  own?: { base: number; ratio: number };
}

/**
 * The style's median 2048 px render of `input` beside the sharp floor, run in turn. The floor
 * is always the 12 MP test photo's: it measures the machine, and a photo that decodes faster
 * (a dark one has less detail to decode) would make it a measure of the photo. Another photo's
 * own time through sharp is measured after the renders and shown too: between them it would
 * lengthen the pause between two renders past the helper thread's idle collection (idle-gc.ts),
 * which the next render pays, and the rows would not be measured alike.
 */
async function measure(styleId: LocalStyleId, input: Buffer): Promise<Omit<Row, 'style'>> {
  const runs: number[] = [];
  const base: number[] = [];
  const cpu: number[] = [];
  const baseCpu: number[] = [];
  let renders = 0;
  for (let i = 0; i < RUNS; i++) {
    base.push(await time(sharpOnly(), baseCpu));
    runs.push(
      await time(async () => {
        const art = await renderArtwork({ styleId, input, longSide: PREVIEW });
        renders = art.quality?.attempts ?? 1;
      }, cpu),
    );
  }
  base.push(await time(sharpOnly(), baseCpu));
  const own: number[] = [];
  if (input !== photo) for (let i = 0; i <= RUNS; i++) own.push(await time(sharpOnly(input)));
  const ms = median(runs);
  const b = median(base);
  return {
    ms,
    base: b,
    ratio: ms / b,
    cpu: median(cpu),
    baseCpu: median(baseCpu),
    renders,
    ...(own.length ? { own: { base: median(own), ratio: ms / median(own) } } : {}),
  };
}

const rows: Array<Row & { print: number; printSize: string }> = [];
for (const style of localStyles) {
  const measured = await measure(style.id, photo);
  let printSize = '';
  const print = await time(async () => {
    const art = await renderArtwork({ styleId: style.id, input: printPhoto, longSide: PRINT });
    printSize = `${art.width}×${art.height}`;
  });
  rows.push({ style: style.id, ...measured, print, printSize });
}
const darkRows: Row[] = [];
for (const style of localStyles) {
  darkRows.push({ style: `${style.id} −3`, ...(await measure(style.id, darkPhoto)) });
}
await closeStylePool();

/** The columns every row has, in the order the tables show them. */
const cells = (r: Row) => [
  r.style,
  `${r.ms.toFixed(0)} ms`,
  `${r.base.toFixed(0)} ms`,
  `${r.ratio.toFixed(1)}×`,
  `${r.cpu.toFixed(0)} / ${r.baseCpu.toFixed(0)} ms`,
  `${(r.cpu / r.baseCpu).toFixed(1)}×`,
  String(r.renders),
];

function printTable(header: string[], lines: string[][]): void {
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i].length)));
  const fmt = (row: string[]) => `| ${row.map((c, i) => c.padEnd(widths[i])).join(' | ')} |`;
  console.log(fmt(header));
  console.log(`|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`);
  for (const l of lines) console.log(fmt(l));
}

const header = [
  'style',
  '12 MP → 2048 px median',
  'sharp floor median',
  'ratio',
  'CPU style / sharp',
  'CPU ratio',
  'renders',
];
printTable(
  [...header, `print ${PRINT} px`],
  rows.map((r) => [...cells(r), `${(r.print / 1000).toFixed(1)} s (${r.printSize})`]),
);
console.log(
  `load average at the end: ${loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')} (2 cores: above 2 the figures include waiting for other processes)`,
);
console.log(
  `\nthe same photo 3 stops underexposed (${(darkPhoto.length / 1e6).toFixed(1)} MB JPEG), through the exposure step:`,
);
printTable(
  [...header, 'this photo, sharp only', 'ratio to it'],
  darkRows.map((r) => [...cells(r), `${r.own!.base.toFixed(0)} ms`, `${r.own!.ratio.toFixed(1)}×`]),
);
console.log(
  `load average at the end: ${loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}`,
);
const slow = [...rows, ...darkRows].filter((r) => r.ms > 1500 || r.ratio > 6);
console.log(
  slow.length === 0 ? 'all styles within 1.5 s and 6× sharp' : `over target: ${slow.map((r) => r.style).join(', ')}`,
);
