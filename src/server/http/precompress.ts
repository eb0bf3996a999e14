/**
 * Build time: the web app's files compressed once, brotli and gzip, for the server to send as
 * they are (see compression.ts). Imported by vite.config.ts, so it uses Node's own zlib only.
 */
import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

/** Answers shorter than this go as they are: the headers would cost more than the bytes saved. */
export const COMPRESS_THRESHOLD_BYTES = 1024;

/** The built files worth compressing: text, not source maps (which are never served). */
const PRECOMPRESSED = /\.(?:js|mjs|css|html|svg|json|txt|webmanifest)$/;

/**
 * Writes `file.br` and `file.gz` beside every compressible file of at least
 * `COMPRESS_THRESHOLD_BYTES` under `root` (the built web app), at each format's highest
 * level: done once per build, so the bytes saved cost the server nothing. A compressed copy
 * that is not smaller is not written. Returns the files compressed.
 */
export async function precompressWebAssets(root: string): Promise<string[]> {
  const brotli = promisify(brotliCompress);
  const gzipped = promisify(gzip);
  const done: string[] = [];
  const entries = await readdir(root, { recursive: true });
  for (const entry of entries) {
    if (!PRECOMPRESSED.test(entry)) continue;
    const path = join(root, entry);
    if (!(await stat(path)).isFile()) continue;
    const bytes = await readFile(path);
    if (bytes.length < COMPRESS_THRESHOLD_BYTES) continue;
    const [br, gz] = await Promise.all([
      brotli(bytes, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
          [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
        },
      }),
      gzipped(bytes, { level: constants.Z_BEST_COMPRESSION }),
    ]);
    if (br.length < bytes.length) await writeFile(`${path}.br`, br);
    if (gz.length < bytes.length) await writeFile(`${path}.gz`, gz);
    done.push(entry);
  }
  return done;
}
