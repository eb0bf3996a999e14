import type { TransformationState } from '@/domain/transformation';
import { apiFetch } from '@/web/lib/api-client';

/** The status check the visitor's page falls back to when the event stream is unavailable. */
export function getTransformation(id: string): Promise<TransformationState> {
  return apiFetch<TransformationState>(`/api/transformations/${id}`);
}

/** Server-sent events with every change of the transformation's state. */
export function transformationEventsUrl(id: string): string {
  return `/api/transformations/${id}/events`;
}
