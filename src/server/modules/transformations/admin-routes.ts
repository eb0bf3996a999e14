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

const idParams = z.object({ id: z.uuid(TRANSFORMATION_MESSAGES.notFound) });

export async function adminTransformationRoutes(admin: FastifyInstance, context: AppContext): Promise<void> {
  admin.get(
    '/transformations',
    {
      schema: describeRoute('Every artwork, filtered and paged (20 a page)', {
        querystring: transformationFiltersSchema,
      }),
    },
    async (request) => listTransformations(context, transformationFiltersSchema.parse(request.query ?? {})),
  );

  admin.patch(
    '/transformations/:id',
    { schema: describeRoute('Sets the homepage flag or gallery visibility', { body: transformationPatchSchema }) },
    async (request) => {
      const { id } = idParams.parse(request.params);
      return patchTransformation(context, id, transformationPatchSchema.parse(request.body ?? {}));
    },
  );

  admin.delete(
    '/transformations/:id',
    { schema: describeRoute('Deletes an artwork and its files, unless an order needs it') },
    async (request, reply) => {
      const { id } = idParams.parse(request.params);
      await deleteTransformation(context, id);
      return reply.status(204).send();
    },
  );

  admin.post(
    '/transformations/bulk',
    { schema: describeRoute('One action on many artworks', { body: bulkSchema }) },
    async (request) => bulkUpdate(context, bulkSchema.parse(request.body ?? {})),
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
  admin.get(
    '/customers',
    {
      schema: describeRoute("Erasure's dry run: what erasing this e-mail would remove, and what an order keeps", {
        querystring: customerErasureSchema,
      }),
    },
    async (request, reply) => {
      const { email } = customerErasureSchema.parse(request.query ?? {});
      reply.header('cache-control', 'no-store');
      return eraseCustomer(context, email, { dryRun: true });
    },
  );

  admin.delete(
    '/customers',
    {
      schema: describeRoute("Erases a customer's photos and artworks not needed by an order", {
        querystring: customerErasureSchema,
      }),
    },
    async (request) => {
      const { email } = customerErasureSchema.parse(request.query ?? {});
      return eraseCustomer(context, email);
    },
  );
}
