/**
 * The back office's API. Its guard is one onRequest hook on the API scope: it runs before
 * every route whose pattern starts with /api/admin, wherever in that scope the route is
 * registered, so a future admin route cannot be left open by forgetting a check. Admin
 * route modules register below under the /api/admin prefix.
 */
import fastifyCookie from '@fastify/cookie';
import fastifyMultipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { createAccessGuard } from '../auth/index.js';
import { authRoutes } from '../auth/index.js';
import { adminAnalyticsRoutes } from '../analytics/index.js';
import { adminBackupRoutes } from '../backups/index.js';
import { adminCatalogRoutes } from '../catalog/index.js';
import { adminContentRoutes } from '../content/index.js';
import { adminEmailRoutes } from '../email/index.js';
import { adminOrderRoutes } from '../orders/index.js';
import { adminSettingsRoutes } from '../settings/index.js';
import { adminStyleRoutes } from '../styles/index.js';
import { adminTransformationRoutes } from '../transformations/index.js';

/** The largest multipart body a back-office form sends: two 10 MB images and a few fields. */
const ADMIN_UPLOAD_FILE_BYTES = 10 * 1024 * 1024;

export async function adminApi(api: FastifyInstance, context: AppContext): Promise<void> {
  if (!api.hasRequestDecorator('cookies')) await api.register(fastifyCookie);
  api.addHook('onRequest', createAccessGuard(context));
  await authRoutes(api, context);

  await api.register(
    async (admin) => {
      if (!admin.hasContentTypeParser('multipart/form-data')) {
        await admin.register(fastifyMultipart, { limits: { fileSize: ADMIN_UPLOAD_FILE_BYTES, files: 2 } });
      }
      await adminStyleRoutes(admin, context);
      await adminContentRoutes(admin, context);
      await adminSettingsRoutes(admin, context);
      await adminTransformationRoutes(admin, context);
      await adminOrderRoutes(admin, context);
      await adminEmailRoutes(admin, context);
      await adminCatalogRoutes(admin, context);
      await adminAnalyticsRoutes(admin, context);
      await adminBackupRoutes(admin, context);
    },
    { prefix: '/api/admin' },
  );
}
