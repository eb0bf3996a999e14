import type { FastifyInstance } from 'fastify';
import type { SiteView } from '../../../domain/gallery.js';
import type { AppContext } from '../../context.js';
import { readShopSettings } from '../shop-settings/index.js';
import { loadGallery } from './gallery.js';
import { heroView } from './hero.js';

export async function contentRoutes(app: FastifyInstance, context: AppContext): Promise<void> {
  context.readCache.get(app, '/api/gallery', {
    tables: ['image_transformations', 'images', 'styles'],
    load: () => loadGallery(context),
  });
  app.get('/api/site', async (): Promise<SiteView> => {
    const shop = await readShopSettings(context);
    return {
      siteName: context.config.siteName,
      supportEmail: context.config.supportEmail,
      galleryConsentDefault: shop.gallery_consent_default,
    };
  });
  context.readCache.get(app, '/api/content/hero', { tables: ['site_content'], load: () => heroView(context) });
}
