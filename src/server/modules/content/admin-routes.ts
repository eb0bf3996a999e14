/** /api/admin/content: the hero section and the example pairs, behind the admin guard. */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  CONTENT_MESSAGES,
  EXAMPLE_MESSAGES,
  UPLOAD_MAX_BYTES,
  contentUpdateSchema,
  homepageFlagSchema,
  type AdminContentView,
} from '../../../domain/admin-content.js';
import type { AppContext } from '../../context.js';
import { adminOf } from '../auth/index.js';
import { readRequiredFiles } from '../../http/uploads.js';
import { deleteExample } from '../transformations/index.js';
import { listExamples, setHomepageExample, uploadExample } from './examples.js';
import { heroView, saveHero, storeHeroImage } from './hero.js';
import { describeRoute } from '../../http/api-description.js';
import { jsonRoutes } from '../../http/routes.js';

const idParams = z.object({ id: z.uuid(EXAMPLE_MESSAGES.notFound) });

export async function adminContentRoutes(admin: FastifyInstance, context: AppContext): Promise<void> {
  const routes = jsonRoutes(admin);

  routes.get('/content', { summary: "Home's editable content" }, async (): Promise<AdminContentView> => ({
    hero: await heroView(context),
  }));

  routes.put(
    '/content',
    { summary: "Saves Home's hero section", body: contentUpdateSchema },
    async ({ body }): Promise<AdminContentView> => ({ hero: await saveHero(context, body.hero) }),
  );

  admin.post(
    '/content/hero-image',
    {
      schema: describeRoute("Uploads the hero's background image", {
        bodyNote: 'multipart/form-data with one file field `image`',
      }),
    },
    async (request, reply) => {
      const { image } = await readRequiredFiles(
        request,
        { image: { maxBytes: UPLOAD_MAX_BYTES, tooLarge: CONTENT_MESSAGES.heroImageTooLarge } },
        CONTENT_MESSAGES.heroImageRequired,
      );
      return reply.status(201).send(await storeHeroImage(context, image));
    },
  );

  routes.get('/content/examples', { summary: 'Example pairs, homepage examples first' }, () => listExamples(context));

  admin.post(
    '/content/examples',
    {
      schema: describeRoute('Adds an example pair', {
        bodyNote: 'multipart/form-data with file fields `original` and `transformed`',
      }),
    },
    async (request, reply) => {
      const { original, transformed } = await readRequiredFiles(
        request,
        {
          original: { maxBytes: UPLOAD_MAX_BYTES, tooLarge: EXAMPLE_MESSAGES.originalTooLarge },
          transformed: { maxBytes: UPLOAD_MAX_BYTES, tooLarge: EXAMPLE_MESSAGES.transformedTooLarge },
        },
        EXAMPLE_MESSAGES.bothRequired,
      );
      const user = await adminOf(context, request, reply);
      return reply.status(201).send(await uploadExample(context, { original, transformed, userId: user.id }));
    },
  );

  routes.put(
    '/content/examples/:id/homepage',
    { summary: 'Shows or hides a pair on Home', params: idParams, body: homepageFlagSchema, status: 204 },
    ({ params, body }) => setHomepageExample(context, params.id, body),
  );

  routes.delete(
    '/content/examples/:id',
    { summary: 'Deletes an example pair', params: idParams, status: 204 },
    ({ params }) => deleteExample(context, params.id),
  );
}
