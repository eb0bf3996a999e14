/**
 * On PostgreSQL the web processes queue the jobs a worker process runs (issue 31): a job queued
 * by another process must start at once, not at the worker's next poll. Here the worker polls
 * once a minute, so a job that starts within the wait below was woken by the announcement.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../db/client.js';
import { createLogger } from '../logger.js';
import { createTestDatabase } from '../testing/test-database.js';
import { startJobQueue, type JobQueue } from './queue.js';

const A_MINUTE = 60;
/** Well under the worker's polling interval: only a wake-up starts a job this soon. */
const WITHIN_MS = 15_000;

describe.skipIf(process.env.TEST_DB !== 'postgres')('a job queued by another process', () => {
  const log = createLogger({ logLevel: 'silent' });
  let database: DatabaseHandle;
  let web: JobQueue;
  let worker: JobQueue;
  const deleted: string[] = [];
  let onDelete = () => {};

  beforeAll(async () => {
    database = await createTestDatabase();
    web = await startJobQueue(database, log);
    worker = await startJobQueue(database, log, undefined, { pollingSeconds: A_MINUTE });
    await worker.work({
      'storage.delete': async ({ key }) => {
        deleted.push(key);
        onDelete();
      },
    });
    // The worker has polled once and found nothing: from here it sleeps for a minute.
    await web.send('storage.delete', { key: 'first' });
    await handled('first');
  }, 120_000);
  afterAll(async () => {
    await web?.stop();
    await worker?.stop();
    await database?.close();
  });

  function handled(key: string): Promise<void> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`${key} not worked within ${WITHIN_MS} ms`)), WITHIN_MS);
      const check = () => {
        if (!deleted.includes(key)) return;
        clearTimeout(timer);
        resolve();
      };
      onDelete = check;
      check();
    });
  }

  it('starts at once in a worker process that was sleeping', async () => {
    await web.send('storage.delete', { key: 'second' });
    await handled('second');
  });

  it('queued in a transaction, starts once that transaction commits, and not before', async () => {
    await database.db.transaction(async (tx) => {
      await web.sendAll([{ name: 'storage.delete', data: { key: 'third' } }], tx);
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(deleted).not.toContain('third');
    });
    await handled('third');
  });

  it('delayed to later is left to the polling: no slot is woken for it', async () => {
    await web.send('storage.delete', { key: 'later' }, { startAfter: A_MINUTE });
    await web.send('storage.delete', { key: 'now' });
    await handled('now');
    expect(deleted).not.toContain('later');
  });
});
