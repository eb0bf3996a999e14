/**
 * A contact sheet of what is printed against what the visitor saw (issue 37): for each
 * product, fill and fit, and each photo, the local mockup beside the print file downscaled,
 * with the print area's size and the photo's effective resolution on it.
 *
 *   npx tsx scripts/print-sheet.ts --out bench/output/print-sheet.png
 *   options: --photos assets/photos/lake-boats-sunset.jpg,small (`small`: the first one at 640 × 480)
 *            --variants 1,1320,4017 (built-in variants)  --style oil-painting (a local style to render
 *            the artwork with; by default the photo itself stands for the artwork)
 */
import { readFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import sharp from 'sharp';
import { findBuiltinVariant } from '../src/domain/builtin-catalog.js';
import { placementFor, sharpnessOf, type ArtFit } from '../src/domain/placement.js';
import { isLocalStyleId, paintsAtPrintSize, type LocalStyleId } from '../src/domain/styles.js';
import { enlargeForPainting, layOutPrintFile } from '../src/server/modules/images/index.js';
import { closeLocalMockups, renderLocalMockups } from '../src/server/modules/mockups/local/index.js';
import { closeStylePool, renderArtwork } from '../src/server/modules/styles/engines/local/index.js';

const { values } = parseArgs({
  options: {
    out: { type: 'string', default: 'bench/output/print-sheet.png' },
    photos: { type: 'string', default: 'assets/photos/lake-boats-sunset.jpg,small' },
    variants: { type: 'string', default: '1,1320,4017' },
    style: { type: 'string' },
  },
});
if (values.style && !isLocalStyleId(values.style)) throw new Error(`not a local style: ${values.style}`);
const style = values.style as LocalStyleId | undefined;

const first = values.photos!.split(',')[0]!;
const photos = await Promise.all(
  values.photos!.split(',').map(async (name) =>
    name === 'small'
      ? {
          name: '640 × 480',
          bytes: await sharp(await readFile(first))
            .resize(640, 480, { fit: 'cover' })
            .jpeg({ quality: 92 })
            .toBuffer(),
        }
      : { name: name.split('/').pop()!, bytes: await readFile(name) },
  ),
);
const variants = values.variants!.split(',').map(Number);

const CELL = 360;
const LABEL = 44;
const GAP = 12;
const cells: Array<{ left: Buffer; right: Buffer; label: string }> = [];
const started = performance.now();
for (const photo of photos) {
  const size = await sharp(photo.bytes).metadata();
  const source = { width: size.width!, height: size.height! };
  // The artwork the mockups show: the style at preview size, or the photo itself.
  const preview = style
    ? (await renderArtwork({ styleId: style, input: photo.bytes, longSide: 2048 })).image
    : photo.bytes;
  for (const variantId of variants) {
    const found = findBuiltinVariant(variantId)!;
    for (const fit of ['fill', 'fit'] as ArtFit[]) {
      const placement = placementFor(found.product, found.variant, source, fit);
      const painted = style ? paintsAtPrintSize(style) : false;
      const sharpness = sharpnessOf(placement, source, painted);
      const [mockup] = await renderLocalMockups(preview, variantId, { fit });
      // The print file as the order's job makes it: a painterly style painted at print size.
      const needed = Math.round(
        Math.max(source.width, source.height) * (placement.positions[0]!.width / (placement.crop.width * source.width)),
      );
      const art =
        style && painted
          ? (
              await renderArtwork({
                styleId: style,
                input: await enlargeForPainting(photo.bytes, needed),
                longSide: needed,
              })
            ).image
          : preview;
      const file = await layOutPrintFile(art, placement);
      const right = await sharp(file.image, { limitInputPixels: false })
        .resize(CELL, CELL, { fit: 'contain', background: '#d9d6d0' })
        .flatten({ background: '#d9d6d0' })
        .png()
        .toBuffer();
      const left = await sharp(mockup!.image).resize(CELL, CELL).png().toBuffer();
      cells.push({
        left,
        right,
        label:
          `${found.variant.name.slice(0, 40)} · ${fit} · ${photo.name}\n` +
          `print ${placement.area.width}×${placement.area.height} px · ${Math.round(sharpness.dpi)} dpi` +
          (sharpness.sharp ? '' : ' · TOO SMALL'),
      });
    }
  }
}
const elapsed = performance.now() - started;

const columns = 2;
const cellWidth = 2 * CELL + GAP * 3;
const cellHeight = CELL + LABEL + GAP;
const rows = Math.ceil(cells.length / columns);
const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;');
const composites = cells.flatMap((cell, i) => {
  const x = (i % columns) * cellWidth + GAP;
  const y = Math.floor(i / columns) * cellHeight + GAP;
  const [line1, line2] = cell.label.split('\n');
  const text = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${2 * CELL + GAP}" height="${LABEL}">` +
      `<text x="0" y="17" font-family="sans-serif" font-size="14" fill="#222">${escape(line1!)}</text>` +
      `<text x="0" y="36" font-family="sans-serif" font-size="13" fill="${line2!.includes('TOO') ? '#b00' : '#555'}">${escape(line2!)}</text></svg>`,
  );
  return [
    { input: cell.left, left: x, top: y },
    { input: cell.right, left: x + CELL + GAP, top: y },
    { input: text, left: x, top: y + CELL + 4 },
  ];
});
await sharp({
  create: { width: columns * cellWidth + GAP, height: rows * cellHeight + GAP, channels: 3, background: '#ffffff' },
})
  .composite(composites)
  .png()
  .toFile(values.out!);
console.log(
  `${cells.length} pairs (mockup | print file) in ${(elapsed / 1000).toFixed(1)} s → ${values.out}` +
    `${style ? ` (style ${style})` : ' (the photo stands for the artwork)'}`,
);
await closeLocalMockups();
await closeStylePool();
