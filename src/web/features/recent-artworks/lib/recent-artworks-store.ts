/**
 * 'Your recent artworks' (issue 34): the artworks this browser made, kept in localStorage so a
 * visitor who closes the browser and comes back to Home or /transform gets them back without
 * the URL. Nothing of it leaves the browser; the newest first, at most RECENT_ARTWORKS_MAX.
 */
import { useSyncExternalStore } from 'react';

export const RECENT_ARTWORKS_MAX = 6;
const STORAGE_KEY = 'wanderer.recent-artworks.v1';

export interface RecentArtwork {
  transformationId: string;
  imageId: string;
  artworkUrl: string;
  styleName: string | null;
  madeAt: string;
}

const listeners = new Set<() => void>();
let artworks: RecentArtwork[] = read();

function read(): RecentArtwork[] {
  try {
    const stored = JSON.parse(localStorage.getItem(STORAGE_KEY) ?? '[]');
    return Array.isArray(stored)
      ? stored.filter(
          (item): item is RecentArtwork =>
            typeof item?.transformationId === 'string' &&
            typeof item.imageId === 'string' &&
            typeof item.artworkUrl === 'string',
        )
      : [];
  } catch {
    return [];
  }
}

function write(next: RecentArtwork[]): void {
  artworks = next;
  try {
    localStorage.setItem(STORAGE_KEY, JSON.stringify(next));
  } catch {
    // Storage refused (private browsing): the list lasts for this visit only.
  }
  listeners.forEach((listener) => listener());
}

window.addEventListener('storage', (event) => {
  if (event.key === STORAGE_KEY) {
    artworks = read();
    listeners.forEach((listener) => listener());
  }
});

export const recentArtworks = {
  /** Puts the artwork first; one made again (a new style) is a new artwork, and is kept too. */
  remember(artwork: Omit<RecentArtwork, 'madeAt'> & { madeAt?: string }): void {
    if (artworks[0]?.transformationId === artwork.transformationId) return;
    const entry = { ...artwork, madeAt: artwork.madeAt ?? new Date().toISOString() };
    write(
      [entry, ...artworks.filter((item) => item.transformationId !== artwork.transformationId)].slice(
        0,
        RECENT_ARTWORKS_MAX,
      ),
    );
  },
  forget(transformationId: string): void {
    write(artworks.filter((item) => item.transformationId !== transformationId));
  },
};

export function useRecentArtworks(): RecentArtwork[] {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => artworks,
  );
}
