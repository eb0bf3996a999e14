/**
 * The photo on /transform lives in the URL, `/transform?image={id}` (storefront §2 Home, and
 * ours: a reload, Back/Forward or a shared link shows the same photo). Its file name rides
 * along as navigation state, which is only a nicety: without it the photo still shows.
 */
import { useCallback } from 'react';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { apiFetch } from '@/web/lib/api-client';

export interface UploadedPhoto {
  imageId: string;
  imageUrl: string;
  /** The name of the file the visitor chose, when this page saw it chosen. */
  fileName?: string;
}

const photoQuery = (imageId: string) =>
  queryOptions({
    queryKey: ['images', imageId],
    queryFn: () => apiFetch<{ id: string; url: string }>(`/api/images/${encodeURIComponent(imageId)}`),
    staleTime: Infinity,
  });

/** Where /transform shows this photo. */
export function transformPath(photo: Pick<UploadedPhoto, 'imageId'>, artworkId?: string | null): string {
  const params = new URLSearchParams({ image: photo.imageId });
  if (artworkId) params.set('artwork', artworkId);
  return `/transform?${params}`;
}

export interface UrlPhoto {
  photo: UploadedPhoto | null;
  /** The URL names a photo not loaded yet. */
  loading: boolean;
  /** The photo in the URL could not be found (a stale or mistyped link). */
  missing: boolean;
  setPhoto: (photo: UploadedPhoto) => void;
}

/** The photo named by `?image=`, and a setter that puts a newly uploaded one there. */
export function useUrlPhoto(): UrlPhoto {
  const [params, setParams] = useSearchParams();
  const location = useLocation();
  const queryClient = useQueryClient();
  const imageId = params.get('image');
  const query = useQuery({ ...photoQuery(imageId ?? ''), enabled: imageId !== null });
  const state = location.state as { fileName?: unknown } | null;
  const fileName = typeof state?.fileName === 'string' ? state.fileName : undefined;

  const setPhoto = useCallback(
    (next: UploadedPhoto) => {
      queryClient.setQueryData(photoQuery(next.imageId).queryKey, { id: next.imageId, url: next.imageUrl });
      setParams({ image: next.imageId }, { replace: true, state: { fileName: next.fileName } });
    },
    [queryClient, setParams],
  );

  const photo = imageId && query.data ? { imageId, imageUrl: query.data.url, fileName } : null;
  return { photo, loading: imageId !== null && query.isPending, missing: query.isError, setPhoto };
}

/** Home's hand-over: a new history entry on /transform for the uploaded photo. */
export function useShowPhotoOnTransform(): (photo: UploadedPhoto) => void {
  const navigate = useNavigate();
  return useCallback(
    (photo: UploadedPhoto) => void navigate(transformPath(photo), { state: { fileName: photo.fileName } }),
    [navigate],
  );
}
