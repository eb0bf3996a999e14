import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import S3rver from 's3rver';
import { LocalStorage } from './local-storage';
import { S3Storage } from './s3-storage';
import { StorageError, timestampedName, type Storage } from './storage';

let folder: string;
let s3rver: S3rver;
let s3Port: number;

beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), 'wanderer-storage-'));
  s3rver = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory: join(folder, 's3') });
  const address = await s3rver.run();
  s3Port = address.port;
});

afterAll(async () => {
  await s3rver?.close();
  await rm(folder, { recursive: true, force: true });
});

const adapters: Array<[string, () => Storage]> = [
  ['local files', () => new LocalStorage(join(folder, 'local'), '')],
  [
    'S3-compatible (s3rver)',
    () =>
      new S3Storage({
        bucket: 'wanderer-test',
        endpoint: `http://127.0.0.1:${s3Port}`,
        region: 'us-east-1',
        accessKeyId: 'S3RVER',
        secretAccessKey: 'S3RVER',
        forcePathStyle: true,
      }),
  ],
];

describe.each(adapters)('storage port: %s', (_name, make) => {
  let storage: Storage;
  beforeAll(async () => {
    storage = make();
    await storage.ready();
    await storage.ready(); // making ready twice is harmless
  });

  it('stores, reads back and deletes an object', async () => {
    await storage.put('display/a.jpg', Buffer.from('hello'), { contentType: 'image/jpeg', cacheSeconds: 3600 });
    expect(await storage.exists('display/a.jpg')).toBe(true);
    expect((await storage.get('display/a.jpg')).toString()).toBe('hello');
    await storage.delete('display/a.jpg');
    expect(await storage.exists('display/a.jpg')).toBe(false);
  });

  it('refuses to overwrite when asked not to (the spec upload is "no overwrite")', async () => {
    await storage.put('original/once', Buffer.from('1'), { contentType: 'image/jpeg', overwrite: false });
    await expect(
      storage.put('original/once', Buffer.from('2'), { contentType: 'image/jpeg', overwrite: false }),
    ).rejects.toMatchObject({
      code: 'already_exists',
    });
    expect((await storage.get('original/once')).toString()).toBe('1');
  });

  it('stores from a file path', async () => {
    const { writeFile } = await import('node:fs/promises');
    const path = join(folder, 'source.bin');
    await writeFile(path, Buffer.alloc(70_000, 7));
    await storage.put('artworks/from-file.jpg', { path }, { contentType: 'image/jpeg' });
    expect((await storage.get('artworks/from-file.jpg')).length).toBe(70_000);
  });

  it('gives public keys a URL and private keys none', () => {
    expect(storage.publicUrl('style-previews/x.jpg')).toMatch(/style-previews\/x\.jpg$/);
    expect(() => storage.publicUrl('original/123-photo-jpg')).toThrow(StorageError);
    expect(() => storage.publicUrl('print-files/abc.jpg')).toThrow(StorageError);
  });

  it('rejects keys outside the known folders or climbing out of them', async () => {
    await expect(storage.put('../escape', Buffer.from('x'), { contentType: 'text/plain' })).rejects.toMatchObject({
      code: 'invalid_key',
    });
    await expect(storage.put('display/../../x', Buffer.from('x'), { contentType: 'text/plain' })).rejects.toMatchObject(
      { code: 'invalid_key' },
    );
    await expect(storage.get('random/file')).rejects.toMatchObject({ code: 'invalid_key' });
  });

  it('lists the objects under a folder with when each was written', async () => {
    const before = Date.now() - 60_000;
    await storage.put('artworks/listed/a.jpg', Buffer.from('a'), { contentType: 'image/jpeg' });
    await storage.put('artworks/listed/b.jpg', Buffer.from('b'), { contentType: 'image/jpeg' });
    await storage.put('display/listed-c.jpg', Buffer.from('c'), { contentType: 'image/jpeg' });
    const listed = await storage.list('artworks/listed/');
    expect(listed.map((object) => object.key)).toEqual(['artworks/listed/a.jpg', 'artworks/listed/b.jpg']);
    for (const object of listed) expect(object.lastModified.getTime()).toBeGreaterThan(before);
    expect(await storage.list('artworks/nothing-here/')).toEqual([]);
  });

  it('reports a missing object as not_found', async () => {
    await expect(storage.get('display/missing.jpg')).rejects.toMatchObject({ code: 'not_found' });
  });
});

describe('storage object names (storefront §3 Storage)', () => {
  it('is a timestamp plus the file name, non-alphanumerics as dashes, lower-cased', () => {
    expect(timestampedName('IMG 2041 (Lisbon).JPG', 1732250000000)).toBe('1732250000000-img-2041--lisbon--jpg');
  });
});

describe('local files are private on disk (issue 10)', () => {
  it('writes files 0600 and folders 0700, whether from bytes or from a temporary file', async () => {
    const { stat, writeFile } = await import('node:fs/promises');
    const storage = new LocalStorage(join(folder, 'private-modes'), '');
    await storage.ready();
    const source = join(folder, 'upload-source');
    await writeFile(source, 'photo with GPS', { mode: 0o644 });
    await storage.put('original/a.jpg', { path: source }, { contentType: 'image/jpeg' });
    await storage.put('display/b.jpg', Buffer.from('display copy'), { contentType: 'image/jpeg' });
    const mode = async (path: string) => (await stat(path)).mode & 0o777;
    expect(await mode(storage.pathOf('original/a.jpg'))).toBe(0o600);
    expect(await mode(storage.pathOf('display/b.jpg'))).toBe(0o600);
    expect(await mode(join(folder, 'private-modes'))).toBe(0o700);
    expect(await mode(join(folder, 'private-modes', 'original'))).toBe(0o700);
  });
});
