/**
 * The OpenAI style engine: sends the photo and the style's prompt to the image-edits endpoint
 * (`POST /v1/images/edits`) and keeps the picture it answers with.
 */
import type OpenAI from 'openai';
import {
  artworkFromOutput,
  failureForStatus,
  HOSTED_DEFAULT_TIMEOUT_MS,
  hostedFailure,
  photoForUpload,
  providerReason,
} from './hosted-ai.js';
import type { StyleEngine, StyleRequest, StyleResult } from '../style-engine.js';

export interface OpenAiEngineOptions {
  apiKey: string;
  /** Defaults to https://api.openai.com/v1. */
  baseUrl?: string;
  /** Always sent: the endpoint's own default is not an image-edit model for every account. */
  model: string;
  timeoutMs?: number;
}

type EditSize = '1536x1024' | '1024x1536' | '1024x1024';

/** The output size whose shape is nearest the photo's, so the AI crops as little as it can. */
export function editSizeFor(width: number, height: number): EditSize {
  const shape = Math.log(width / height);
  const landscape = Math.log(1536 / 1024);
  if (Math.abs(shape) <= landscape / 2) return '1024x1024';
  return shape > 0 ? '1536x1024' : '1024x1536';
}

export function createOpenAiEngine(options: OpenAiEngineOptions): StyleEngine {
  return {
    id: 'openai',
    reportsProgress: false,
    rendersPrintFile: false,
    render: (request) => render(options, request),
  };
}

async function render(options: OpenAiEngineOptions, request: StyleRequest): Promise<StyleResult> {
  if (!request.prompt) throw hostedFailure.rejected('the style has no prompt for the image AI');
  const upload = await photoForUpload(request.photo);
  // Loaded on first use: most shops never call it, and it costs start-up time and memory.
  const sdk = await import('openai');
  const client = new sdk.default({
    apiKey: options.apiKey,
    baseURL: options.baseUrl,
    timeout: options.timeoutMs ?? HOSTED_DEFAULT_TIMEOUT_MS,
    // A retry would repeat a paid edit of up to two minutes; the job decides whether to try again.
    maxRetries: 0,
  });
  let answer: OpenAI.ImagesResponse;
  try {
    answer = await client.images.edit({
      model: options.model,
      image: await sdk.toFile(upload.image, 'photo.jpg', { type: 'image/jpeg' }),
      prompt: request.prompt,
      size: editSizeFor(upload.width, upload.height),
      // The artwork is printed, so the best the model can do is worth its price.
      quality: 'high',
      output_format: 'jpeg',
    });
  } catch (error) {
    throw failureFromOpenAi(sdk, error);
  }
  const b64 = answer.data?.[0]?.b64_json;
  if (!b64) throw hostedFailure.noImage();
  return artworkFromOutput(Buffer.from(b64, 'base64'), request.longSide);
}

function failureFromOpenAi(sdk: typeof import('openai'), error: unknown): Error {
  if (error instanceof sdk.APIConnectionTimeoutError) return hostedFailure.timedOut();
  if (error instanceof sdk.APIConnectionError) return hostedFailure.unreachable();
  if (error instanceof sdk.APIError && typeof error.status === 'number') {
    const body = error.error as { message?: unknown } | undefined;
    // Without a JSON body the client's message is '<status> <body text>'.
    const reason = providerReason(body?.message) || providerReason(error.message.replace(/^\d{3}\s*/, ''));
    return failureForStatus(error.status, reason);
  }
  return error instanceof Error ? error : new Error(String(error));
}
