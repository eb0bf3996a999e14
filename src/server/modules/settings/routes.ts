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
import { jsonRoutes } from '../../http/routes.js';

const integrationParams = z.object({ id: z.enum(INTEGRATION_IDS) });

export async function adminSettingsRoutes(admin: FastifyInstance, context: AppContext): Promise<void> {
  const routes = jsonRoutes(admin);

  routes.get('/settings', { summary: 'Settings, with saved keys shown masked', noStore: true }, () =>
    settingsView(context),
  );

  routes.put(
    '/settings',
    { summary: 'Saves settings and keys (encrypted at rest)', body: settingsUpdateSchema, noStore: true },
    ({ body }) => saveSettings(context, body),
  );

  routes.get(
    '/settings/shop',
    { summary: "The shop's own settings: where the gallery switch starts", noStore: true },
    () => readShopSettings(context),
  );

  routes.put(
    '/settings/shop',
    { summary: "Saves the shop's own settings", body: shopSettingsUpdateSchema, noStore: true },
    ({ body }) => saveShopSettings(context, body),
  );

  routes.get(
    '/settings/shipping-tax',
    {
      summary: "The owner's shipping and tax settings: free-shipping threshold, adjustment, tax rules, Stripe Tax",
      noStore: true,
    },
    () => readShippingTaxSettings(context),
  );

  routes.put(
    '/settings/shipping-tax',
    { summary: "Saves the owner's shipping and tax settings", body: shippingTaxSettingsUpdateSchema, noStore: true },
    ({ body }) => saveShippingTaxSettings(context, body),
  );

  routes.get('/settings/integrations', { summary: 'Each outside service: configured, and from where' }, () =>
    Promise.all(INTEGRATION_IDS.map((id) => checkIntegration(context, id))),
  );

  routes.post(
    '/settings/integrations/:id/test',
    { summary: 'Tests one outside service with its current key', params: integrationParams },
    ({ params }) => checkIntegration(context, params.id),
  );
}
