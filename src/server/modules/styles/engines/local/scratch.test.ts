import { afterEach, describe, expect, it } from 'vitest';
import { releaseScratch, sharedMemory, withScratch } from './scratch.js';

const MB = 1024 * 1024;

afterEach(() => releaseScratch());

/** Fills a buffer so a later, cleared reuse shows. */
function scribble(sab: SharedArrayBuffer): SharedArrayBuffer {
  new Uint8Array(sab).fill(7);
  return sab;
}

describe("a render's buffers are handed to the next render in the thread", () => {
  it('the next render of the same sizes gets the same memory, cleared', async () => {
    const first = await withScratch(async () => scribble(sharedMemory(MB)));
    const second = await withScratch(async () => sharedMemory(MB));
    expect(second).toBe(first);
    expect(new Uint8Array(second).every((v) => v === 0)).toBe(true);
  });

  it('a slightly smaller request is served from the same size class, cleared to its last byte', async () => {
    const first = await withScratch(async () => scribble(sharedMemory(MB)));
    const second = await withScratch(async () => sharedMemory(MB - 1001));
    expect(second).toBe(first);
    expect(new Uint8Array(second, 0, MB - 1001).every((v) => v === 0)).toBe(true);
  });

  it('a buffer its caller fills whole is handed on as it was left, not cleared', async () => {
    const first = await withScratch(async () => scribble(sharedMemory(MB)));
    const second = await withScratch(async () => sharedMemory(MB, { clear: false }));
    expect(second).toBe(first);
    expect(new Uint8Array(second).every((v) => v === 7)).toBe(true);
  });

  it('small buffers and buffers outside a render are never kept', async () => {
    const small = await withScratch(async () => sharedMemory(1024));
    const outside = sharedMemory(MB);
    await withScratch(async () => {
      expect(sharedMemory(1024)).not.toBe(small);
      expect(sharedMemory(MB)).not.toBe(outside);
    });
  });

  it('nothing is handed on from two renders that overlapped', async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const slow = withScratch(async () => {
      const sab = sharedMemory(MB);
      await gate;
      return sab;
    });
    const quick = await withScratch(async () => sharedMemory(MB));
    release();
    const held = await slow;
    const next = await withScratch(async () => sharedMemory(MB));
    expect(next).not.toBe(held);
    expect(next).not.toBe(quick);
  });

  it('nothing is handed on from a render that failed', async () => {
    let kept: SharedArrayBuffer | undefined;
    await expect(
      withScratch(async () => {
        kept = sharedMemory(MB);
        throw new Error('kernel failed');
      }),
    ).rejects.toThrow('kernel failed');
    expect(await withScratch(async () => sharedMemory(MB))).not.toBe(kept);
  });

  it("only the last render's buffers are kept: what a render did not reuse is let go", async () => {
    const big = await withScratch(async () => sharedMemory(4 * MB));
    await withScratch(async () => sharedMemory(MB));
    expect(await withScratch(async () => sharedMemory(4 * MB))).not.toBe(big);
  });

  it('released memory is not handed on', async () => {
    const first = await withScratch(async () => sharedMemory(MB));
    releaseScratch();
    expect(await withScratch(async () => sharedMemory(MB))).not.toBe(first);
  });

  it('a render that keeps nothing lets go of the kept buffers and hands none on', async () => {
    const preview = await withScratch(async () => sharedMemory(MB));
    const print = await withScratch(async () => sharedMemory(MB), { keep: false });
    expect(print).not.toBe(preview);
    const next = await withScratch(async () => sharedMemory(MB));
    expect(next).not.toBe(preview);
    expect(next).not.toBe(print);
  });

  it('a render that keeps nothing, running beside a preview, stops the preview handing on', async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const print = withScratch(
      async () => {
        await gate;
      },
      { keep: false },
    );
    const preview = await withScratch(async () => sharedMemory(MB));
    release();
    await print;
    expect(await withScratch(async () => sharedMemory(MB))).not.toBe(preview);
  });
});
