/** GET /api/admin/analytics (issue 16) and its CSV tables. */
import type { FastifyInstance } from 'fastify';
import { analyticsQuerySchema } from '../../../domain/analytics.js';
import type { AppContext } from '../../context.js';
import { analyticsFor } from './service.js';
import { describeRoute } from '../../http/api-description.js';

export async function adminAnalyticsRoutes(admin: FastifyInstance, context: AppContext): Promise<void> {
  admin.get(
    '/analytics',
    {
      schema: describeRoute(
        'Revenue, orders, the funnel and breakdowns by product, style and country for a date range',
        { querystring: analyticsQuerySchema },
      ),
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return analyticsFor(context, analyticsQuerySchema.parse(request.query));
    },
  );
}
