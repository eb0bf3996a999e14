/**
 * One process at a time opens an embedded database: PGlite has no server to share it, and
 * two processes writing its files corrupt it. The lock is a pid file beside the database
 * folder, as PostgreSQL's `postmaster.pid`: it holds while the process that wrote it lives,
 * however long that process's event loop is busy (nothing needs renewing), and a file left
 * by a process that has died (kill -9, a power cut) is taken over at once.
 */
import {
  closeSync,
  fsyncSync,
  mkdirSync,
  openSync,
  readFileSync,
  rmdirSync,
  statSync,
  unlinkSync,
  writeSync,
} from 'node:fs';
import { hostname } from 'node:os';

export interface LockHolder {
  pid: number;
  /** The kernel's start time of the process (Linux), telling a reused pid from the holder. */
  processStart?: string;
  host: string;
  command: string;
  since: string;
}

export class DatabaseInUseError extends Error {
  constructor(directory: string, holder?: LockHolder) {
    const who = holder
      ? ` (pid ${holder.pid}${holder.host === hostname() ? '' : ` on ${holder.host}`}: ${holder.command}, since ${holder.since})`
      : '';
    super(
      `The database in ${directory} is open in another process${who}, a running shop or npm run admin. ` +
        'Stop that process first: two processes writing one embedded database would corrupt it.',
    );
  }
}

/** The process's start time in clock ticks since boot (field 22 of /proc/PID/stat), where there is /proc. */
function processStart(pid: number): string | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) is in parentheses and may hold spaces; fields follow its last ')'.
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19];
  } catch {
    return undefined;
  }
}

function isAlive(holder: LockHolder): boolean {
  // A holder on another machine (a shared disk) cannot be checked: it counts as alive.
  if (holder.host !== hostname()) return true;
  try {
    process.kill(holder.pid, 0);
  } catch (error) {
    // EPERM: alive, under another user.
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  const start = processStart(holder.pid);
  return !holder.processStart || !start || start === holder.processStart;
}

function readHolder(lockFile: string): LockHolder | undefined {
  try {
    const holder = JSON.parse(readFileSync(lockFile, 'utf8')) as LockHolder;
    return Number.isInteger(holder.pid) ? holder : undefined;
  } catch {
    return undefined;
  }
}

/** Creates the lock file, answering false when it exists. */
function create(lockFile: string, holder: LockHolder): boolean {
  let fd: number;
  try {
    fd = openSync(lockFile, 'wx', 0o600);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  }
  try {
    writeSync(fd, JSON.stringify(holder));
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  return true;
}

/** A lock file no process finished writing (killed between creating and writing it) is this old at most. */
const UNWRITTEN_LOCK_MS = 2_000;

/**
 * Takes the lock on `directory` for this process, or throws DatabaseInUseError naming the
 * process that holds it. Answers the release.
 */
export function lockDatabaseFolder(directory: string): () => Promise<void> {
  const lockFile = `${directory}.pid`;
  const guard = `${directory}.pid-takeover`;
  const own: LockHolder = {
    pid: process.pid,
    processStart: processStart(process.pid),
    host: hostname(),
    command: [process.argv0, ...process.argv.slice(1)].join(' ').slice(0, 200),
    since: new Date().toISOString(),
  };
  for (let attempt = 0; ; attempt += 1) {
    if (create(lockFile, own)) break;
    const holder = readHolder(lockFile);
    if (holder && isAlive(holder)) throw new DatabaseInUseError(directory, holder);
    if (!holder) {
      const written = statSync(lockFile, { throwIfNoEntry: false })?.mtimeMs;
      // Gone meanwhile: try again.
      if (written === undefined) continue;
      // Being written by a process that has just created it.
      if (Date.now() - written < UNWRITTEN_LOCK_MS) throw new DatabaseInUseError(directory);
    }
    if (attempt > 3) throw new DatabaseInUseError(directory, holder);
    // Two processes finding the same dead holder: only the one holding the guard removes its
    // file, so neither removes the lock the other has just taken.
    try {
      mkdirSync(guard);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      // A guard is held for a moment; one older than that was left by a process killed mid-takeover.
      const guardAge = Date.now() - (statSync(guard, { throwIfNoEntry: false })?.mtimeMs ?? 0);
      if (guardAge < UNWRITTEN_LOCK_MS) throw new DatabaseInUseError(directory, holder);
      rmdirSync(guard);
      continue;
    }
    try {
      const again = readHolder(lockFile);
      if (again?.pid === holder?.pid && again?.since === holder?.since) unlinkSync(lockFile);
    } finally {
      rmdirSync(guard);
    }
  }
  const releaseNow = () => {
    const holder = readHolder(lockFile);
    if (holder?.pid === own.pid && holder.since === own.since) unlinkSync(lockFile);
  };
  // An exit without closing (process.exit after an error) leaves no lock for the next start to check.
  const onExit = () => {
    try {
      releaseNow();
    } catch {
      // Nothing to do while exiting; the next start sees this process gone.
    }
  };
  process.once('exit', onExit);
  return async () => {
    process.off('exit', onExit);
    releaseNow();
  };
}
