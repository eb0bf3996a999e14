/**
 * Gives the C allocator's free memory back to the system once the process has gone quiet.
 *
 * glibc's malloc returns freed memory to the system only from the top of its heaps. What the
 * image libraries and the threads' isolates freed below it (a render's, a mockup grid's, a
 * thread that ended) stays resident, and an idle shop held about 50 MB of it: 316 MB resident
 * 20 s after a start, 262 MB after one `malloc_trim(0)`, which releases every whole free page
 * in every arena. Where there is no glibc (macOS, musl) there is no `malloc_trim` and nothing
 * to do.
 */
import { createRequire } from 'node:module';

/**
 * How long after the last piece of thread work the trim waits: past the render threads' own
 * release of their scratch memory and garbage (idle-gc.ts, 3 s), so it gives back theirs too.
 */
const TRIM_AFTER_MS = 5_000;

type Trim = () => number;

/** `malloc_trim`, looked up on first use; `null` where the C library has none. */
let trim: Trim | null | undefined;
let timer: NodeJS.Timeout | undefined;

function mallocTrim(): Trim | null {
  if (trim !== undefined) return trim;
  try {
    // Loaded only when first needed: the start does without it.
    const koffi = createRequire(import.meta.url)('koffi') as typeof import('koffi');
    const libc = koffi.load(null);
    const native = libc.func('int malloc_trim(size_t pad)');
    trim = () => native(0) as number;
  } catch {
    trim = null;
  }
  return trim;
}

/**
 * Gives free memory back now. Returns whether the C library had any to give (false where
 * there is no `malloc_trim`).
 */
export function trimNow(): boolean {
  return (mallocTrim()?.() ?? 0) === 1;
}

/**
 * Thread work has just ended: trims once none has ended for `TRIM_AFTER_MS` (each call restarts
 * the wait, so a busy process does not trim between its renders).
 */
export function trimWhenQuiet(): void {
  clearTimeout(timer);
  timer = setTimeout(trimNow, TRIM_AFTER_MS);
  timer.unref();
}
