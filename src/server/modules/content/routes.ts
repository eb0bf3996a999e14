import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { loadGallery } from './gallery.js';
import { heroView } from './hero.js';

export async function contentRoutes(app: FastifyInstance, context: AppContext): Promise<void> {
  app.get('/api/gallery', async () => loadGallery(context));
  app.get('/api/site', async () => ({ siteName: context.config.siteName, supportEmail: context.config.supportEmail }));
  app.get('/api/content/hero', async () => heroView(context));
}
