import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { loadGallery } from './gallery.js';
import { heroView } from './hero.js';

export async function contentRoutes(app: FastifyInstance, context: AppContext): Promise<void> {
  context.readCache.get(app, '/api/gallery', {
    tables: ['image_transformations', 'images', 'styles'],
    load: () => loadGallery(context),
  });
  app.get('/api/site', async () => ({ siteName: context.config.siteName, supportEmail: context.config.supportEmail }));
  context.readCache.get(app, '/api/content/hero', { tables: ['site_content'], load: () => heroView(context) });
}
