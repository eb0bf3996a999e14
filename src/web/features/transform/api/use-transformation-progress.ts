/**
 * Follows a transformation to its end. The server streams real progress as events; where
 * an engine reports none, the spec's simulated curve fills the bar; when the stream cannot
 * be used, the page polls every 3 s for at most 5 minutes (storefront §4, §9).
 */
import { useEffect, useRef, useState } from 'react';
import type { Rendition } from '@/domain/images';
import {
  failureMessage,
  nextSimulatedProgress,
  POLL_INTERVAL_MS,
  POLL_TIMEOUT_MS,
  type QueuePlace,
  SIMULATED_PROGRESS,
  stageFor,
  TRANSFORMATION_MESSAGES,
  type TransformationState,
} from '@/domain/transformation';
import { ApiError } from '@/web/lib/api-client';
import { getTransformation, transformationEventsUrl } from './get-transformation';

export interface TransformationProgress {
  status: 'idle' | 'processing' | 'completed' | 'failed';
  progress: number;
  stage: string;
  publicUrl: string | null;
  /** Smaller copies of the artwork for `srcset` (none on artworks made before they existed). */
  renditions: Rendition[];
  originalUrl: string | null;
  /** The style it is made in, once the server has said. */
  styleId: string | null;
  error: string | null;
  /** While the artwork waits for a free engine: its place in line and the server's estimate. */
  queue: QueuePlace | null;
}

const IDLE: TransformationProgress = {
  status: 'idle',
  progress: 0,
  stage: '',
  publicUrl: null,
  renditions: [],
  originalUrl: null,
  styleId: null,
  error: null,
  queue: null,
};

export function useTransformationProgress(transformationId: string | null): TransformationProgress {
  const [state, setState] = useState<TransformationProgress>(IDLE);
  const simulated = useRef<number>(SIMULATED_PROGRESS.start);

  useEffect(() => {
    if (!transformationId) {
      setState(IDLE);
      return;
    }
    let finished = false;
    let reportsProgress = false;
    /** Waiting in line: the bar does not pretend to move. */
    let queued = false;
    simulated.current = SIMULATED_PROGRESS.start;
    setState({
      ...IDLE,
      status: 'processing',
      progress: SIMULATED_PROGRESS.start,
      stage: stageFor(SIMULATED_PROGRESS.start),
    });

    const apply = (next: TransformationState) => {
      if (finished) return;
      if (next.status === 'completed') {
        finished = true;
        setState({
          status: 'completed',
          progress: 100,
          stage: stageFor(100),
          publicUrl: next.publicUrl,
          renditions: next.renditions ?? [],
          originalUrl: next.originalUrl,
          styleId: next.styleId,
          error: null,
          queue: null,
        });
      } else if (next.status === 'failed') {
        finished = true;
        setState((previous) => ({
          ...previous,
          status: 'failed',
          originalUrl: next.originalUrl,
          styleId: next.styleId,
          error: failureMessage(next.error),
          queue: null,
        }));
      } else if (next.progress != null) {
        reportsProgress = true;
        queued = false;
        // Never let the bar go backwards from the simulated start.
        const progress = Math.max(next.progress, SIMULATED_PROGRESS.start);
        setState((previous) => ({
          ...previous,
          progress: Math.max(previous.progress, progress),
          stage: stageFor(progress),
          originalUrl: next.originalUrl,
          styleId: next.styleId,
          queue: null,
        }));
      } else {
        queued = Boolean(next.queue);
        setState((previous) => ({
          ...previous,
          originalUrl: next.originalUrl,
          styleId: next.styleId,
          queue: next.queue ?? null,
        }));
      }
    };

    const simulation = window.setInterval(() => {
      if (finished || reportsProgress || queued) return;
      simulated.current = nextSimulatedProgress(simulated.current);
      const progress = simulated.current;
      setState((previous) =>
        previous.status === 'processing' ? { ...previous, progress, stage: stageFor(progress) } : previous,
      );
    }, SIMULATED_PROGRESS.everyMs);

    let pollTimer: number | undefined;
    const startedAt = Date.now();
    const poll = async () => {
      if (finished) return;
      if (Date.now() - startedAt > POLL_TIMEOUT_MS) {
        finished = true;
        setState((previous) => ({ ...previous, status: 'failed', error: TRANSFORMATION_MESSAGES.timedOut }));
        return;
      }
      try {
        apply(await getTransformation(transformationId));
      } catch (error) {
        // A link to an artwork that does not exist ends here; any other missed check is retried.
        if (error instanceof ApiError && error.status === 404) {
          finished = true;
          setState({ ...IDLE, status: 'failed', error: TRANSFORMATION_MESSAGES.notFound });
          return;
        }
      }
      if (!finished) pollTimer = window.setTimeout(poll, POLL_INTERVAL_MS);
    };

    let events: EventSource | undefined;
    if (typeof EventSource === 'undefined') {
      void poll();
    } else {
      events = new EventSource(transformationEventsUrl(transformationId));
      events.addEventListener('state', (event) => apply(JSON.parse((event as MessageEvent<string>).data)));
      events.onerror = () => {
        events?.close();
        events = undefined;
        // The stream ended or failed: polling takes over until the end.
        if (!finished) void poll();
      };
    }

    return () => {
      finished = true;
      events?.close();
      window.clearInterval(simulation);
      window.clearTimeout(pollTimer);
    };
  }, [transformationId]);

  return state;
}
