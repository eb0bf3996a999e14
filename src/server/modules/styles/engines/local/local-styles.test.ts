import { readFileSync } from 'node:fs';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { workGate } from '../../../../infra/work-gate.js';
import {
  type LocalStyleId,
  closeStylePool,
  isLocalStyleId,
  localStyles,
  renderArtwork,
  renderThreads,
  startRenderThread,
  warmLocalEngines,
} from './index.js';

const PHOTO = new URL('../../../../../../assets/photos/lake-boats-sunset.jpg', import.meta.url);
const ids = localStyles.map((s) => s.id);

/** A 900×600 landscape photo, and the same photo stored sideways with EXIF orientation 6. */
let landscape: Buffer;
let sideways: Buffer;
/** Every style's artwork of `landscape` at a 480 px long side, rendered once for the file. */
const artworks = new Map<LocalStyleId, { image: Buffer; width: number; height: number; progress: number[] }>();

beforeAll(async () => {
  landscape = await sharp(readFileSync(PHOTO)).resize(900, 600, { fit: 'cover' }).jpeg({ quality: 90 }).toBuffer();
  // Pixels rotated a quarter turn anticlockwise, tagged "rotate 90° clockwise to display".
  sideways = await sharp(landscape).rotate(-90).withMetadata({ orientation: 6 }).jpeg().toBuffer();
  await Promise.all(
    ids.map(async (styleId) => {
      const progress: number[] = [];
      const art = await renderArtwork({ styleId, input: landscape, longSide: 480 }, (f) => progress.push(f));
      artworks.set(styleId, { ...art, progress });
    }),
  );
}, 60_000);

afterAll(async () => {
  await closeStylePool();
});

async function greyStats(image: Buffer, width: number, height: number) {
  const { data } = await sharp(image)
    .resize(width, height, { fit: 'fill' })
    .greyscale()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return data;
}

describe('the local style catalogue', () => {
  it('offers the six local styles, each with a name and a description', () => {
    expect(ids).toEqual(['ink-sketch', 'watercolour', 'oil-painting', 'pop-art', 'stained-glass', 'travel-poster']);
    for (const s of localStyles) {
      expect(s.name.length).toBeGreaterThan(3);
      expect(s.description.length).toBeGreaterThan(20);
    }
  });

  it('recognises local style ids and nothing else', () => {
    expect(isLocalStyleId('pop-art')).toBe(true);
    expect(isLocalStyleId('hosted-ai')).toBe(false);
    expect(isLocalStyleId('')).toBe(false);
  });
});

describe.each(ids)('%s', (styleId) => {
  it('returns a JPEG of the requested long side, keeping the aspect ratio', async () => {
    const art = artworks.get(styleId)!;
    const meta = await sharp(art.image).metadata();
    expect(meta.format).toBe('jpeg');
    expect([meta.width, meta.height]).toEqual([480, 320]);
    expect([art.width, art.height]).toEqual([480, 320]);
  });

  it('is a picture, not a blank or uniform image', async () => {
    const stats = await sharp(artworks.get(styleId)!.image).stats();
    const spread = Math.max(...stats.channels.map((c) => c.stdev));
    expect(spread).toBeGreaterThan(12);
  });

  it('differs from the photo it was made from', async () => {
    const art = await greyStats(artworks.get(styleId)!.image, 240, 160);
    const photo = await greyStats(landscape, 240, 160);
    let diff = 0;
    for (let i = 0; i < art.length; i++) diff += Math.abs(art[i] - photo[i]);
    expect(diff / art.length).toBeGreaterThan(6);
  });

  it('keeps the picture recognisable: its tones follow the photo', async () => {
    const art = await greyStats(artworks.get(styleId)!.image, 24, 16);
    const photo = await greyStats(landscape, 24, 16);
    expect(Math.abs(correlation(art, photo))).toBeGreaterThan(0.3);
  });

  it('reports progress as real stages complete, rising and ending at 1', () => {
    const { progress } = artworks.get(styleId)!;
    expect(progress.length).toBeGreaterThanOrEqual(4);
    for (let i = 1; i < progress.length; i++) expect(progress[i]).toBeGreaterThan(progress[i - 1]);
    expect(progress[0]).toBeGreaterThan(0);
    expect(progress.at(-1)).toBe(1);
  });
});

describe('the photo is turned upright by its EXIF orientation before styling', () => {
  it.each(['pop-art', 'stained-glass'] as const)(
    '%s of a sideways-stored portrait comes out landscape',
    async (styleId) => {
      const art = await renderArtwork({ styleId, input: sideways, longSide: 300 });
      expect([art.width, art.height]).toEqual([300, 200]);
      const upright = await greyStats(art.image, 24, 16);
      const photo = await greyStats(landscape, 24, 16);
      expect(correlation(upright, photo)).toBeGreaterThan(0.3);
    },
  );
});

describe('an artwork is never larger than the photo', () => {
  it('asking for a 6000 px print of a 900 px photo gives 900 px', async () => {
    const art = await renderArtwork({ styleId: 'travel-poster', input: landscape, longSide: 6000 });
    expect([art.width, art.height]).toEqual([900, 600]);
  });
});

describe('the warm-up', () => {
  it('renders every style on the one kept thread, started before its first render', async () => {
    await closeStylePool();
    // Begun while the thread still loads, as at a shop's start: the renders wait for it
    // rather than starting a second thread that would go again when idle.
    void startRenderThread();
    await warmLocalEngines();
    expect(renderThreads()).toBe(1);
  }, 60_000);

  it("keeps a visitor's render on the kept thread: it waits for the short render nobody watches", async () => {
    // The kept thread, warm from the warm-up above.
    expect(renderThreads()).toBe(1);
    const photo = readFileSync(PHOTO);
    // A style preview (work nobody watches) holds the kept thread when the visitor clicks: a
    // small one, well inside the visitor's second of waiting even on a loaded machine.
    const preview = workGate.deferredWork(() =>
      renderArtwork({ styleId: 'oil-painting', input: photo, longSide: 480 }),
    );
    await new Promise((resolve) => setTimeout(resolve, 50));
    const art = await workGate.interactiveWork(() =>
      renderArtwork({ styleId: 'ink-sketch', input: photo, longSide: 1024 }),
    );
    await preview;
    expect(art.width).toBe(1024);
    // Sent at once, the visitor's render went to a second thread, started cold.
    expect(renderThreads()).toBe(1);
  }, 60_000);
});

function correlation(a: Uint8Array, b: Uint8Array): number {
  let ma = 0;
  let mb = 0;
  for (let i = 0; i < a.length; i++) {
    ma += a[i];
    mb += b[i];
  }
  ma /= a.length;
  mb /= b.length;
  let sab = 0;
  let saa = 0;
  let sbb = 0;
  for (let i = 0; i < a.length; i++) {
    sab += (a[i] - ma) * (b[i] - mb);
    saa += (a[i] - ma) ** 2;
    sbb += (b[i] - mb) ** 2;
  }
  return sab / Math.sqrt(saa * sbb || 1);
}
