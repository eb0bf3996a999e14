import type { FastifyInstance } from 'fastify';
import type { SiteView } from '../../../domain/gallery.js';
import type { AppContext } from '../../context.js';
import { readShopSettings } from '../shop-settings/index.js';
import { loadGallery } from './gallery.js';
import { heroView } from './hero.js';
import { describeRoute } from '../../http/api-description.js';

export async function contentRoutes(app: FastifyInstance, context: AppContext): Promise<void> {
  context.readCache.get(app, '/api/gallery', {
    schema: describeRoute("Home's gallery: example pairs, else recent artworks, else the built-in pairs (ETag)"),
    tables: ['image_transformations', 'images', 'styles'],
    load: () => loadGallery(context),
  });
  app.get(
    '/api/site',
    { schema: describeRoute("The shop's name, support address and where the gallery switch starts") },
    async (): Promise<SiteView> => {
      const shop = await readShopSettings(context);
      return {
        siteName: context.config.siteName,
        supportEmail: context.config.supportEmail,
        galleryConsentDefault: shop.gallery_consent_default,
      };
    },
  );
  context.readCache.get(app, '/api/content/hero', {
    schema: describeRoute("Home's hero section (ETag)"),
    tables: ['site_content'],
    load: () => heroView(context),
  });
}
