/** POST /api/events: the funnel steps only the browser sees (artwork shown, mockups, cart). */
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import { ANALYTICS_MESSAGES, funnelEventSchema } from '../../../domain/analytics.js';
import type { AppContext } from '../../context.js';
import { badRequest, HttpError } from '../../http/errors.js';
import { recordFunnelEvent, visitIdOf } from './recorder.js';
import { transformationExists } from './service.js';
import { describeRoute } from '../../http/api-description.js';

/**
 * A visit reports a few steps per artwork it looks at; an address may hold a household or an
 * office. Past these, events are refused (429): a flood from one place writes nothing more.
 * Counted in this process's memory: with several web processes each counts its own.
 */
export const EVENTS_PER_ADDRESS = { max: 120, timeWindow: 10 * 60 * 1000 };
export const EVENTS_PER_VISIT = { max: 30, timeWindow: 10 * 60 * 1000 };
/** The visits counted at once; a flood of new visit ids is held by the address limit meanwhile. */
const VISITS_COUNTED = 50_000;

const tooMany = () => new HttpError(429, ANALYTICS_MESSAGES.tooManyEvents, { code: 'rate_limited' });

/** Counts a visit's events in fixed windows; answers whether this one is within its limit. */
function visitLimiter({ max, timeWindow }: typeof EVENTS_PER_VISIT) {
  const windows = new Map<string, { count: number; resetAt: number }>();
  return (visitId: string, now = Date.now()): boolean => {
    let window = windows.get(visitId);
    if (!window || window.resetAt <= now) {
      if (windows.size >= VISITS_COUNTED) windows.clear();
      window = { count: 0, resetAt: now + timeWindow };
      windows.set(visitId, window);
    }
    window.count += 1;
    return window.count <= max;
  };
}

export async function analyticsRoutes(app: FastifyInstance, context: AppContext): Promise<void> {
  const withinVisitLimit = visitLimiter(EVENTS_PER_VISIT);
  await app.register(async (limited) => {
    // Only routes that ask for a limit get one: here, per address.
    await limited.register(rateLimit, { global: false, errorResponseBuilder: tooMany });

    limited.post(
      '/api/events',
      {
        schema: describeRoute('Records a funnel step the browser sees (artwork shown, mockups viewed, added to cart)', {
          body: funnelEventSchema,
        }),
        config: { rateLimit: EVENTS_PER_ADDRESS },
      },
      async (request, reply) => {
        const visitId = visitIdOf(request);
        if (visitId && !withinVisitLimit(visitId)) throw tooMany();
        const event = funnelEventSchema.parse(request.body ?? {});
        if (!(await transformationExists(context, event.transformation_id))) {
          throw badRequest(ANALYTICS_MESSAGES.unknownArtwork, { field: 'transformation_id' });
        }
        recordFunnelEvent(context, { visitId, step: event.step, transformationId: event.transformation_id });
        return reply.status(204).send();
      },
    );
  });
}
