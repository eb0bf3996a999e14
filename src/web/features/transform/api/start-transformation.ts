import { useMutation } from '@tanstack/react-query';
import { startErrorMessage, type StartTransformationRequest } from '@/domain/transformation';
import { apiFetch, ApiError } from '@/web/lib/api-client';
import { rememberTransformationEditToken } from '@/web/lib/transformation-tokens';

/** The request's contract (src/domain); the web always asks the gallery question before the artwork is made. */
export type StartTransformationInput = StartTransformationRequest & { galleryConsent: boolean };

export interface StartTransformationResult {
  success: boolean;
  transformationId: string;
  status: 'processing';
  /** Proof that this browser started the artwork: needed to change its e-mail later. */
  editToken: string;
}

export async function startTransformation(input: StartTransformationInput): Promise<StartTransformationResult> {
  try {
    const result = await apiFetch<StartTransformationResult>('/api/transformations', { method: 'POST', json: input });
    rememberTransformationEditToken(result.transformationId, result.editToken);
    return result;
  } catch (error) {
    throw new Error(startErrorMessage(startError(error)));
  }
}

/**
 * What the start answered, for the spec's message building: the server's own words for a
 * refusal, 'Payload Too Large' for a 413 (a proxy's too), and nothing for a crash or a lost
 * connection, which then reads 'Failed to call transformation function' — never a status code.
 */
function startError(error: unknown): string | undefined {
  if (!(error instanceof ApiError)) return undefined;
  if (error.status === 413) return error.serverMessage ?? 'Payload Too Large';
  return error.status < 500 ? (error.serverMessage ?? undefined) : undefined;
}

export function useStartTransformation() {
  return useMutation({ mutationFn: startTransformation });
}
