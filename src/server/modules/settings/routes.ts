/** /api/admin/settings: registered inside the admin API, behind its guard. */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { INTEGRATION_IDS, settingsUpdateSchema, shopSettingsUpdateSchema } from '../../../domain/admin-settings.js';
import type { AppContext } from '../../context.js';
import { checkIntegration } from './integrations.js';
import { saveSettings, settingsView } from './service.js';
import { readShopSettings, saveShopSettings } from '../shop-settings/index.js';

const integrationParams = z.object({ id: z.enum(INTEGRATION_IDS) });

export async function adminSettingsRoutes(admin: FastifyInstance, context: AppContext): Promise<void> {
  admin.get('/settings', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return settingsView(context);
  });

  admin.put('/settings', async (request, reply) => {
    reply.header('cache-control', 'no-store');
    return saveSettings(context, settingsUpdateSchema.parse(request.body ?? {}));
  });

  admin.get('/settings/shop', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return readShopSettings(context);
  });

  admin.put('/settings/shop', async (request, reply) => {
    reply.header('cache-control', 'no-store');
    return saveShopSettings(context, shopSettingsUpdateSchema.parse(request.body ?? {}));
  });

  admin.get('/settings/integrations', async () =>
    Promise.all(INTEGRATION_IDS.map((id) => checkIntegration(context, id))),
  );

  admin.post('/settings/integrations/:id/test', async (request) => {
    const { id } = integrationParams.parse(request.params);
    return checkIntegration(context, id);
  });
}
