/**
 * Contact sheet of the local styles: one row per photo, the original then every style.
 *
 *   npm run styles:sheet -- --out sheet.png photo1.jpg photo2.jpg …
 *   options: --cell <px> (default 420), --long-side <px> render size (default 2048),
 *            --styles ink-sketch,pop-art (default all), --save <dir> keeps every full render.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { basename, extname, join } from 'node:path';
import { parseArgs } from 'node:util';
import sharp, { type OverlayOptions } from 'sharp';
import {
  closeStylePool,
  isLocalStyleId,
  type LocalStyleId,
  localStyles,
  renderArtwork,
} from '../src/server/modules/styles/engines/local/index.js';
import { captioner, fitCell } from './contact-sheet.js';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    out: { type: 'string' },
    cell: { type: 'string', default: '420' },
    'long-side': { type: 'string', default: '2048' },
    styles: { type: 'string' },
    save: { type: 'string' },
  },
});

if (!values.out || positionals.length === 0) {
  console.error('usage: npm run styles:sheet -- --out sheet.png photo1.jpg photo2.jpg …');
  process.exit(2);
}
const styleIds: LocalStyleId[] = values.styles
  ? values.styles.split(',').map((s) => {
      if (!isLocalStyleId(s)) throw new Error(`unknown style ${s}`);
      return s;
    })
  : localStyles.map((s) => s.id);
const cell = Number(values.cell);
const longSide = Number(values['long-side']);
const label = 26;
const pad = 6;
if (values.save) mkdirSync(values.save, { recursive: true });

const caption = captioner({ height: label, fontSize: 15, baseline: label - 8 });
const fit = (image: Buffer | Uint8Array) => fitCell(image, cell);

const columns = styleIds.length + 1;
const width = columns * (cell + pad) + pad;
const height = positionals.length * (cell + label + pad) + pad;
const layers: OverlayOptions[] = [];
let row = 0;
for (const photo of positionals) {
  const input = readFileSync(photo);
  const top = pad + row * (cell + label + pad);
  layers.push({ input: caption(basename(photo), cell), left: pad, top });
  layers.push({ input: await fit(input), left: pad, top: top + label });
  // Two at a time: the pool has a thread per core.
  const renders = await Promise.all(
    styleIds.map(async (styleId) => {
      const started = performance.now();
      const art = await renderArtwork({ styleId, input, longSide });
      return { styleId, art, ms: performance.now() - started };
    }),
  );
  renders.forEach(({ styleId, art, ms }, i) => {
    const name = localStyles.find((s) => s.id === styleId)!.name;
    const left = pad + (i + 1) * (cell + pad);
    layers.push({ input: caption(name, cell), left, top });
    if (values.save) writeFileSync(join(values.save, `${basename(photo, extname(photo))}--${styleId}.jpg`), art.image);
    console.log(
      `${basename(photo)}  ${styleId.padEnd(14)} ${art.width}×${art.height}  ${ms.toFixed(0)} ms (in a shared pool)`,
    );
  });
  for (const [i, { art }] of renders.entries()) {
    layers.push({ input: await fit(art.image), left: pad + (i + 1) * (cell + pad), top: top + label });
  }
  row++;
}
await sharp({ create: { width, height, channels: 3, background: '#111111' } })
  .composite(layers)
  .png()
  .toFile(values.out);
await closeStylePool();
console.log(`wrote ${values.out}`);
