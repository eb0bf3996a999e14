/**
 * Before/after contact sheet of the exposure step: every style on underexposed photos
 * (bench/dark-photos.ts: −3 and −5 stops in linear light, sensor noise, JPEG), night scenes
 * and normal photos, each rendered as the shop did before the step ("before") and with it
 * ("after"), beside the photo itself. Renders run in this thread (the step can only be switched
 * off there), one after another.
 *
 *   npx tsx scripts/exposure-sheet.ts [--out bench/output/exposure-sheet.png] [--cell 220] [--long-side 1024]
 */
import { mkdirSync, readFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import sharp, { type OverlayOptions } from 'sharp';
import { localStyles } from '../src/server/modules/styles/engines/local/index.js';
import { renderLocal } from '../src/server/modules/styles/engines/local/render.js';
import { nightScenes, underexpose } from '../bench/dark-photos.js';
import { captioner, fitCell } from './contact-sheet.js';

const { values } = parseArgs({
  options: {
    out: { type: 'string', default: 'bench/output/exposure-sheet.png' },
    cell: { type: 'string', default: '220' },
    'long-side': { type: 'string', default: '1024' },
  },
});
const cell = Number(values.cell);
const longSide = Number(values['long-side']);
const label = 22;
const pad = 4;
const photo = (name: string) => readFileSync(fileURLToPath(new URL(`../assets/photos/${name}.jpg`, import.meta.url)));

const nights = await nightScenes();
const rows: Array<{ title: string; input: Buffer }> = [
  { title: 'underexposed: indoor-wine-room −5', input: await underexpose(photo('indoor-wine-room'), 5) },
  { title: 'underexposed: city-street-leuven −5', input: await underexpose(photo('city-street-leuven'), 5) },
  { title: 'underexposed: snowy-peaks −3', input: await underexpose(photo('snowy-peaks'), 3) },
  { title: 'night: night-street-lamps (synthetic)', input: nights.find((n) => n.name === 'night-street-lamps')!.input },
  { title: 'night: rocket-night', input: photo('rocket-night') },
  { title: 'normal: lake-boats-sunset', input: photo('lake-boats-sunset') },
  { title: 'normal: bird-in-snow', input: photo('bird-in-snow') },
];

const caption = captioner({ height: label, fontSize: 13, baseline: label - 6 });
const fit = (image: Buffer | Uint8Array) => fitCell(image, cell);

const columns = 1 + 2 * localStyles.length;
const width = columns * (cell + pad) + pad;
const height = rows.length * (cell + 2 * label + pad) + pad;
const layers: OverlayOptions[] = [];
for (const [r, row] of rows.entries()) {
  const top = pad + r * (cell + 2 * label + pad);
  layers.push({ input: caption(row.title, width - 2 * pad), left: pad, top });
  layers.push({ input: caption('photo', cell), left: pad, top: top + label });
  layers.push({ input: await fit(row.input), left: pad, top: top + 2 * label });
  for (const [s, style] of localStyles.entries()) {
    for (const [k, exposureStep] of [false, true].entries()) {
      const art = await renderLocal({ styleId: style.id, input: new Uint8Array(row.input), longSide, exposureStep });
      const left = pad + (1 + 2 * s + k) * (cell + pad);
      const q = art.quality;
      const verdict = q ? (q.failures.length ? `✗ ${q.failures.join(',')}` : '✓') : '';
      layers.push({
        input: caption(`${style.name} ${exposureStep ? 'after' : 'before'} ${verdict}`, cell),
        left,
        top: top + label,
      });
      layers.push({ input: await fit(art.image), left, top: top + 2 * label });
      console.log(`${row.title.padEnd(40)} ${style.id.padEnd(14)} ${exposureStep ? 'after ' : 'before'} ${verdict}`);
    }
  }
}
mkdirSync(dirname(values.out), { recursive: true });
await sharp({ create: { width, height, channels: 3, background: '#111111' } })
  .composite(layers)
  .png()
  .toFile(values.out);
console.log(`wrote ${values.out}`);
