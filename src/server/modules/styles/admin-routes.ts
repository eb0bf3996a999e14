/** /api/admin/styles: registered inside the admin API, behind its guard. */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  STYLE_MESSAGES,
  STYLE_PREVIEW_MAX_BYTES,
  styleActiveSchema,
  styleInputSchema,
} from '../../../domain/admin-styles.js';
import type { AppContext } from '../../context.js';
import { readRequiredFiles } from '../../http/uploads.js';
import {
  createStyle,
  deleteStyle,
  listStylesForAdmin,
  setStyleActive,
  storeStylePreview,
  updateStyle,
} from './admin-service.js';
import { describeRoute } from '../../http/api-description.js';
import { jsonRoutes } from '../../http/routes.js';

const idParams = z.object({ id: z.uuid(STYLE_MESSAGES.notFound) });

export async function adminStyleRoutes(admin: FastifyInstance, context: AppContext): Promise<void> {
  const routes = jsonRoutes(admin);

  routes.get('/styles', { summary: 'Every style with its engine and state' }, () => listStylesForAdmin(context));

  routes.post('/styles', { summary: 'Adds a style', body: styleInputSchema, status: 201 }, ({ body }) =>
    createStyle(context, body),
  );

  routes.put(
    '/styles/:id',
    { summary: 'Changes a style', params: idParams, body: styleInputSchema },
    ({ params, body }) => updateStyle(context, params.id, body),
  );

  routes.patch(
    '/styles/:id/active',
    { summary: 'Switches a style on or off', params: idParams, body: styleActiveSchema },
    ({ params, body }) => setStyleActive(context, params.id, body.is_active),
  );

  routes.delete('/styles/:id', { summary: 'Deletes a style', params: idParams, status: 204 }, ({ params }) =>
    deleteStyle(context, params.id),
  );

  admin.post(
    '/styles/previews',
    { schema: describeRoute("Renders every style's preview again") },
    async (request, reply) => {
      const { preview } = await readRequiredFiles(
        request,
        { preview: { maxBytes: STYLE_PREVIEW_MAX_BYTES, tooLarge: STYLE_MESSAGES.previewTooLarge } },
        'Choose an image to upload',
      );
      return reply.status(201).send(await storeStylePreview(context, preview));
    },
  );
}
