import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import type { Rgb8 } from './raster.js';
import { analysePhoto } from './kernels/analysis.js';
import { downscaleTo } from './kernels/resample.js';
import { ACCEPT, exposureNormalise, failures, measureArtwork } from './kernels/quality.js';
import { closeStylePool, localStyles, renderArtwork, type LocalStyleId } from './index.js';

afterAll(async () => {
  await closeStylePool();
});

/** Deterministic pseudo-random numbers for the synthetic scenes. */
function random(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 4294967296;
  };
}

function image(width: number, height: number, paint: (x: number, y: number) => [number, number, number]): Rgb8 {
  const data = new Uint8Array(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const [r, g, b] = paint(x, y);
      const i = (y * width + x) * 3;
      data[i] = r;
      data[i + 1] = g;
      data[i + 2] = b;
    }
  }
  return { width, height, data };
}

/**
 * A night interior: 95 % of the frame within a few levels of black, yet with structure (a dim
 * wall with panels, a table, a chair), and one lit window.
 */
function darkScene(): Rgb8 {
  const r = random(7);
  return image(360, 240, (x, y) => {
    if (x > 290 && x < 330 && y > 40 && y < 90) return [230, 200, 140];
    let v = 6;
    if ((x % 60 < 4 || y % 50 < 3) && y < 150) v = 14;
    if (y > 150 && x > 60 && x < 220) v = 22;
    if (y > 170 && y < 175 && x > 40 && x < 240) v = 30;
    if ((x - 110) ** 2 + (y - 110) ** 2 < 500) v = 18;
    const n = Math.round((r() - 0.5) * 3);
    return [v + n, v + n, Math.round(v * 1.2) + n];
  });
}

/** Busy foliage: mottled greens of every lightness, with a small red disc off-centre. */
const DISC = { x: 250, y: 80, r: 14 };
function smallSubjectOnGreen(withSubject = true): Rgb8 {
  const r = random(11);
  const blotch = new Float32Array(40 * 30).map(() => r());
  return image(320, 240, (x, y) => {
    if (withSubject && (x - DISC.x) ** 2 + (y - DISC.y) ** 2 <= DISC.r ** 2) return [215, 25, 30];
    const b = blotch[Math.floor(y / 8) * 40 + Math.floor(x / 8)];
    const leaf = 0.5 + 0.5 * Math.sin(x * 0.7 + Math.sin(y * 0.3) * 3);
    const v = 0.25 + 0.55 * b * (0.6 + 0.4 * leaf);
    return [Math.round(60 * v), Math.round(210 * v), Math.round(50 * v)];
  });
}

function small(img: Rgb8, width: number, height: number) {
  return downscaleTo(img, width, height);
}

async function jpeg(img: Rgb8): Promise<Buffer> {
  return sharp(Buffer.from(img.data), { raw: { width: img.width, height: img.height, channels: 3 } })
    .jpeg({ quality: 95 })
    .toBuffer();
}

async function decode(buf: Buffer): Promise<Rgb8> {
  const { data, info } = await sharp(buf).raw().toBuffer({ resolveWithObject: true });
  return { width: info.width, height: info.height, data: new Uint8Array(data.buffer, data.byteOffset, data.length) };
}

/** A style's artwork of `photo`, with the photo's analysis, the artwork at its grid and the photo's reference there, where the check measures. */
async function renderForCheck(styleId: LocalStyleId, photo: Rgb8, longSide: number) {
  const art = await renderArtwork({ styleId, input: await jpeg(photo), longSide });
  const analysis = await analysePhoto(photo);
  const { width, height } = analysis.saliency;
  return {
    art,
    analysis,
    drawn: await small(await decode(art.image), width, height),
    reference: await exposureNormalise(await small(photo, width, height)),
  };
}

describe('the photo analysis', () => {
  it('reads a 95 %-black scene as dark and low-key, with its detail measured', async () => {
    const a = await analysePhoto(darkScene());
    expect(a.exposure.p50).toBeLessThan(0.05);
    expect(a.exposure.p95).toBeLessThan(0.15);
    expect(a.exposure.p99).toBeGreaterThan(0.5);
    expect(a.exposure.mean).toBeLessThan(0.1);
    expect(a.noise).toBeLessThan(0.01);
  });

  it('finds a small saturated subject on busy green, and only there', async () => {
    const a = await analysePhoto(smallSubjectOnGreen());
    const { width: w, height: h, data } = a.saliency;
    const sx = w / 320;
    let peak = 0;
    let at = 0;
    for (let i = 0; i < data.length; i++) if (data[i] > peak) [peak, at] = [data[i], i];
    const px = (at % w) / sx;
    const py = Math.floor(at / w) / sx;
    expect(Math.hypot(px - DISC.x, py - DISC.y)).toBeLessThan(DISC.r * 1.5);
    // The subject mask covers the disc and is small.
    let inDisc = 0;
    let discPixels = 0;
    for (let y = 0; y < h; y++) {
      for (let x = 0; x < w; x++) {
        if ((x / sx - DISC.x) ** 2 + (y / sx - DISC.y) ** 2 > (DISC.r * 0.7) ** 2) continue;
        discPixels++;
        inDisc += a.subject[y * w + x];
      }
    }
    expect(inDisc / discPixels).toBeGreaterThan(0.8);
    expect(a.subjectArea).toBeLessThan(0.12);
    // Its colour is the disc's red, the rest is green.
    expect(a.subjectColour[1]).toBeGreaterThan(0.05);
    expect(a.backgroundColour[1]).toBeLessThan(-0.05);
    expect(a.colourfulness).toBeGreaterThan(0.1);
  });

  it('measures noise, and does not mistake detail for it', async () => {
    const r = random(3);
    const gauss = () => Math.sqrt(-2 * Math.log(r() + 1e-12)) * Math.cos(2 * Math.PI * r());
    const noisy = image(300, 200, () => {
      const v = Math.round(128 + gauss() * 0.03 * 255);
      return [v, v, v];
    });
    const detailed = image(300, 200, (x, y) => {
      const v = (Math.floor(x / 12) + Math.floor(y / 12)) % 2 ? 200 : 40;
      return [v, v, v];
    });
    expect((await analysePhoto(noisy)).noise).toBeGreaterThan(0.02);
    expect((await analysePhoto(noisy)).noise).toBeLessThan(0.04);
    expect((await analysePhoto(detailed)).noise).toBeLessThan(0.005);
    expect((await analysePhoto(detailed)).colourfulness).toBeLessThan(0.01);
  });
});

describe('the quality check', () => {
  it('fails a uniformly black artwork of a 95 %-black scene, passes one that keeps its detail', async () => {
    const photo = darkScene();
    const a = await analysePhoto(photo);
    const { width: w, height: h } = a.saliency;
    const reference = await exposureNormalise(await small(photo, w, h));
    const black = image(photo.width, photo.height, () => [12, 12, 14]);
    const flat = measureArtwork(await small(black, w, h), reference, a.subject, false);
    expect(failures(flat)).toContain('flat');
    expect(flat.spreadRatio).toBeLessThan(0.1);
    // A dark-toned rendering that keeps the structure: the photo's levels lifted.
    const kept = image(photo.width, photo.height, (x, y) => {
      const i = (y * photo.width + x) * 3;
      return [0, 1, 2].map((c) => Math.min(255, photo.data[i + c] * 4 + 10)) as [number, number, number];
    });
    expect(failures(measureArtwork(await small(kept, w, h), reference, a.subject, false))).toEqual([]);
  });

  it('notices when the small subject on busy green is erased', async () => {
    const photo = smallSubjectOnGreen();
    const a = await analysePhoto(photo);
    const { width: w, height: h } = a.saliency;
    const reference = await exposureNormalise(await small(photo, w, h));
    const erased = measureArtwork(await small(smallSubjectOnGreen(false), w, h), reference, a.subject, false);
    expect(failures(erased)).toEqual(['subject-lost']);
    const kept = measureArtwork(await small(photo, w, h), reference, a.subject, false);
    expect(failures(kept)).toEqual([]);
    expect(kept.subjectRatio).toBeGreaterThan(0.8);
  });

  it('passes an artwork by a hair, but asks the pipeline to re-render it', () => {
    const f = {
      spreadRatio: 0.9,
      dominantShare: 0.3,
      photoDominantShare: 0.2,
      subjectRatio: 0.52,
      subjectDelta: 0.052,
      photoSubjectDelta: 0.1,
    };
    expect(failures(f)).toEqual([]);
    expect(failures(f, ACCEPT)).toEqual(['subject-lost']);
    expect(failures({ ...f, subjectRatio: 0.7 }, ACCEPT)).toEqual([]);
  });

  it('does not count a one-colour artwork as a failure when the photo is one colour itself', async () => {
    const photo = image(200, 150, (x) => [235 + (x % 3), 235, 232]);
    const a = await analysePhoto(photo);
    const { width: w, height: h } = a.saliency;
    const reference = await exposureNormalise(await small(photo, w, h));
    const f = measureArtwork(await small(photo, w, h), reference, a.subject, false);
    expect(f.photoDominantShare).toBeGreaterThan(0.6);
    expect(failures(f)).not.toContain('one-colour');
  });
});

describe('every style passes the check on the hard synthetic scenes', () => {
  it.each(localStyles.map((s) => s.id))(
    '%s: the near-black scene (95 percent black) becomes a dark artwork with visible structure',
    async (styleId) => {
      const { art, analysis, drawn, reference } = await renderForCheck(styleId, darkScene(), 360);
      expect(art.quality?.failures).toEqual([]);
      // Measured here too, independently of what the pipeline reported.
      const f = measureArtwork(drawn, reference, analysis.subject, styleId === 'ink-sketch');
      expect(f.spreadRatio).toBeGreaterThanOrEqual(0.5);
      expect(failures(f)).toEqual([]);
    },
  );

  it.each(localStyles.map((s) => s.id))('%s: the small red subject on busy green survives', async (styleId) => {
    const { analysis, drawn, reference } = await renderForCheck(styleId, smallSubjectOnGreen(), 320);
    const f = measureArtwork(drawn, reference, analysis.subject, styleId === 'ink-sketch');
    expect(failures(f)).not.toContain('subject-lost');
  });
});

/** A lit orange tower on a blue night sky: the subject is lighter than its surroundings, and of another hue. */
function litSubjectAtNight(): Rgb8 {
  const r = random(23);
  return image(320, 240, (x, y) => {
    if (x > 150 && x < 170 && y > 60 && y < 220) return [240, 170, 60];
    const n = Math.round((r() - 0.5) * 6);
    return [30 + n, 60 + n, 150 + n];
  });
}

describe('the ink sketch shades a subject the way the photo has it', () => {
  it('keeps a lit subject on a night sky lighter than its surroundings', async () => {
    const { art, analysis, drawn } = await renderForCheck('ink-sketch', litSubjectAtNight(), 320);
    expect(art.quality?.failures).toEqual([]);
    const mean = (inside: boolean) => {
      let sum = 0;
      let n = 0;
      for (let i = 0; i < drawn.width * drawn.height; i++) {
        if (Boolean(analysis.subject[i]) !== inside) continue;
        sum += drawn.data[i * 3] + drawn.data[i * 3 + 1] + drawn.data[i * 3 + 2];
        n++;
      }
      return sum / n / 3;
    };
    expect(mean(true)).toBeGreaterThan(mean(false) + 0.15);
  });
});

/**
 * A room by one lamp at night, as a phone saves it: the lamp shade near white, its light
 * falling off across a warm wall, a sofa and a table in the dark.
 */
function lampRoom(): Rgb8 {
  const r = random(31);
  const toSrgb = (v: number) => {
    const c = Math.min(1, Math.max(0, v));
    return Math.round((c <= 0.0031308 ? c * 12.92 : 1.055 * c ** (1 / 2.4) - 0.055) * 255);
  };
  return image(360, 270, (x, y) => {
    const u = x / 360;
    const v = y / 270;
    const d = Math.hypot(u - 0.2, v - 0.35);
    if (d < 0.05) return [toSrgb(1), toSrgb(0.85), toSrgb(0.55)];
    const light = 0.5 / (1 + (d / 0.12) ** 2);
    let albedo = [0.5, 0.42, 0.32];
    if (v > 0.8) albedo = [0.3, 0.18, 0.1];
    if (v > 0.55 && v < 0.8 && u > 0.45 && u < 0.92) albedo = [0.12, 0.22, 0.35];
    if (v > 0.62 && v < 0.66 && u > 0.1 && u < 0.38) albedo = [0.4, 0.25, 0.12];
    const n = (r() - 0.5) * 0.004;
    return [toSrgb(albedo[0] * light + n), toSrgb(albedo[1] * light * 0.8 + n), toSrgb(albedo[2] * light * 0.55 + n)];
  });
}

describe('the ink sketch keeps a lit subject apart from the light around it', () => {
  it('draws a lamp in a dark room as the one white on the page, its glow hatched', async () => {
    const { art, analysis, drawn, reference } = await renderForCheck('ink-sketch', lampRoom(), 360);
    expect(art.quality?.failures).toEqual([]);
    const f = measureArtwork(drawn, reference, analysis.subject, true);
    expect(f.subjectRatio).toBeGreaterThanOrEqual(0.5);
  });
});
