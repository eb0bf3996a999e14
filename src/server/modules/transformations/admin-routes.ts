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

const idParams = z.object({ id: z.uuid(TRANSFORMATION_MESSAGES.notFound) });

export async function adminTransformationRoutes(admin: FastifyInstance, context: AppContext): Promise<void> {
  admin.get('/transformations', async (request) =>
    listTransformations(context, transformationFiltersSchema.parse(request.query ?? {})),
  );

  admin.patch('/transformations/:id', async (request) => {
    const { id } = idParams.parse(request.params);
    return patchTransformation(context, id, transformationPatchSchema.parse(request.body ?? {}));
  });

  admin.delete('/transformations/:id', async (request, reply) => {
    const { id } = idParams.parse(request.params);
    await deleteTransformation(context, id);
    return reply.status(204).send();
  });

  admin.post('/transformations/bulk', async (request) => bulkUpdate(context, bulkSchema.parse(request.body ?? {})));

  admin.post('/backfill/transformations', async (request) => {
    const body = backfillRequestSchema.parse(request.body ?? {});
    return body.action === 'analyze' ? analyzeBackfill(context) : runBackfill(context, body.dryRun);
  });

  admin.post('/backfill/exif', async (request) => {
    const { offset } = exifBackfillRequestSchema.parse(request.body ?? {});
    return backfillExifBatch(context, offset);
  });

  // The dry run: what erasing this e-mail would remove and keep, changing nothing.
  admin.get('/customers', async (request, reply) => {
    const { email } = customerErasureSchema.parse(request.query ?? {});
    reply.header('cache-control', 'no-store');
    return eraseCustomer(context, email, { dryRun: true });
  });

  admin.delete('/customers', async (request) => {
    const { email } = customerErasureSchema.parse(request.query ?? {});
    return eraseCustomer(context, email);
  });
}
