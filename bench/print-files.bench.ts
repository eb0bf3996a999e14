/**
 * Print files at print size (issue 37): the time to lay out one ordered line's file at its
 * print area's pixels, against the sharp floor measured in the same run on the same pixels
 * (decode the artwork, one Lanczos resize to the area, encode as the file is encoded: what no
 * layout can beat). Then a painterly style painting a 640 × 480 photo at the 18×24″ poster's
 * size, the slowest print file the shop makes, against the same floor.
 * `npm run bench -- print-files`
 */
import { readFileSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { findBuiltinVariant } from '../src/domain/builtin-catalog.js';
import { placementFor, type ArtFit, type Placement } from '../src/domain/placement.js';
import { enlargeForPainting, layOutPrintFile } from '../src/server/modules/images/index.js';
import { closeStylePool, renderArtwork } from '../src/server/modules/styles/engines/local/index.js';

const ROUNDS = 3;
const photo = readFileSync(join(import.meta.dirname, '..', 'assets', 'photos', 'lake-boats-sunset.jpg'));
const artwork = await sharp(photo).resize(2048, 2048, { fit: 'inside' }).jpeg({ quality: 90 }).toBuffer();
const art = await sharp(artwork).metadata();
const size = { width: art.width!, height: art.height! };

async function floor(image: Buffer, placement: Placement): Promise<void> {
  const pipeline = sharp(image, { limitInputPixels: false }).resize(placement.area.width, placement.area.height, {
    fit: 'fill',
    kernel: 'lanczos3',
  });
  await (
    placement.area.background === 'transparent'
      ? pipeline.png({ compressionLevel: 6 })
      : pipeline.jpeg({ quality: 92, chromaSubsampling: '4:4:4' })
  ).toBuffer();
}

async function best(run: () => Promise<unknown>): Promise<number> {
  let fastest = Infinity;
  for (let i = 0; i < ROUNDS; i++) {
    const started = performance.now();
    await run();
    fastest = Math.min(fastest, performance.now() - started);
  }
  return fastest;
}

console.log(
  `load average ${loadavg()
    .map((v) => v.toFixed(2))
    .join(' ')} on ${availableParallelism()} cores; best of ${ROUNDS}; artwork ${size.width}×${size.height}`,
);
const cases: Array<[string, number, ArtFit]> = [
  ['Poster 18×24″', 1, 'fill'],
  ['Canvas 16×20″', 825, 'fill'],
  ['Classic Mug 11 oz', 1320, 'fit'],
  ['T-Shirt, Black (PNG)', 4017, 'fit'],
];
for (const [name, variantId, fit] of cases) {
  const found = findBuiltinVariant(variantId)!;
  const placement = placementFor(found.product, found.variant, size, fit);
  const ours = await best(() => layOutPrintFile(artwork, placement));
  const sharpFloor = await best(() => floor(artwork, placement));
  console.log(
    `${name.padEnd(22)} ${fit.padEnd(4)} ${`${placement.area.width}×${placement.area.height}`.padEnd(10)} ` +
      `${ours.toFixed(0).padStart(6)} ms   sharp floor ${sharpFloor.toFixed(0).padStart(6)} ms   ratio ${(ours / sharpFloor).toFixed(2)}`,
  );
}

// A painterly style at print size from a 640 × 480 photo: the enlargement, the painting, the layout.
const small = await sharp(photo).resize(640, 480, { fit: 'cover' }).jpeg({ quality: 92 }).toBuffer();
const poster = findBuiltinVariant(1)!;
const placement = placementFor(poster.product, poster.variant, { width: 640, height: 480 }, 'fill');
const needed = placement.positions[0]!.width;
let peak = process.memoryUsage().rss;
const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 25);
const started = performance.now();
const enlarged = await enlargeForPainting(small, needed);
const painted = await renderArtwork({ styleId: 'oil-painting', input: enlarged, longSide: needed });
await layOutPrintFile(painted.image, placement);
const oil = performance.now() - started;
clearInterval(sampler);
const oilFloor = await best(() => floor(small, placement));
console.log(
  `Oil Painting, 640×480 photo on the 18×24″ poster (${placement.area.width}×${placement.area.height}), once: ` +
    `${oil.toFixed(0)} ms   sharp floor ${oilFloor.toFixed(0)} ms   ratio ${(oil / oilFloor).toFixed(1)}   ` +
    `peak RSS ${(peak / 1e6).toFixed(0)} MB`,
);
console.log(
  `load average after: ${loadavg()
    .map((v) => v.toFixed(2))
    .join(' ')}`,
);
await closeStylePool();
