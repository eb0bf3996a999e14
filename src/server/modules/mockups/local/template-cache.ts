/**
 * Templates kept on disk between processes. Building the templates of a whole product grid
 * takes a worker a second and a half of drawing; reading them back takes a few
 * milliseconds, so a freshly started shop renders its first grid as fast as its hundredth.
 *
 * A template depends only on the code that draws it (the product's size and colour are in
 * its key), so the files sit in a folder named after a hash of that code: a new version of
 * the drawing code starts a new folder and removes the old ones. Anything unreadable is
 * drawn again; a file that cannot be written is only a slower next start.
 */
import { createHash } from 'node:crypto';
import { mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PrintLayer, ViewTemplate } from './template.js';

const MAGIC = 'WMT1';

type LayerHeader = Omit<PrintLayer, 'idx' | 's' | 't' | 'mul' | 'add' | 'alpha'>;

interface Header {
  width: number;
  height: number;
  layers: LayerHeader[];
}

const align4 = (n: number) => (n + 3) & ~3;

/** The arrays of a template in file order, each starting on a 4-byte boundary. */
function arraysOf(template: ViewTemplate): Uint8Array[] {
  const bytes = (array: Uint8Array | Uint16Array | Uint32Array) =>
    new Uint8Array(array.buffer, array.byteOffset, array.byteLength);
  return [
    template.base,
    ...template.layers.flatMap((layer) => [layer.idx, layer.s, layer.t, layer.mul, layer.add, layer.alpha].map(bytes)),
  ];
}

export function encodeTemplate(template: ViewTemplate): Buffer {
  const header: Header = {
    width: template.width,
    height: template.height,
    layers: template.layers.map(({ idx: _idx, s: _s, t: _t, mul: _mul, add: _add, alpha: _alpha, ...layer }) => layer),
  };
  const json = Buffer.from(JSON.stringify(header));
  const arrays = arraysOf(template);
  let size = align4(8 + json.length);
  for (const array of arrays) size += align4(array.byteLength);
  const out = Buffer.alloc(size);
  out.write(MAGIC, 0, 'latin1');
  out.writeUInt32LE(json.length, 4);
  json.copy(out, 8);
  let offset = align4(8 + json.length);
  for (const array of arrays) {
    out.set(array, offset);
    offset += align4(array.byteLength);
  }
  return out;
}

/** The template a file holds, its arrays viewing the file's bytes; undefined if it is not one. */
export function decodeTemplate(file: Buffer): ViewTemplate | undefined {
  if (file.length < 8 || file.toString('latin1', 0, 4) !== MAGIC) return undefined;
  // Typed arrays need their alignment: a Buffer from the shared pool may not have it.
  const bytes = file.byteOffset % 4 === 0 ? file : Buffer.from(file);
  const jsonLength = bytes.readUInt32LE(4);
  if (8 + jsonLength > bytes.length) return undefined;
  let header: Header;
  try {
    header = JSON.parse(bytes.toString('utf8', 8, 8 + jsonLength)) as Header;
  } catch {
    return undefined;
  }
  let offset = bytes.byteOffset + align4(8 + jsonLength);
  const end = bytes.byteOffset + bytes.length;
  const take = <T>(make: (buffer: ArrayBufferLike, at: number, length: number) => T, length: number, size: number) => {
    if (offset + length * size > end) throw new RangeError('truncated template');
    const array = make(bytes.buffer, offset, length);
    offset += align4(length * size);
    return array;
  };
  const u8 = (buffer: ArrayBufferLike, at: number, length: number) => new Uint8Array(buffer, at, length);
  const u16 = (buffer: ArrayBufferLike, at: number, length: number) => new Uint16Array(buffer, at, length);
  const u32 = (buffer: ArrayBufferLike, at: number, length: number) => new Uint32Array(buffer, at, length);
  try {
    const base = take(u8, header.width * header.height * 3, 1);
    const layers = header.layers.map((layer) => ({
      ...layer,
      idx: take(u32, layer.count, 4),
      s: take(u16, layer.count, 2),
      t: take(u16, layer.count, 2),
      mul: take(u8, layer.count, 1),
      add: take(u8, layer.count, 1),
      alpha: take(u8, layer.count, 1),
    }));
    if (offset !== end) return undefined;
    return { width: header.width, height: header.height, base, layers };
  } catch {
    return undefined;
  }
}

let codeVersion: Promise<string> | undefined;

/** A hash of the drawing code: every file of this folder and the folders within it. */
function drawingCodeVersion(): Promise<string> {
  codeVersion ??= (async () => {
    const hash = createHash('sha256');
    const walk = async (dir: string): Promise<void> => {
      const entries = (await readdir(dir, { withFileTypes: true })).sort((a, b) => a.name.localeCompare(b.name));
      for (const entry of entries) {
        const path = join(dir, entry.name);
        if (entry.isDirectory()) await walk(path);
        else if (/\.(js|ts)$/.test(entry.name) && !/\.test\.ts$/.test(entry.name)) {
          hash.update(entry.name).update(await readFile(path));
        }
      }
    };
    await walk(dirname(fileURLToPath(import.meta.url)));
    return hash.digest('hex').slice(0, 16);
  })();
  return codeVersion;
}

const swept = new Set<string>();

/** The folder for this version of the drawing code; older versions' folders are removed once. */
async function versionFolder(cacheDir: string): Promise<string> {
  const version = await drawingCodeVersion();
  if (!swept.has(cacheDir)) {
    swept.add(cacheDir);
    const others = await readdir(cacheDir).catch(() => [] as string[]);
    await Promise.all(
      others
        .filter((name) => name !== version)
        .map((name) => rm(join(cacheDir, name), { recursive: true, force: true })),
    );
  }
  return join(cacheDir, version);
}

function fileName(key: string): string {
  const readable = key.replace(/[^a-z0-9.-]+/gi, '_').slice(0, 60);
  return `${readable}-${createHash('sha256').update(key).digest('hex').slice(0, 8)}.bin`;
}

/** The template of `key` from `cacheDir`, or built by `build` and then saved there. */
export async function cachedTemplate(
  cacheDir: string,
  key: string,
  build: () => Promise<ViewTemplate>,
): Promise<ViewTemplate> {
  const folder = await versionFolder(cacheDir);
  const path = join(folder, fileName(key));
  const saved = await readFile(path).then(decodeTemplate, () => undefined);
  if (saved) return saved;
  const template = await build();
  try {
    await mkdir(folder, { recursive: true });
    // Written aside and renamed: another worker or process never reads half a file.
    const partial = `${path}.${process.pid}.${Math.random().toString(36).slice(2)}.partial`;
    await writeFile(partial, encodeTemplate(template));
    await rename(partial, path);
  } catch {
    // A read-only or full disk: the template is drawn again next time.
  }
  return template;
}
