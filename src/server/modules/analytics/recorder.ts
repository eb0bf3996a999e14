/**
 * Recording the funnel: one row per step a visit reaches. A row is written after the answer
 * is on its way and a failure only reaches the log, so recording never slows or fails a
 * visitor's request.
 */
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { VISIT_HEADER, type FunnelStep } from '../../../domain/analytics.js';
import type { AppContext } from '../../context.js';
import { insertFunnelEventOnce } from './repository.js';

export interface FunnelEvent {
  visitId: string | null;
  step: FunnelStep;
  transformationId?: string | null;
  orderId?: string | null;
}

const visitIdSchema = z.uuid();

/** The request's visit id, when it sent a well-formed one. */
export function visitIdOf(request: FastifyRequest): string | null {
  const parsed = visitIdSchema.safeParse(request.headers[VISIT_HEADER]);
  return parsed.success ? parsed.data : null;
}

/**
 * Queues the row and returns at once; nothing is recorded for a request without a visit id.
 * A visit has one row per step at most (the funnel counts visits, not repeats), so the rows
 * one visit can make are bounded however often it reports.
 */
export function recordFunnelEvent(context: AppContext, event: FunnelEvent): void {
  if (!event.visitId) return;
  const { visitId, step } = event;
  const write = () =>
    insertFunnelEventOnce(context.db, {
      visitId,
      step,
      transformationId: event.transformationId ?? null,
      orderId: event.orderId ?? null,
    });
  setImmediate(() => {
    write().catch((error: unknown) =>
      context.log.warn({ err: error, step: event.step }, 'could not record a funnel event'),
    );
  });
}
