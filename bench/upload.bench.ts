/**
 * The upload of a 40 MB photo, the largest the shop accepts, to the real server (started as
 * `npm start` runs it): how long it takes, and how much the server process's memory grows
 * while it streams the file to disk, hashes it, reads its metadata and renders the display
 * copy. The photo is made at run time: a camera-like JPEG with noise that defeats
 * compression, just under 40 MB, with EXIF and GPS.
 */
import { openAsBlob } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MAX_UPLOAD_BYTES } from '../src/domain/upload';
import { makePhoto, noisyPhoto, USHUAIA_EXIF } from '../src/testing/test-photos';
import { startShop } from '../e2e/support/server';

const RUNS = 3;
const MB = 1024 * 1024;

/** The largest noisy photo under the limit, leaving room for the EXIF block. */
async function photoJustUnder40MB(seed: number): Promise<Buffer> {
  let width = 4800;
  for (;;) {
    const height = Math.round((width * 3) / 4);
    const photo = await noisyPhoto({ width, height, exif: USHUAIA_EXIF, seed });
    if (photo.length < MAX_UPLOAD_BYTES) return photo;
    width -= 64;
  }
}

/** Resident memory of a process, now and at its peak since the last reset, in MB (Linux /proc). */
async function memory(pid: number): Promise<{ rss: number; peak: number }> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  const kb = (field: string) => Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(status)?.[1] ?? 0);
  return { rss: kb('VmRSS') / 1024, peak: kb('VmHWM') / 1024 };
}

/** Writing 5 to clear_refs resets the peak (VmHWM) to the current RSS. */
async function resetPeak(pid: number): Promise<void> {
  await writeFile(`/proc/${pid}/clear_refs`, '5').catch(() => undefined);
}

async function upload(url: string, file: Blob, name: string): Promise<{ status: number; ms: number }> {
  const form = new FormData();
  form.append('file', file, name);
  const started = performance.now();
  const response = await fetch(`${url}/api/images`, { method: 'POST', body: form });
  await response.arrayBuffer();
  return { status: response.status, ms: performance.now() - started };
}

const signed = (value: number) => `${value >= 0 ? '+' : ''}${value.toFixed(0)}`;

async function main(): Promise<void> {
  const folder = await mkdtemp(join(tmpdir(), 'wanderer-bench-upload-'));
  const shop = await startShop();
  const pid = shop.child.pid!;
  try {
    const paths: string[] = [];
    for (let run = 0; run < RUNS; run++) {
      const path = join(folder, `photo-${run}.jpg`);
      await writeFile(path, await photoJustUnder40MB(0x9e3779b9 + run));
      paths.push(path);
    }
    // Warm the server: the first upload loads sharp's codecs, exifr and the place table.
    const warm = await upload(
      shop.url,
      new Blob([new Uint8Array(await makePhoto({ exif: USHUAIA_EXIF }))]),
      'warm-up.jpg',
    );
    if (warm.status !== 201) throw new Error(`warm-up upload answered ${warm.status}`);

    // Let start-up work (the database's first migration, the seed) settle before measuring.
    await new Promise((resolve) => setTimeout(resolve, 3000));
    const first = await memory(pid);
    console.log(`server RSS after start and one small upload: ${first.rss.toFixed(0)} MB`);
    console.log('run  size      status  time     RSS before  RSS peak  RSS after  growth (peak - before)');
    for (const [run, path] of paths.entries()) {
      await resetPeak(pid);
      const before = await memory(pid);
      // A file-backed Blob: fetch streams it from disk, as a browser sends a chosen file.
      const file = await openAsBlob(path, { type: 'image/jpeg' });
      const { status, ms } = await upload(shop.url, file, `bench-${run}.jpg`);
      const after = await memory(pid);
      const cells = [
        String(run + 1).padEnd(4),
        `${(file.size / MB).toFixed(1)} MB`.padStart(8),
        String(status).padStart(7),
        `${(ms / 1000).toFixed(2)} s`.padStart(8),
        `${before.rss.toFixed(0)} MB`.padStart(11),
        `${after.peak.toFixed(0)} MB`.padStart(9),
        `${after.rss.toFixed(0)} MB`.padStart(10),
        `+${(after.peak - before.rss).toFixed(0)} MB`.padStart(10),
      ];
      console.log(cells.join(' '));
      if (status !== 201) throw new Error(`upload ${run + 1} answered ${status}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 2000));
    const settled = await memory(pid);
    console.log(
      `server RSS 2 s after the last upload: ${settled.rss.toFixed(0)} MB (${signed(settled.rss - first.rss)} MB since the first upload)`,
    );
  } finally {
    await shop.stop();
    await shop.cleanup();
    await rm(folder, { recursive: true, force: true });
  }
}

await main();
