import { describe, expect, it } from 'vitest';
import type { Rgb8 } from '../raster.js';
import { downscaleTo, resamplePlane, resamplePlaneRows } from './resample.js';
import { noiseSigma } from './statistics.js';

/** A photo-like test image, large enough (≥ 64 rows) that the helper thread takes part. */
function photo(width: number, height: number): Rgb8 {
  const data = new Uint8Array(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 3;
      data[i] = (x * 7 + y * 3) & 255;
      data[i + 1] = (x * y) & 255;
      data[i + 2] = ((x ^ y) * 5) & 255;
    }
  }
  return { width, height, data };
}

describe('passes shared between both threads', () => {
  it('resamples a plane to exactly what one thread makes', async () => {
    const small = { width: 128, height: 96, data: Float32Array.from({ length: 128 * 96 }, (_, i) => (i % 37) / 37) };
    const alone = resamplePlane(small, 1024, 768);
    const shared = await resamplePlaneRows(small, 1024, 768);
    expect(
      Buffer.from(shared.buffer, 0, shared.byteLength).equals(Buffer.from(alone.buffer, 0, alone.byteLength)),
    ).toBe(true);
  });

  it('averages every photo pixel into its output pixel once', async () => {
    const img = photo(640, 480);
    const out = await downscaleTo(img, 128, 96);
    // Each output pixel is the mean of a 5 × 5 block here (640 / 128, 480 / 96).
    for (const [ox, oy] of [
      [0, 0],
      [127, 95],
      [64, 37],
    ]) {
      let sum = 0;
      for (let y = oy * 5; y < oy * 5 + 5; y++)
        for (let x = ox * 5; x < ox * 5 + 5; x++) sum += img.data[(y * 640 + x) * 3 + 1];
      expect(out.data[(oy * 128 + ox) * 3 + 1]).toBeCloseTo(sum / 25 / 255, 6);
    }
  });

  it('estimates the same noise however the threads share the bands', async () => {
    const img = photo(900, 600);
    const first = await noiseSigma(img);
    for (let run = 0; run < 5; run++) expect(await noiseSigma(img)).toBe(first);
  });
});
