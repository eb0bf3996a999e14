import { describe, expect, it } from 'vitest';
import { rowKernel, shared } from './parallel.js';

// Fewer than 64 rows: the kernels run on this thread, no helper is started.
const ROWS = 8;

describe('a row kernel name is registered once', () => {
  it('throws when a second kernel takes a name already registered', () => {
    rowKernel('test/once', () => {});
    expect(() => rowKernel('test/once', () => {})).toThrow('Row kernel test/once is registered twice');
  });
});

describe('every array a row kernel is given lives in shared memory', () => {
  const fill = rowKernel<{ out: Float32Array }>('test/fill', ({ out }, y0, y1) => {
    for (let y = y0; y < y1; y++) out[y] = y;
  });
  const copy = rowKernel<{ srcs: Float32Array[]; dsts: Float32Array[] }>('test/copy', ({ srcs, dsts }, y0, y1) => {
    for (let p = 0; p < srcs.length; p++) dsts[p].set(srcs[p].subarray(y0, y1), y0);
  });

  it('runs a kernel whose arrays are all shared', async () => {
    const out = shared.f32(ROWS);
    await fill({ out }, ROWS);
    expect([...out]).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
  });

  it('refuses an array outside shared memory, naming it, before any row runs', async () => {
    const out = new Float32Array(ROWS).fill(-1);
    await expect(fill({ out }, ROWS)).rejects.toThrow('Row kernel test/fill: out must be in shared memory');
    expect([...out]).toEqual(new Array(ROWS).fill(-1));
  });

  it('looks inside arrays of arrays too', async () => {
    const srcs = [shared.f32(ROWS), new Float32Array(ROWS)];
    const dsts = [shared.f32(ROWS), shared.f32(ROWS)];
    await expect(copy({ srcs, dsts }, ROWS)).rejects.toThrow('Row kernel test/copy: srcs[1] must be in shared memory');
  });
});
