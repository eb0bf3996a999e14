/**
 * Scheduled backups on the embedded default: every BACKUP_INTERVAL_HOURS (daily unless
 * set), counted from the newest scheduled archive so that restarts do not push them back,
 * then the newest N archives are kept (Settings › Backups).
 */
import type { FastifyBaseLogger } from 'fastify';
import { BackupInProgressError, createBackup, listBackups, pruneBackups, type BackupDeps } from './service.js';
import { readKeep } from './repository.js';
import type { Database } from '../../db/client.js';

export interface ScheduleDeps extends BackupDeps {
  db: Database;
  log: FastifyBaseLogger;
}

const failures = new Map<string, { at: Date; message: string }>();

/** The last backup that failed (scheduled or by hand), until one succeeds. */
export function lastFailure(dataDir: string): { at: Date; message: string } | undefined {
  return failures.get(dataDir);
}

/** Makes one backup, keeps the newest N, and records a failure for the admin to see. */
export async function backUpAndPrune(deps: ScheduleDeps, kind: 'manual' | 'scheduled'): Promise<string | undefined> {
  try {
    const { path } = await createBackup(deps, { kind });
    failures.delete(deps.config.dataDir);
    const removed = await pruneBackups(deps.config, await readKeep(deps.db));
    deps.log.info({ backup: path, removed }, `${kind} backup written`);
    return path;
  } catch (error) {
    if (error instanceof BackupInProgressError) return undefined;
    failures.set(deps.config.dataDir, { at: new Date(), message: (error as Error).message });
    deps.log.error({ err: error }, `${kind} backup failed`);
    return undefined;
  }
}

/** Starts the schedule; the returned function stops it, waiting for a backup under way. */
export async function startBackupSchedule(deps: ScheduleDeps, intervalMs: number): Promise<() => Promise<void>> {
  let timer: NodeJS.Timeout | undefined;
  let current: Promise<unknown> = Promise.resolve();
  let stopped = false;
  const plan = (delay: number) => {
    if (stopped) return;
    timer = setTimeout(() => {
      current = backUpAndPrune(deps, 'scheduled').finally(() => plan(intervalMs));
    }, delay);
    timer.unref();
  };
  const newest = (await listBackups(deps.config)).find((backup) => backup.kind === 'scheduled');
  plan(newest ? Math.max(0, newest.created_at.getTime() + intervalMs - Date.now()) : intervalMs);
  return async () => {
    stopped = true;
    clearTimeout(timer);
    await current;
  };
}
