/**
 * The memory a render's pixel buffers live in, kept for the next render. Every large buffer
 * is a SharedArrayBuffer (parallel.ts), and a fresh one costs its page faults on first touch:
 * on the two-core server, 300–430 ms of CPU per 94 MB, about what a render allocates (42–95
 * MB for a style at 2048 px), against a few milliseconds to clear memory already mapped. So
 * the buffers a render took are handed to the next render in the same thread, by size; what
 * that render does not take is let go when it ends, and the rest once the thread has had no
 * work for a while (idle-gc.ts).
 *
 * Only `renderLocal` opens a scope (one render at a time per thread); outside one, and on the
 * helper thread, buffers are simply allocated. Nothing may keep a scope's buffer after the
 * scope ends: module caches allocate their own (see grainTile).
 */

/** Buffers smaller than this come from the allocator's heap cheaply and are not kept. */
const MIN_BYTES = 128 * 1024;
/** At most this much of a render's memory is kept for the next (a print file's is larger). */
const MAX_KEPT_BYTES = 160 * 1024 * 1024;

/** Free buffers by size class. */
const free = new Map<number, SharedArrayBuffer[]>();
let keptBytes = 0;
/** The buffers handed out in the open scope; undefined when none is open. */
let scope: SharedArrayBuffer[] | undefined;
/** Renders running in this thread: with two at once, no buffer is handed on. */
let open = 0;

/** Size classes eight to an octave: at most 1/8 of a buffer is unused. */
function sizeClass(bytes: number): number {
  const step = 2 ** Math.max(0, Math.floor(Math.log2(bytes)) - 3);
  return Math.ceil(bytes / step) * step;
}

/**
 * A zero-filled SharedArrayBuffer of at least `bytes` (view it with an explicit length: a
 * reused one may be larger). Taken from the last render's buffers when a scope is open.
 *
 * `clear: false` is for a buffer its caller fills whole before reading any of it (a copy, a
 * blur's output): a reused one then keeps the last render's bytes. Clearing is a pass over
 * the memory on the render's own thread, about 6 ms of the exposure step on a dark photo.
 */
export function sharedMemory(bytes: number, { clear = true }: { clear?: boolean } = {}): SharedArrayBuffer {
  if (!scope || bytes < MIN_BYTES) return new SharedArrayBuffer(bytes);
  const size = sizeClass(bytes);
  const reused = free.get(size)?.pop();
  let sab: SharedArrayBuffer;
  if (reused) {
    keptBytes -= size;
    // Cleared eight bytes at a time (a size class is a multiple of eight): V8 fills shared
    // memory element by element, and byte by byte took 34 ms of an Oil Painting render.
    if (clear) new BigUint64Array(reused, 0, Math.ceil(bytes / 8)).fill(0n);
    sab = reused;
  } else {
    sab = new SharedArrayBuffer(size);
  }
  scope.push(sab);
  return sab;
}

/**
 * Runs one render with its buffers drawn from, and afterwards handed back to, this thread's
 * scratch memory. `fn` must have finished with every buffer when its promise settles
 * (including work it started elsewhere, such as an encode).
 *
 * With `keep: false` (a render too large to be worth keeping) the kept buffers are let go
 * first and the render allocates its own; it still counts as running, so no render beside it
 * hands its buffers on.
 */
export async function withScratch<T>(fn: () => Promise<T>, { keep = true }: { keep?: boolean } = {}): Promise<T> {
  if (!keep) releaseScratch();
  open++;
  const mine: SharedArrayBuffer[] = [];
  scope = keep && open === 1 ? mine : undefined;
  let finished = false;
  try {
    const result = await fn();
    finished = true;
    return result;
  } finally {
    open--;
    // What this render did not reuse is let go: the next render of the same style and size
    // needs exactly this render's buffers, and memory stays bounded by one render's.
    releaseScratch();
    // Handed on only if no other render in this thread could still hold one of them, and
    // not after a failure (a helper thread may still be writing into them).
    if (finished && scope === mine) {
      for (const sab of mine) {
        if (keptBytes + sab.byteLength > MAX_KEPT_BYTES) break;
        const list = free.get(sab.byteLength);
        if (list) list.push(sab);
        else free.set(sab.byteLength, [sab]);
        keptBytes += sab.byteLength;
      }
    }
    scope = undefined;
  }
}

/** Lets go of the kept buffers (the next collection returns their memory). */
export function releaseScratch(): void {
  free.clear();
  keptBytes = 0;
}
