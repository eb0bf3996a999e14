import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { GALLERY_CONSENT_TEXT, type GalleryConsentUpdate } from '@/domain/gallery';
import type { TransformationState } from '@/domain/transformation';
import { apiFetch, shopperMessage } from '@/web/lib/api-client';
import { transformationEditToken } from '@/web/lib/transformation-tokens';

/** An artwork's say over the gallery, as the server keeps it. */
export const artworkConsentQuery = (transformationId: string) =>
  queryOptions({
    queryKey: ['artwork-gallery', transformationId],
    queryFn: async () =>
      (await apiFetch<TransformationState>(`/api/transformations/${transformationId}`)).galleryConsent,
  });

export function useArtworkConsent(transformationId: string) {
  return useQuery(artworkConsentQuery(transformationId));
}

/** Whether this browser may change it: it made the artwork, or it came from the order's page. */
export function canChangeConsent(transformationId: string, orderId?: string): boolean {
  return Boolean(orderId) || transformationEditToken(transformationId) !== null;
}

export async function setArtworkConsent(
  transformationId: string,
  update: GalleryConsentUpdate,
): Promise<TransformationState> {
  try {
    return await apiFetch<TransformationState>(`/api/transformations/${transformationId}/gallery`, {
      method: 'PUT',
      json: update,
      headers: { 'x-transformation-token': transformationEditToken(transformationId) ?? '' },
    });
  } catch (error) {
    throw new Error(shopperMessage(error, GALLERY_CONSENT_TEXT.changeFailed));
  }
}

/** Changes it, and Home's gallery with it. */
export function useSetArtworkConsent(transformationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (update: GalleryConsentUpdate) => setArtworkConsent(transformationId, update),
    onSuccess: (state) => {
      queryClient.setQueryData(artworkConsentQuery(transformationId).queryKey, state.galleryConsent);
      void queryClient.invalidateQueries({ queryKey: ['gallery'] });
    },
  });
}
