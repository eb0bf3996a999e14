/**
 * One process at a time opens an embedded database: a second (another `npm start`, or
 * `npm run admin` beside a running shop) is refused with words naming the running one, not
 * let in to corrupt it, however busy the first is; a lock left by a dead process is taken
 * at once.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DatabaseInUseError, openDatabase } from './client.js';

const folders: string[] = [];
const children: ChildProcess[] = [];
afterAll(async () => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
  await Promise.all(folders.map((folder) => rm(folder, { recursive: true, force: true })));
});

async function dataDir(): Promise<string> {
  const folder = await mkdtemp(join(tmpdir(), 'wanderer-lock-'));
  folders.push(folder);
  return folder;
}

/** Runs a TypeScript entry as its own process; answers its exit code, output and run time. */
function run(entry: string, args: string[], env: Record<string, string>) {
  const started = Date.now();
  const child = spawn(process.execPath, ['--import', 'tsx', entry, ...args], {
    env: { ...(process.env as Record<string, string>), LOG_LEVEL: 'silent', PORT: '0', ...env },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  children.push(child);
  child.stdin.end('admin-password-1\n');
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  // Let in, it would run on: it is stopped after this long and counted as not refused.
  const stop = setTimeout(() => child.kill('SIGKILL'), 20_000);
  return new Promise<{ code: number | null; output: string; ms: number }>((resolve) =>
    child.on('exit', (code) => {
      clearTimeout(stop);
      resolve({ code, output, ms: Date.now() - started });
    }),
  );
}

/** A process whose pid is free again: one that has exited. */
async function deadPid(): Promise<number> {
  const child = spawn(process.execPath, ['-e', '']);
  await new Promise((resolve) => child.on('exit', resolve));
  return child.pid!;
}

// The embedded database alone: the PostgreSQL run has nothing more to show here.
describe.skipIf(process.env.TEST_DB === 'postgres')('the embedded database is opened by one process at a time', () => {
  it('refuses a second opening while the first is open, and allows it once that one closes', async () => {
    const folder = await dataDir();
    const first = await openDatabase({ dataDir: folder });
    const refused = await openDatabase({ dataDir: folder }).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(DatabaseInUseError);
    expect((refused as Error).message).toContain(`The database in ${join(folder, 'db')} is open in another process`);
    expect((refused as Error).message).toContain(`pid ${process.pid}`);
    await first.close();
    const second = await openDatabase({ dataDir: folder });
    expect((await second.executor.executeSql('select 1 as one')).rows).toEqual([{ one: 1 }]);
    await second.close();
  });

  it('takes the lock a dead process left behind at once, however fresh it is', async () => {
    const folder = await dataDir();
    const first = await openDatabase({ dataDir: folder });
    await first.close();
    // What a process killed outright leaves: its pid file, written a moment ago.
    const pid = await deadPid();
    const since = new Date().toISOString();
    await writeFile(join(folder, 'db.pid'), JSON.stringify({ pid, host: hostname(), command: 'node main.js', since }));
    const reopened = await openDatabase({ dataDir: folder });
    expect((await reopened.executor.executeSql('select 1 as one')).rows).toEqual([{ one: 1 }]);
    await reopened.close();
  });

  it('a saturated shop keeps its database: a second start and the admin command are refused, no write is lost, and after kill -9 a new start takes it', async () => {
    const folder = await dataDir();
    const env = { DATA_DIR: folder };
    const holder = spawn(process.execPath, ['--import', 'tsx', 'src/server/testing/fixtures/busy-database-holder.ts'], {
      env: { ...(process.env as Record<string, string>), ...env },
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    children.push(holder);
    type Said = { ready?: number; url?: string; written?: number; stored?: number };
    const next = () => new Promise<Said>((resolve) => holder.once('message', (message) => resolve(message as never)));
    const ready = await next();
    expect(ready.ready).toBe(holder.pid);

    // The holder's event loop is held for 15 s, far past any time a lock could go stale in.
    const blockedFor = 15_000;
    const answered = next();
    const blockedAt = Date.now();
    holder.send({ block: blockedFor });
    const [secondStart, admin] = await Promise.all([
      run('src/server/main.ts', [], env),
      run('src/server/admin-cli.ts', ['create', 'late-admin@example.com'], env),
    ]);
    const refusedWithin = Date.now() - blockedAt;
    console.log(
      `refused while the holder was blocked: second start after ${secondStart.ms} ms, admin after ${admin.ms} ms (process start included)`,
    );
    for (const refused of [secondStart, admin]) {
      expect(refused.code, refused.output).toBe(1);
      expect(refused.output).toContain(
        `The database in ${join(folder, 'db')} is open in another process (pid ${holder.pid}`,
      );
    }
    // Both were refused by the lock itself, while the holder could not have renewed anything.
    expect(refusedWithin).toBeLessThan(blockedFor);

    // The holder lived through it, both its writes are there, and the shop still serves.
    expect(await answered).toEqual({ written: 2, stored: 2 });
    expect((await fetch(`${ready.url}/healthz`)).status).toBe(200);
    expect((await fetch(`${ready.url}/api/products`)).status).toBe(200);

    holder.kill('SIGKILL');
    await new Promise((resolve) => holder.once('exit', resolve));
    const reopenedAt = Date.now();
    const reopened = await openDatabase({ dataDir: folder });
    console.log(`after kill -9, the database was opened again in ${Date.now() - reopenedAt} ms`);
    try {
      const { rows } = await reopened.executor.executeSql('select count(*)::int as count from lock_probe');
      expect(rows).toEqual([{ count: 2 }]);
      // The admin command was refused before it wrote anything.
      const { rows: admins } = await reopened.executor.executeSql(
        "select count(*)::int as count from users where email = 'late-admin@example.com'",
      );
      expect(admins).toEqual([{ count: 0 }]);
    } finally {
      await reopened.close();
    }
  }, 90_000);
});
