/**
 * The Replicate style engine: starts a prediction of an image-edit model with the style's
 * prompt and the photo, polls it until it ends, and copies the output at once because
 * Replicate deletes outputs after an hour.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import Replicate, { type Prediction, parseProgressFromLogs } from 'replicate';
import {
  artworkFromOutput,
  failureForReason,
  failureForStatus,
  HOSTED_DEFAULT_TIMEOUT_MS,
  hostedFailure,
  photoForUpload,
  providerReason,
} from './hosted-ai.js';
import { type StyleEngine, StyleEngineError, type StyleRequest, type StyleResult } from '../style-engine.js';

export interface ReplicateEngineOptions {
  apiToken: string;
  /** Defaults to https://api.replicate.com/v1. */
  baseUrl?: string;
  /** `owner/name` of an official model, or `owner/name:version` for any other. */
  model: string;
  /** For the whole render: start, polls and the copy of the output. */
  timeoutMs?: number;
  pollIntervalMs?: number;
}

const DEFAULT_POLL_INTERVAL_MS = 1_000;
const CANCEL_TIMEOUT_MS = 10_000;

/** Where each stage of a prediction puts the visitor's progress bar. */
const PROGRESS = { created: 0.05, processing: 0.15, processed: 0.9, copied: 0.95 } as const;

export function createReplicateEngine(options: ReplicateEngineOptions): StyleEngine {
  return {
    id: 'replicate',
    reportsProgress: true,
    rendersPrintFile: false,
    render: (request, onProgress) => render(options, request, onProgress),
  };
}

async function render(
  options: ReplicateEngineOptions,
  request: StyleRequest,
  onProgress?: (fraction: number) => void,
): Promise<StyleResult> {
  if (!request.prompt) throw hostedFailure.rejected('the style has no prompt for the image AI');
  const upload = await photoForUpload(request.photo);
  const deadline = AbortSignal.timeout(options.timeoutMs ?? HOSTED_DEFAULT_TIMEOUT_MS);
  const fetchBeforeDeadline = (input: Request | string | URL, init?: RequestInit) =>
    fetch(input, { ...init, signal: init?.signal ? AbortSignal.any([init.signal, deadline]) : deadline });
  const replicate = new Replicate({ auth: options.apiToken, baseUrl: options.baseUrl, fetch: fetchBeforeDeadline });
  const report = progressReporter(onProgress);

  let prediction: Prediction | undefined;
  try {
    const [model, version] = options.model.split(':');
    const input = { prompt: request.prompt, input_image: `data:image/jpeg;base64,${upload.image.toString('base64')}` };
    prediction = await replicate.predictions.create(version ? { version, input } : { model, input });
    report(progressOf(prediction));
    while (!hasEnded(prediction)) {
      await sleep(options.pollIntervalMs ?? DEFAULT_POLL_INTERVAL_MS, undefined, { signal: deadline });
      prediction = await replicate.predictions.get(prediction.id);
      report(progressOf(prediction));
    }
    if (prediction.status !== 'succeeded') {
      const ending =
        prediction.status === 'failed' ? 'the prediction failed' : `the prediction was ${prediction.status}`;
      throw failureForReason(providerReason(prediction.error) || ending);
    }
    const output = await copyOutput(prediction.output, fetchBeforeDeadline);
    report(PROGRESS.copied);
    const artwork = await artworkFromOutput(output, request.longSide);
    report(1);
    return artwork;
  } catch (error) {
    if (prediction && !hasEnded(prediction)) cancelQuietly(options, prediction.id);
    throw failureFromReplicate(error, deadline);
  }
}

function hasEnded(prediction: Prediction): boolean {
  return ['succeeded', 'failed', 'canceled', 'aborted'].includes(prediction.status);
}

function progressOf(prediction: Prediction): number {
  if (hasEnded(prediction)) return PROGRESS.processed;
  if (prediction.status !== 'processing') return PROGRESS.created;
  const logged = parseProgressFromLogs(prediction)?.percentage ?? 0;
  return PROGRESS.processing + (PROGRESS.processed - PROGRESS.processing) * Math.min(1, logged);
}

/** Reports only forward moves, so a repeated poll never sends the bar back. */
function progressReporter(onProgress?: (fraction: number) => void) {
  let reported = 0;
  return (fraction: number) => {
    if (!onProgress || fraction <= reported) return;
    reported = fraction;
    onProgress(fraction);
  };
}

/** Models answer one URL or a list of them; the first picture is the artwork. */
async function copyOutput(output: unknown, fetchBeforeDeadline: typeof fetch): Promise<Buffer> {
  const url =
    typeof output === 'string' ? output : Array.isArray(output) ? output.find((o) => typeof o === 'string') : undefined;
  if (!url) throw hostedFailure.noImage();
  const response = await fetchBeforeDeadline(url);
  if (!response.ok) {
    await response.body?.cancel();
    throw hostedFailure.rejected(`the image AI's result could not be downloaded (${response.status})`);
  }
  return Buffer.from(await response.arrayBuffer());
}

/** An abandoned prediction would run on, and be billed, for nothing. */
function cancelQuietly(options: ReplicateEngineOptions, predictionId: string): void {
  const replicate = new Replicate({
    auth: options.apiToken,
    baseUrl: options.baseUrl,
    fetch: (input, init) => fetch(input, { ...init, signal: AbortSignal.timeout(CANCEL_TIMEOUT_MS) }),
  });
  replicate.predictions.cancel(predictionId).catch(() => undefined);
}

interface ReplicateApiError extends Error {
  response: Response;
}

function isApiError(error: unknown): error is ReplicateApiError {
  return (
    error instanceof Error &&
    error.name === 'ApiError' &&
    (error as Partial<ReplicateApiError>).response instanceof Response
  );
}

function failureFromReplicate(error: unknown, deadline: AbortSignal): Error {
  if (error instanceof StyleEngineError) return error;
  if (deadline.aborted) return hostedFailure.timedOut();
  if (isApiError(error)) {
    // The client has read the answer already and kept its body only in the message.
    const body = /failed with status \d+[^:]*: ([\s\S]*)\.$/.exec(error.message)?.[1] ?? '';
    return failureForStatus(error.response.status, reasonFromBody(body));
  }
  if (error instanceof TypeError && error.message === 'fetch failed') return hostedFailure.unreachable();
  return error instanceof Error ? error : new Error(String(error));
}

/** Replicate answers errors as problem details: `{title, detail, status}`. */
function reasonFromBody(body: string): string {
  try {
    const parsed = JSON.parse(body) as { detail?: unknown; title?: unknown };
    return providerReason(parsed.detail) || providerReason(parsed.title);
  } catch {
    return providerReason(body);
  }
}
