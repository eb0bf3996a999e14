/**
 * A pool worker for infra/worker-pools.test.ts: after its task it schedules a mark in shared
 * memory, as a render thread schedules its idle collection (unref'd, nothing else pending).
 */
export default function markOnceIdle({ flag }: { flag: Int32Array }): void {
  setTimeout(() => Atomics.store(flag, 0, 1), 50).unref();
}
