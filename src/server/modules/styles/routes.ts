import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { engineAvailability, isEngineAvailable } from './engines/availability.js';
import { listActiveStyles } from './repository.js';
import { describeRoute } from '../../http/api-description.js';

export interface PublicStyle {
  id: string;
  name: string;
  preview_image_path: string | null;
}

/** Active styles whose engine runs here, ordered by name (storefront §3, §7). */
export async function offeredStyles(context: AppContext): Promise<PublicStyle[]> {
  const availability = engineAvailability(context.config);
  const rows = await listActiveStyles(context.db);
  return rows
    .filter((style) => isEngineAvailable(style.engine, availability))
    .map((style) => ({
      id: style.id,
      name: style.name,
      preview_image_path: style.preview_image_path ? context.storage.publicUrl(style.preview_image_path) : null,
    }));
}

export async function styleRoutes(app: FastifyInstance, context: AppContext): Promise<void> {
  context.readCache.get(app, '/api/styles', {
    schema: describeRoute('Art styles on offer, by name (ETag)'),
    tables: ['styles'],
    load: () => offeredStyles(context),
    // Saving an image-AI key in Settings offers the hosted styles.
    variant: () => JSON.stringify(engineAvailability(context.config)),
  });
}
