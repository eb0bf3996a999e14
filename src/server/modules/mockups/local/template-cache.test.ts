import { mkdtemp, readdir, rm, writeFile, mkdir, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultStoreProducts } from '../../../../domain/builtin-catalog.js';
import { closeLocalMockups, renderLocalMockups } from './index.js';
import { viewsOf } from './render.js';
import { cachedTemplate, decodeTemplate, encodeTemplate } from './template-cache.js';
import type { ViewTemplate } from './template.js';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'wanderer-templates-'));
});
afterAll(async () => {
  await closeLocalMockups();
  await rm(dir, { recursive: true, force: true });
});

const mug = viewsOf(defaultStoreProducts[0].variantId, 0.75)![0]!;

function expectSameTemplate(actual: ViewTemplate, expected: ViewTemplate) {
  expect([actual.width, actual.height]).toEqual([expected.width, expected.height]);
  expect(Buffer.from(actual.base).equals(Buffer.from(expected.base))).toBe(true);
  expect(actual.layers).toHaveLength(expected.layers.length);
  actual.layers.forEach((layer, index) => {
    const original = expected.layers[index]!;
    expect({ ...layer, idx: 0, s: 0, t: 0, mul: 0, add: 0, alpha: 0 }).toEqual({
      ...original,
      idx: 0,
      s: 0,
      t: 0,
      mul: 0,
      add: 0,
      alpha: 0,
    });
    for (const name of ['idx', 's', 't', 'mul', 'add', 'alpha'] as const) {
      expect(Array.from(layer[name]).every((value, at) => value === original[name][at])).toBe(true);
    }
  });
}

describe('the template cache', () => {
  it('a template survives the round trip to bytes unchanged', async () => {
    const template = await mug.build();
    const decoded = decodeTemplate(encodeTemplate(template))!;
    expectSameTemplate(decoded, template);
    // From a Buffer that does not start on a 4-byte boundary too.
    const bytes = encodeTemplate(template);
    const shifted = Buffer.alloc(bytes.length + 1).subarray(1);
    bytes.copy(shifted);
    expectSameTemplate(decodeTemplate(shifted)!, template);
  });

  it('refuses what is not a whole template', async () => {
    const bytes = encodeTemplate(await mug.build());
    expect(decodeTemplate(Buffer.from('not a template'))).toBeUndefined();
    expect(decodeTemplate(bytes.subarray(0, bytes.length - 8))).toBeUndefined();
  });

  it('draws a template once, then reads it back; a damaged file is drawn again', async () => {
    let builds = 0;
    const build = () => {
      builds += 1;
      return mug.build();
    };
    const first = await cachedTemplate(dir, mug.key, build);
    const second = await cachedTemplate(dir, mug.key, build);
    expect(builds).toBe(1);
    expectSameTemplate(second, first);

    const [version] = await readdir(dir);
    const [file] = await readdir(join(dir, version!));
    await writeFile(join(dir, version!, file!), 'damaged');
    expectSameTemplate(await cachedTemplate(dir, mug.key, build), first);
    expect(builds).toBe(2);
    expect((await readFile(join(dir, version!, file!))).length).toBeGreaterThan(1000);
  });

  it("keeps only the drawing code's current version", async () => {
    const fresh = await mkdtemp(join(tmpdir(), 'wanderer-templates-'));
    await mkdir(join(fresh, '0123456789abcdef'));
    await cachedTemplate(fresh, mug.key, mug.build);
    const folders = await readdir(fresh);
    expect(folders).toHaveLength(1);
    expect(folders[0]).not.toBe('0123456789abcdef');
    await rm(fresh, { recursive: true, force: true });
  });

  it('mockups drawn from saved templates are the same pictures', async () => {
    const artwork = await sharp({ create: { width: 1200, height: 900, channels: 3, background: '#c0392b' } })
      .jpeg()
      .toBuffer();
    const cache = await mkdtemp(join(tmpdir(), 'wanderer-templates-'));
    const variantId = defaultStoreProducts[0].variantId;
    const drawn = await renderLocalMockups(artwork, variantId);
    await closeLocalMockups();
    await renderLocalMockups(artwork, variantId, { templateCache: cache });
    // A new worker: every template comes from the files.
    await closeLocalMockups();
    const read = await renderLocalMockups(artwork, variantId, { templateCache: cache });
    expect(read.map((view) => view.placement)).toEqual(drawn.map((view) => view.placement));
    read.forEach((view, index) => expect(view.image.equals(drawn[index]!.image)).toBe(true));
    await rm(cache, { recursive: true, force: true });
  });
});
