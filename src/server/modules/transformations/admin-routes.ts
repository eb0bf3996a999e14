/** /api/admin/transformations, /api/admin/backfill/* and /api/admin/customers: behind the admin guard. */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  TRANSFORMATION_MESSAGES,
  backfillRequestSchema,
  bulkSchema,
  customerErasureSchema,
  exifBackfillRequestSchema,
  transformationFiltersSchema,
  transformationPatchSchema,
} from '../../../domain/admin-transformations.js';
import type { AppContext } from '../../context.js';
import { backfillExifBatch } from '../images/index.js';
import { bulkUpdate, deleteTransformation, listTransformations, patchTransformation } from './admin-feed.js';
import { analyzeBackfill, runBackfill } from './backfill.js';
import { eraseCustomer } from './customer-erasure.js';
import { describeRoute } from '../../http/api-description.js';
import { jsonRoutes } from '../../http/routes.js';

const idParams = z.object({ id: z.uuid(TRANSFORMATION_MESSAGES.notFound) });

export async function adminTransformationRoutes(admin: FastifyInstance, context: AppContext): Promise<void> {
  const routes = jsonRoutes(admin);

  routes.get(
    '/transformations',
    { summary: 'Every artwork, filtered and paged (20 a page)', querystring: transformationFiltersSchema },
    ({ query }) => listTransformations(context, query),
  );

  routes.patch(
    '/transformations/:id',
    { summary: 'Sets the homepage flag or gallery visibility', params: idParams, body: transformationPatchSchema },
    ({ params, body }) => patchTransformation(context, params.id, body),
  );

  routes.delete(
    '/transformations/:id',
    { summary: 'Deletes an artwork and its files, unless an order needs it', params: idParams, status: 204 },
    ({ params }) => deleteTransformation(context, params.id),
  );

  routes.post('/transformations/bulk', { summary: 'One action on many artworks', body: bulkSchema }, ({ body }) =>
    bulkUpdate(context, body),
  );

  admin.post(
    '/backfill/transformations',
    { schema: describeRoute('Finds artwork files with no row, and creates the rows') },
    async (request) => {
      const body = backfillRequestSchema.parse(request.body ?? {});
      return body.action === 'analyze' ? analyzeBackfill(context) : runBackfill(context, body.dryRun);
    },
  );

  admin.post(
    '/backfill/exif',
    { schema: describeRoute('Reads metadata again for photos that lack it, one batch from an offset') },
    async (request) => {
      const { offset } = exifBackfillRequestSchema.parse(request.body ?? {});
      return backfillExifBatch(context, offset);
    },
  );

  // The dry run: what erasing this e-mail would remove and keep, changing nothing.
  routes.get(
    '/customers',
    {
      summary: "Erasure's dry run: what erasing this e-mail would remove, and what an order keeps",
      querystring: customerErasureSchema,
    },
    ({ query, reply }) => {
      reply.header('cache-control', 'no-store');
      return eraseCustomer(context, query.email, { dryRun: true });
    },
  );

  routes.delete(
    '/customers',
    {
      summary: "Erases a customer's photos and artworks not needed by an order",
      querystring: customerErasureSchema,
    },
    ({ query }) => eraseCustomer(context, query.email),
  );
}
