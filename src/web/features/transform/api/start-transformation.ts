import { useMutation } from '@tanstack/react-query';
import { startErrorMessage } from '@/domain/transformation';
import { apiFetch, ApiError } from '@/web/lib/api-client';
import { rememberTransformationEditToken } from '@/web/lib/transformation-tokens';

export interface StartTransformationInput {
  imageId: string;
  styleId: string;
  email?: string;
}

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
    // A server failure with no message of its own gets the spec's words, never a status code.
    const message = error instanceof ApiError && error.status < 500 ? error.serverMessage : null;
    throw new Error(startErrorMessage(message ?? undefined));
  }
}

export function useStartTransformation() {
  return useMutation({ mutationFn: startTransformation });
}
