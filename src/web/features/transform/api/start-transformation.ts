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
}

export async function startTransformation(input: StartTransformationInput): Promise<StartTransformationResult> {
  try {
    return await apiFetch<StartTransformationResult>('/api/transformations', { method: 'POST', json: input });
  } catch (error) {
    throw new Error(startErrorMessage(error instanceof ApiError ? error.message : undefined));
  }
}

export function useStartTransformation() {
  return useMutation({ mutationFn: startTransformation });
}
