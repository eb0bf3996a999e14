/** 'Your recent artworks': this browser's own artworks, each a link back to it on /transform. */
import { History, X } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/web/components/ui/button';
import { recentArtworks, useRecentArtworks } from '../lib/recent-artworks-store';

const madeOn = (iso: string) =>
  new Date(iso).toLocaleDateString(undefined, { day: 'numeric', month: 'short', year: 'numeric' });

export function RecentArtworks({ className }: { className?: string }) {
  const items = useRecentArtworks();
  if (items.length === 0) return null;
  return (
    <section aria-labelledby="recent-artworks-title" className={className} data-testid="recent-artworks">
      <div className="mb-3 flex items-baseline justify-between gap-3">
        <h2 id="recent-artworks-title" className="flex items-center gap-2 text-xl font-semibold">
          <History className="size-5 text-muted-foreground" aria-hidden /> Your recent artworks
        </h2>
        <span className="text-xs text-muted-foreground">Kept in this browser only</span>
      </div>
      <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3">
        {items.map((item) => {
          const params = new URLSearchParams({ image: item.imageId, artwork: item.transformationId });
          const label = `${item.styleName ?? 'Your artwork'}, made ${madeOn(item.madeAt)}`;
          return (
            <li key={item.transformationId} className="group relative" data-testid="recent-artwork">
              <Link
                to={`/transform?${params}`}
                aria-label={`Open ${label}`}
                className="block overflow-hidden rounded-xl border bg-card shadow-sm transition hover:shadow-md focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
              >
                <img
                  src={item.artworkUrl}
                  alt=""
                  loading="lazy"
                  className="aspect-[4/3] w-full bg-muted object-cover"
                />
                <span className="block truncate px-3 py-2 text-sm">
                  <span className="font-medium">{item.styleName ?? 'Your artwork'}</span>
                  <span className="block text-xs text-muted-foreground">{madeOn(item.madeAt)}</span>
                </span>
              </Link>
              <Button
                variant="secondary"
                size="icon"
                className="absolute top-1.5 right-1.5 size-7 rounded-full opacity-90"
                aria-label={`Forget ${label}`}
                title="Forget in this browser"
                onClick={() => recentArtworks.forget(item.transformationId)}
              >
                <X aria-hidden />
              </Button>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
