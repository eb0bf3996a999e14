import { readFileSync } from 'node:fs';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type { Rgb8 } from './raster.js';
import { analysePhoto } from './kernels/analysis.js';
import { planExposure, toneMap } from './kernels/exposure.js';
import { renderLocal } from './render.js';
import { localStyles } from './index.js';

const PHOTO = new URL('../../../../../../assets/photos/lake-boats-sunset.jpg', import.meta.url);

async function decode(input: Buffer, long = 900): Promise<Rgb8> {
  const { data, info } = await sharp(input)
    .resize(long, long, { fit: 'inside', withoutEnlargement: true })
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { width: info.width, height: info.height, data: new Uint8Array(data.buffer, data.byteOffset, data.length) };
}

/**
 * The photo 5 stops darker in linear light, with a sensor's shot and read noise per channel,
 * saved as a JPEG the way a camera would.
 */
async function fiveStopsDark(photo: Rgb8): Promise<Rgb8> {
  let s = 12345;
  const normal = () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    const u = (s + 0.5) / 4294967296;
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    const v = (s + 0.5) / 4294967296;
    return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
  };
  const out = Buffer.alloc(photo.data.length);
  for (let i = 0; i < out.length; i++) {
    const c = photo.data[i] / 255;
    const lin = (c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4) / 32;
    const noisy = Math.max(0, lin + normal() * Math.sqrt(lin / 4000 + 0.0015 ** 2));
    const enc = noisy <= 0.0031308 ? noisy * 12.92 : 1.055 * noisy ** (1 / 2.4) - 0.055;
    out[i] = Math.min(255, Math.round(enc * 255));
  }
  const jpeg = await sharp(out, { raw: { width: photo.width, height: photo.height, channels: 3 } })
    .jpeg({ quality: 85 })
    .toBuffer();
  return decode(jpeg);
}

/** Luminance (0..255) standard deviation and 10th percentile. */
function lumaFigures(img: Rgb8): { spread: number; darkestDecile: number } {
  const n = img.width * img.height;
  const l = new Float64Array(n);
  let sum = 0;
  for (let i = 0; i < n; i++) {
    l[i] = 0.2126 * img.data[i * 3] + 0.7152 * img.data[i * 3 + 1] + 0.0722 * img.data[i * 3 + 2];
    sum += l[i];
  }
  const mean = sum / n;
  let s2 = 0;
  for (let i = 0; i < n; i++) s2 += (l[i] - mean) ** 2;
  l.sort();
  return { spread: Math.sqrt(s2 / n), darkestDecile: l[Math.floor(n * 0.1)] };
}

describe('the exposure step', () => {
  it('recovers a −5-stop photo: a luminance spread of at least 20, the darkest decile still dark', async () => {
    const dark = await fiveStopsDark(await decode(readFileSync(PHOTO)));
    const before = lumaFigures(dark);
    expect(before.spread).toBeLessThan(12);
    const plan = planExposure((await analysePhoto(dark)).exposure);
    expect(plan).not.toBeNull();
    const after = lumaFigures(await toneMap(dark, plan!));
    expect(after.spread).toBeGreaterThanOrEqual(20);
    expect(after.darkestDecile).toBeLessThan(60);
  });

  it('leaves a normally exposed photo alone', async () => {
    const photo = await decode(readFileSync(PHOTO));
    expect(planExposure((await analysePhoto(photo)).exposure)).toBeNull();
  });

  it.each(localStyles.map((s) => s.id))(
    '%s: a normal photo renders the very same artwork with the step as without it',
    async (styleId) => {
      const input = await sharp(readFileSync(PHOTO)).resize(480).jpeg().toBuffer();
      const withStep = await renderLocal({ styleId, input, longSide: 320 });
      const without = await renderLocal({ styleId, input, longSide: 320, exposureStep: false });
      expect(Buffer.from(withStep.image).equals(Buffer.from(without.image))).toBe(true);
      expect(withStep.quality?.attempts).toBe(without.quality?.attempts);
    },
  );
});
