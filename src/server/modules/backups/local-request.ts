/**
 * `npm run backup` beside a running shop on the embedded database: the database is open in
 * the shop's process only, so the command asks the shop to write the archive. The request
 * proves it comes from the shop's own user by a key derived from the app secret (readable
 * by that user only), and is taken from this machine only.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { isAbsolute } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { appSecret } from '../../infra/secrets/app-secret.js';
import { badRequest, conflict, forbidden } from '../../http/errors.js';
import { BackupInProgressError, createBackup } from './service.js';
import { pruneBackups } from './service.js';
import { readKeep } from './repository.js';
import type { Config } from '../../config.js';
import { describeRoute } from '../../http/api-description.js';

export const LOCAL_BACKUP_ROUTE = '/api/backups/local';

export async function localBackupToken(config: Config): Promise<string> {
  return createHmac('sha256', await appSecret(config))
    .update('wanderer npm run backup')
    .digest('base64url');
}

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);
const body = z.object({ file: z.string().max(4096).optional() });

export async function localBackupRoutes(app: FastifyInstance, context: AppContext): Promise<void> {
  app.post(
    LOCAL_BACKUP_ROUTE,
    {
      schema: describeRoute(
        '`npm run backup` asks the running shop for an archive: loopback callers with the derived key only',
      ),
    },
    async (request) => {
      const given = Buffer.from(/^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1] ?? '');
      const expected = Buffer.from(await localBackupToken(context.config));
      const trusted = given.length === expected.length && timingSafeEqual(given, expected);
      if (!trusted || !LOOPBACK.has(request.socket.remoteAddress ?? '')) throw forbidden();
      const { file } = body.parse(request.body ?? {});
      if (file !== undefined && !isAbsolute(file)) throw badRequest('The backup file must be an absolute path.');
      try {
        const { path, manifest } = await createBackup(context, { kind: 'manual', file });
        if (!file) await pruneBackups(context.config, await readKeep(context.db));
        return { path, manifest: { ...manifest, entries: manifest.entries.length } };
      } catch (error) {
        if (error instanceof BackupInProgressError) throw conflict(error.message);
        throw error;
      }
    },
  );
}
