/**
 * Run by memory-trim.test.ts in a process of its own: image work leaves memory freed but
 * resident in the C allocator's heaps, then `trimNow()` gives it back. Prints the resident
 * memory before and after the trim, in bytes, as JSON.
 */
import sharp from 'sharp';
import { trimNow } from '../infra/memory-trim.js';

const noise = (seed: number) =>
  sharp({
    create: {
      width: 600,
      height: 400,
      channels: 3,
      background: { r: seed, g: 0, b: 0 },
      noise: { type: 'gaussian', mean: 128, sigma: 30 },
    },
  })
    .png()
    .toBuffer();

await Promise.all(Array.from({ length: 40 }, (_, seed) => noise(seed)));
const before = process.memoryUsage().rss;
const trimmed = trimNow();
const after = process.memoryUsage().rss;
console.log(JSON.stringify({ before, after, trimmed }));
