/** POST /api/events: the funnel steps only the browser sees (artwork shown, mockups, cart). */
import type { FastifyInstance } from 'fastify';
import { funnelEventSchema } from '../../../domain/analytics.js';
import type { AppContext } from '../../context.js';
import { recordFunnelEvent, visitIdOf } from './recorder.js';

export async function analyticsRoutes(app: FastifyInstance, context: AppContext): Promise<void> {
  app.post('/api/events', async (request, reply) => {
    const event = funnelEventSchema.parse(request.body ?? {});
    recordFunnelEvent(context, {
      visitId: visitIdOf(request),
      step: event.step,
      transformationId: event.transformation_id,
    });
    return reply.status(204).send();
  });
}
