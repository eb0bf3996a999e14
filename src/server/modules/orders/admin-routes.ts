/** /api/admin/orders: registered inside the admin API, behind its guard. */
import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { adminOrderListQuery, refundRequest } from '../../../domain/orders.js';
import type { AppContext } from '../../context.js';
import {
  cancelOrder,
  exportOrdersCsv,
  listOrdersForAdmin,
  readOrderForAdmin,
  refundOrder,
  resendConfirmationForAdmin,
  retryFulfilmentForAdmin,
} from './admin-service.js';
import { describeRoute } from '../../http/api-description.js';
import { jsonRoutes } from '../../http/routes.js';

/** An order's id as the path gives it; the service says whether there is such an order. */
const orderIdParams = z.object({ id: z.string() });

export async function adminOrderRoutes(admin: FastifyInstance, context: AppContext): Promise<void> {
  const routes = jsonRoutes(admin);

  routes.get(
    '/orders',
    {
      summary: 'Orders, searched, filtered and paged, with the four stat cards',
      querystring: adminOrderListQuery,
      noStore: true,
    },
    ({ query }) => listOrdersForAdmin(context, query),
  );

  admin.get(
    '/orders/export.csv',
    { schema: describeRoute('The filtered orders as CSV, streamed', { querystring: adminOrderListQuery }) },
    async (request, reply) => {
      const query = adminOrderListQuery.parse(request.query ?? {});
      const stamp = new Date().toISOString().slice(0, 10);
      return reply
        .header('cache-control', 'no-store')
        .header('content-disposition', `attachment; filename="orders-${stamp}.csv"`)
        .type('text/csv; charset=utf-8')
        .send(Readable.from(exportOrdersCsv(context, query)));
    },
  );

  routes.get(
    '/orders/:id',
    {
      summary: 'One order with billing, shipping, items, refunds and its timeline',
      params: orderIdParams,
      noStore: true,
    },
    ({ params }) => readOrderForAdmin(context, params.id),
  );

  routes.post(
    '/orders/:id/resend-email',
    { summary: 'Sends the confirmation e-mail again (paid orders)', params: orderIdParams },
    ({ params }) => resendConfirmationForAdmin(context, params.id),
  );

  routes.post(
    '/orders/:id/retry-fulfilment',
    {
      summary: 'Queues the fulfilment submission again, once (paid, not accepted for production)',
      params: orderIdParams,
      status: 202,
    },
    ({ params }) => retryFulfilmentForAdmin(context, params.id),
  );

  routes.post(
    '/orders/:id/refund',
    {
      summary: 'Refunds all that is left, or the amount given in minor units',
      params: orderIdParams,
      body: refundRequest,
    },
    ({ params, body }) => refundOrder(context, params.id, body.amount),
  );

  routes.post('/orders/:id/cancel', { summary: 'Cancels an unpaid order', params: orderIdParams }, ({ params }) =>
    cancelOrder(context, params.id),
  );
}
