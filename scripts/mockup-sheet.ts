/**
 * A contact sheet of every default store product's local mockups for one artwork, for
 * looking at them side by side.
 *
 *   npx tsx scripts/mockup-sheet.ts --art assets/photos/beach-dune.jpg --out bench/output/sheet.png
 *   options: --thumb 400 (px per mockup)  --columns 6  --only mug,poster (mockup kinds)
 *            --all (every catalog variant)  --variants 4012,5538 (these variants)
 */
import { readFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import sharp from 'sharp';
import { builtinCatalog, defaultStoreProducts, findBuiltinVariant } from '../src/domain/builtin-catalog.js';
import { closeLocalMockups, renderLocalMockups } from '../src/server/modules/mockups/local/index.js';

const { values } = parseArgs({
  options: {
    art: { type: 'string' },
    out: { type: 'string', default: 'bench/output/mockup-sheet.png' },
    thumb: { type: 'string', default: '400' },
    columns: { type: 'string', default: '6' },
    only: { type: 'string' },
    all: { type: 'boolean', default: false },
    variants: { type: 'string' },
  },
});
if (!values.art) {
  console.error(
    'usage: npx tsx scripts/mockup-sheet.ts --art <image> [--out sheet.png] [--thumb 400] [--only mug,poster] [--all]',
  );
  process.exit(2);
}

const thumb = Number(values.thumb);
const columns = Number(values.columns);
const kinds = values.only?.split(',');
const chosen = values.variants?.split(',').map(Number);
const rows = (
  chosen
    ? chosen.map((id) => ({ variantId: id, name: findBuiltinVariant(id)?.variant.name ?? String(id) }))
    : values.all
      ? builtinCatalog.flatMap((p) =>
          p.variants.filter((v) => v.in_stock).map((v) => ({ variantId: v.id, name: v.name })),
        )
      : defaultStoreProducts.map((p) => ({ variantId: p.variantId, name: p.name }))
).filter(({ variantId }) => !kinds || kinds.includes(findBuiltinVariant(variantId)!.product.mockup));

const artwork = await readFile(values.art);
const started = performance.now();
const rendered = [];
for (const row of rows) rendered.push({ ...row, mockups: await renderLocalMockups(artwork, row.variantId) });
const elapsed = performance.now() - started;

const labelHeight = 24;
const gutter = 10;
// Cells flow left to right, a product's views side by side, wrapping at --columns.
const cells = rendered.flatMap((row) =>
  row.mockups.map((mockup, i) => ({ mockup, label: i === 0 ? `${row.name} · ${mockup.label}` : mockup.label })),
);
const cellW = thumb + gutter;
const cellH = thumb + labelHeight + gutter;
const width = gutter + columns * cellW;
const height = gutter + Math.ceil(cells.length / columns) * cellH;
const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;');

const labels: string[] = [];
const composites = await Promise.all(
  cells.map(async ({ mockup, label }, n) => {
    const left = gutter + (n % columns) * cellW;
    const top = gutter + Math.floor(n / columns) * cellH;
    const fits = Math.floor(thumb / 7.6);
    const shown = label.length > fits ? `${label.slice(0, fits - 1)}…` : label;
    labels.push(
      `<text x="${left}" y="${top + 16}" font-family="DejaVu Sans" font-size="13" fill="#222">${escape(shown)}</text>`,
    );
    return { input: await sharp(mockup.image).resize(thumb, thumb).toBuffer(), left, top: top + labelHeight };
  }),
);
await sharp({ create: { width, height, channels: 3, background: '#ffffff' } })
  .composite([
    {
      input: Buffer.from(
        `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">${labels.join('')}</svg>`,
      ),
      left: 0,
      top: 0,
    },
    ...composites,
  ])
  .png()
  .toFile(values.out!);
await closeLocalMockups();
console.log(`${rendered.length} products, ${cells.length} mockups in ${elapsed.toFixed(0)} ms → ${values.out}`);
