/**
 * One process at a time opens an embedded database: a second (another `npm start`, or
 * `npm run admin` beside a running shop) is refused with words, not let in to corrupt it.
 */
import { mkdir, mkdtemp, rm, utimes } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DatabaseInUseError, openDatabase } from './client.js';

const folders: string[] = [];
afterAll(async () => Promise.all(folders.map((folder) => rm(folder, { recursive: true, force: true }))));

async function dataDir(): Promise<string> {
  const folder = await mkdtemp(join(tmpdir(), 'wanderer-lock-'));
  folders.push(folder);
  return folder;
}

// The embedded database alone: the PostgreSQL run has nothing more to show here.
describe.skipIf(process.env.TEST_DB === 'postgres')('the embedded database is opened by one process at a time', () => {
  it('refuses a second opening while the first is open, and allows it once that one closes', async () => {
    const folder = await dataDir();
    const first = await openDatabase({ dataDir: folder });
    const refused = await openDatabase({ dataDir: folder }).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(DatabaseInUseError);
    expect((refused as Error).message).toContain(`The database in ${join(folder, 'db')} is open in another process`);
    await first.close();
    const second = await openDatabase({ dataDir: folder });
    expect((await second.executor.executeSql('select 1 as one')).rows).toEqual([{ one: 1 }]);
    await second.close();
  });

  it('takes over the lock a process killed outright left behind, once it has gone stale', async () => {
    const folder = await dataDir();
    const first = await openDatabase({ dataDir: folder });
    await first.close();
    // What a killed process leaves: the lock folder, no longer renewed.
    await mkdir(join(folder, 'db.lock'));
    const longAgo = new Date(Date.now() - 60_000);
    await utimes(join(folder, 'db.lock'), longAgo, longAgo);
    const reopened = await openDatabase({ dataDir: folder });
    expect((await reopened.executor.executeSql('select 1 as one')).rows).toEqual([{ one: 1 }]);
    await reopened.close();
  });
});
