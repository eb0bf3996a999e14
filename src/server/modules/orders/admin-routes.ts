/** /api/admin/orders: registered inside the admin API, behind its guard. */
import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
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

export async function adminOrderRoutes(admin: FastifyInstance, context: AppContext): Promise<void> {
  admin.get(
    '/orders',
    {
      schema: describeRoute('Orders, searched, filtered and paged, with the four stat cards', {
        querystring: adminOrderListQuery,
      }),
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return listOrdersForAdmin(context, adminOrderListQuery.parse(request.query ?? {}));
    },
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

  admin.get(
    '/orders/:id',
    { schema: describeRoute('One order with billing, shipping, items, refunds and its timeline') },
    async (request, reply) => {
      const { id } = request.params as { id: string };
      reply.header('cache-control', 'no-store');
      return readOrderForAdmin(context, id);
    },
  );

  admin.post(
    '/orders/:id/resend-email',
    { schema: describeRoute('Sends the confirmation e-mail again (paid orders)') },
    async (request) => {
      const { id } = request.params as { id: string };
      return resendConfirmationForAdmin(context, id);
    },
  );

  admin.post(
    '/orders/:id/retry-fulfilment',
    { schema: describeRoute('Queues the fulfilment submission again, once (paid, not accepted for production)') },
    async (request, reply) => {
      const { id } = request.params as { id: string };
      return reply.status(202).send(await retryFulfilmentForAdmin(context, id));
    },
  );

  admin.post(
    '/orders/:id/refund',
    { schema: describeRoute('Refunds all that is left, or the amount given in minor units', { body: refundRequest }) },
    async (request) => {
      const { id } = request.params as { id: string };
      const { amount } = refundRequest.parse(request.body ?? {});
      return refundOrder(context, id, amount);
    },
  );

  admin.post('/orders/:id/cancel', { schema: describeRoute('Cancels an unpaid order') }, async (request) => {
    const { id } = request.params as { id: string };
    return cancelOrder(context, id);
  });
}
