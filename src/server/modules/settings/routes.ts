/** /api/admin/settings: registered inside the admin API, behind its guard. */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { INTEGRATION_IDS, settingsUpdateSchema, shopSettingsUpdateSchema } from '../../../domain/admin-settings.js';
import type { AppContext } from '../../context.js';
import { checkIntegration } from './integrations.js';
import { saveSettings, settingsView } from './service.js';
import { shippingTaxSettingsUpdateSchema } from '../../../domain/shipping-quote.js';
import {
  readShippingTaxSettings,
  readShopSettings,
  saveShippingTaxSettings,
  saveShopSettings,
} from '../shop-settings/index.js';
import { describeRoute } from '../../http/api-description.js';

const integrationParams = z.object({ id: z.enum(INTEGRATION_IDS) });

export async function adminSettingsRoutes(admin: FastifyInstance, context: AppContext): Promise<void> {
  admin.get(
    '/settings',
    { schema: describeRoute('Settings, with saved keys shown masked') },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return settingsView(context);
    },
  );

  admin.put(
    '/settings',
    { schema: describeRoute('Saves settings and keys (encrypted at rest)', { body: settingsUpdateSchema }) },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return saveSettings(context, settingsUpdateSchema.parse(request.body ?? {}));
    },
  );

  admin.get(
    '/settings/shop',
    { schema: describeRoute("The shop's own settings: where the gallery switch starts") },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return readShopSettings(context);
    },
  );

  admin.put(
    '/settings/shop',
    { schema: describeRoute("Saves the shop's own settings", { body: shopSettingsUpdateSchema }) },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return saveShopSettings(context, shopSettingsUpdateSchema.parse(request.body ?? {}));
    },
  );

  admin.get(
    '/settings/shipping-tax',
    {
      schema: describeRoute(
        "The owner's shipping and tax settings: free-shipping threshold, adjustment, tax rules, Stripe Tax",
      ),
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return readShippingTaxSettings(context);
    },
  );

  admin.put(
    '/settings/shipping-tax',
    { schema: describeRoute("Saves the owner's shipping and tax settings", { body: shippingTaxSettingsUpdateSchema }) },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return saveShippingTaxSettings(context, shippingTaxSettingsUpdateSchema.parse(request.body ?? {}));
    },
  );

  admin.get(
    '/settings/integrations',
    { schema: describeRoute('Each outside service: configured, and from where') },
    async () => Promise.all(INTEGRATION_IDS.map((id) => checkIntegration(context, id))),
  );

  admin.post(
    '/settings/integrations/:id/test',
    { schema: describeRoute('Tests one outside service with its current key') },
    async (request) => {
      const { id } = integrationParams.parse(request.params);
      return checkIntegration(context, id);
    },
  );
}
