/**
 * The photo handed from Home to /transform as navigation state (storefront §2 Home):
 * the file, its image id and its public URL.
 */
import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router';

export interface UploadedPhoto {
  /** The file the visitor chose (kept in the history entry, so absent only if a browser drops it). */
  file?: File;
  imageId: string;
  imageUrl: string;
}

function isUploadedPhoto(state: unknown): state is UploadedPhoto {
  const photo = state as Partial<UploadedPhoto> | null;
  return typeof photo?.imageId === 'string' && typeof photo.imageUrl === 'string';
}

/**
 * The photo in this page's navigation state, and a setter that puts a newly uploaded one
 * there: the history entry holds it, so a reload or Back shows the same photo.
 */
export function useNavigationPhoto(): [UploadedPhoto | null, (photo: UploadedPhoto) => void] {
  const location = useLocation();
  const navigate = useNavigate();
  const photo = isUploadedPhoto(location.state) ? location.state : null;
  const setPhoto = useCallback(
    (next: UploadedPhoto) => navigate(`${location.pathname}${location.search}`, { replace: true, state: next }),
    [navigate, location.pathname, location.search],
  );
  return [photo, setPhoto];
}
