/** /api/admin/backups: registered inside the admin API, behind its guard (the owner only). */
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { backupSettingsSchema, type BackupsView } from '../../../domain/backups.js';
import type { AppContext } from '../../context.js';
import { conflict, notFound } from '../../http/errors.js';
import { findBinary, PG_DUMP_MISSING } from './database-dump.js';
import { readKeep, saveKeep } from './repository.js';
import { backUpAndPrune, lastFailure } from './schedule.js';
import { archivePath, backupRunning, backupSettled, listBackups } from './service.js';
import { describeRoute } from '../../http/api-description.js';
import { jsonRoutes } from '../../http/routes.js';

const nameParams = z.object({ name: z.string().max(200) });

/** Hours between scheduled backups in this shop: none on PostgreSQL. */
export function scheduledIntervalHours(context: Pick<AppContext, 'config' | 'database'>): number {
  return context.database.kind === 'pglite' ? context.config.backupIntervalHours : 0;
}

async function backupsView(context: AppContext): Promise<BackupsView> {
  const failure = lastFailure(context.config.dataDir);
  return {
    backups: (await listBackups(context.config)).map((backup) => ({
      name: backup.name,
      kind: backup.kind,
      bytes: backup.bytes,
      created_at: backup.created_at.toISOString(),
    })),
    keep: await readKeep(context.db),
    interval_hours: scheduledIntervalHours(context),
    database: context.database.kind,
    running: backupRunning(context.config),
    last_failure: failure ? { at: failure.at.toISOString(), message: failure.message } : null,
    unavailable: context.database.kind === 'postgres' && !(await findBinary('pg_dump')) ? PG_DUMP_MISSING : null,
  };
}

export async function adminBackupRoutes(admin: FastifyInstance, context: AppContext): Promise<void> {
  const routes = jsonRoutes(admin);

  // A backup started here holds the database; the shop closes it only when the backup is done.
  admin.addHook('onClose', () => backupSettled(context.config));

  routes.get(
    '/backups',
    { summary: 'The backup archives with size and age, the schedule and how many are kept', noStore: true },
    () => backupsView(context),
  );

  // A backup of a large shop outlasts a request: it runs on, and the list shows it when done.
  routes.post(
    '/backups',
    { summary: 'Starts a backup of the running shop; the list shows it when done (202)' },
    async ({ reply }) => {
      if (backupRunning(context.config)) throw conflict('A backup is already being made; wait for it to finish.');
      void backUpAndPrune(context, 'manual');
      reply.code(202).header('cache-control', 'no-store');
      return backupsView(context);
    },
  );

  routes.put(
    '/backups/settings',
    { summary: 'Sets how many backups are kept', body: backupSettingsSchema },
    async ({ body, reply }) => {
      await saveKeep(context.db, body.keep);
      reply.header('cache-control', 'no-store');
      return backupsView(context);
    },
  );

  admin.get(
    '/backups/:name',
    { schema: describeRoute('Downloads one backup archive (owner only)') },
    async (request, reply) => {
      const { name } = nameParams.parse(request.params);
      const path = archivePath(context.config, name);
      const info = path ? await stat(path).catch(() => undefined) : undefined;
      if (!path || !info?.isFile()) throw notFound('No such backup');
      return reply
        .header('cache-control', 'no-store')
        .header('content-disposition', `attachment; filename="${name}"`)
        .header('content-length', info.size)
        .type('application/x-tar')
        .send(createReadStream(path));
    },
  );
}
