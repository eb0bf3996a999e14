import { useMutation } from '@tanstack/react-query';
import { startErrorMessage } from '@/domain/transformation';
import { apiFetch, ApiError } from '@/web/lib/api-client';

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

const tokenKey = (transformationId: string) => `wanderer.transformation-token.${transformationId}`;

/** The token lives for the tab's session, keyed by the artwork, for the checkout's e-mail step. */
export function transformationEditToken(transformationId: string): string | null {
  try {
    return sessionStorage.getItem(tokenKey(transformationId));
  } catch {
    return null;
  }
}

export async function startTransformation(input: StartTransformationInput): Promise<StartTransformationResult> {
  try {
    const result = await apiFetch<StartTransformationResult>('/api/transformations', { method: 'POST', json: input });
    try {
      sessionStorage.setItem(tokenKey(result.transformationId), result.editToken);
    } catch {
      // Storage refused (private mode quota): the e-mail step will say it cannot save.
    }
    return result;
  } catch (error) {
    throw new Error(startErrorMessage(error instanceof ApiError ? error.message : undefined));
  }
}

export function useStartTransformation() {
  return useMutation({ mutationFn: startTransformation });
}
