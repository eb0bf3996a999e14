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
import { badRequest } from '../../http/errors.js';
import { readUploads } from '../../http/uploads.js';
import {
  createStyle,
  deleteStyle,
  listStylesForAdmin,
  setStyleActive,
  storeStylePreview,
  updateStyle,
} from './admin-service.js';
import { describeRoute } from '../../http/api-description.js';

const idParams = z.object({ id: z.uuid(STYLE_MESSAGES.notFound) });

export async function adminStyleRoutes(admin: FastifyInstance, context: AppContext): Promise<void> {
  admin.get('/styles', { schema: describeRoute('Every style with its engine and state') }, async () =>
    listStylesForAdmin(context),
  );

  admin.post(
    '/styles',
    { schema: describeRoute('Adds a style', { body: styleInputSchema }) },
    async (request, reply) => {
      const style = await createStyle(context, styleInputSchema.parse(request.body ?? {}));
      return reply.status(201).send(style);
    },
  );

  admin.put(
    '/styles/:id',
    { schema: describeRoute('Changes a style', { body: styleInputSchema }) },
    async (request) => {
      const { id } = idParams.parse(request.params);
      return updateStyle(context, id, styleInputSchema.parse(request.body ?? {}));
    },
  );

  admin.patch(
    '/styles/:id/active',
    { schema: describeRoute('Switches a style on or off', { body: styleActiveSchema }) },
    async (request) => {
      const { id } = idParams.parse(request.params);
      return setStyleActive(context, id, styleActiveSchema.parse(request.body ?? {}).is_active);
    },
  );

  admin.delete('/styles/:id', { schema: describeRoute('Deletes a style') }, async (request, reply) => {
    const { id } = idParams.parse(request.params);
    await deleteStyle(context, id);
    return reply.status(204).send();
  });

  admin.post(
    '/styles/previews',
    { schema: describeRoute("Renders every style's preview again") },
    async (request, reply) => {
      const { files } = await readUploads(request, {
        preview: { maxBytes: STYLE_PREVIEW_MAX_BYTES, tooLarge: STYLE_MESSAGES.previewTooLarge },
      });
      const preview = files.get('preview');
      if (!preview) throw badRequest('Choose an image to upload');
      return reply.status(201).send(await storeStylePreview(context, preview));
    },
  );
}
