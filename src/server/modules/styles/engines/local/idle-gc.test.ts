import { afterEach, describe, expect, it, vi } from 'vitest';
import { cancelIdleCollection, collectWhenIdle } from './idle-gc.js';
import { releaseScratch, sharedMemory, withScratch } from './scratch.js';

const MB = 1024 * 1024;

afterEach(() => {
  vi.useRealTimers();
  releaseScratch();
});

describe("a render thread's idle collection", () => {
  it("lets the last render's memory go once the thread has had no work for a while", async () => {
    vi.useFakeTimers();
    const last = await withScratch(async () => sharedMemory(MB));
    collectWhenIdle();
    vi.advanceTimersByTime(3_000);
    expect(await withScratch(async () => sharedMemory(MB))).not.toBe(last);
  });

  it('is called off by work that comes first, which keeps that memory', async () => {
    vi.useFakeTimers();
    const last = await withScratch(async () => sharedMemory(MB));
    collectWhenIdle();
    vi.advanceTimersByTime(150);
    cancelIdleCollection();
    vi.advanceTimersByTime(3_000);
    expect(await withScratch(async () => sharedMemory(MB))).toBe(last);
  });
});
