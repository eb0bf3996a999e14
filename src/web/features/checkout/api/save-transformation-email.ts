import { useMutation } from '@tanstack/react-query';
import { TRANSFORMATION_MESSAGES } from '@/domain/transformation';
import { apiFetch } from '@/web/lib/api-client';
import { transformationEditToken } from '@/web/lib/transformation-tokens';

/**
 * `PATCH /api/transformations/:id/email` for each artwork in the cart (the spec's
 * update-transformation-email), so the visitor's artwork is kept under their address.
 */
export async function saveTransformationEmail({
  transformationIds,
  email,
}: {
  transformationIds: string[];
  email: string;
}): Promise<void> {
  if (transformationIds.length === 0) throw new Error(TRANSFORMATION_MESSAGES.notStarted);
  try {
    await Promise.all(
      transformationIds.map((id) =>
        apiFetch(`/api/transformations/${encodeURIComponent(id)}/email`, {
          method: 'PATCH',
          json: { email },
          headers: { 'x-transformation-token': transformationEditToken(id) ?? '' },
        }),
      ),
    );
  } catch {
    throw new Error(TRANSFORMATION_MESSAGES.emailFailed);
  }
}

export function useSaveTransformationEmail() {
  return useMutation({ mutationFn: saveTransformationEmail });
}
