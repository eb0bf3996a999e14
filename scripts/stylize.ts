/**
 * Renders one photo in one local style.
 *
 *   npm run stylize -- --style <id> --in photo.jpg --out art.jpg [--long-side 2048] [--quality 90]
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import {
  closeStylePool,
  isLocalStyleId,
  localStyles,
  renderArtwork,
} from '../src/server/modules/styles/engines/local/index.js';

const { values } = parseArgs({
  options: {
    style: { type: 'string' },
    in: { type: 'string' },
    out: { type: 'string' },
    'long-side': { type: 'string', default: '2048' },
    quality: { type: 'string', default: '90' },
  },
});

if (!values.style || !values.in || !values.out || !isLocalStyleId(values.style)) {
  console.error(
    'usage: npm run stylize -- --style <id> --in photo.jpg --out art.jpg [--long-side 2048] [--quality 90]',
  );
  console.error(`styles: ${localStyles.map((s) => s.id).join(', ')}`);
  process.exit(2);
}

const started = performance.now();
const art = await renderArtwork(
  {
    styleId: values.style,
    input: readFileSync(values.in),
    longSide: Number(values['long-side']),
    quality: Number(values.quality),
  },
  (fraction) => process.stdout.write(`\r${Math.round(fraction * 100)}%`),
);
writeFileSync(values.out, art.image);
await closeStylePool();
console.log(`\r${values.out}: ${art.width}×${art.height}, ${(performance.now() - started).toFixed(0)} ms`);
