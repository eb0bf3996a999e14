import { ArrowRight } from 'lucide-react';
import type { ExamplePair, RecentItem } from '@/domain/gallery';
import { srcSetOf } from '@/domain/images';
import { Skeleton } from '@/web/components/ui/skeleton';
import { useGallery } from '../api/get-gallery';

/** Recent artworks: four columns of the 1120 px section from 768 px, else two. */
const RECENT_SIZES = '(min-width: 1152px) 270px, (min-width: 768px) calc(25vw - 16px), calc(50vw - 24px)';
/** A pair's image: a quarter of the section from 768 px (two pairs side by side), else half. */
const PAIR_IMAGE_SIZES = '(min-width: 1152px) 260px, (min-width: 768px) calc(25vw - 28px), calc(50vw - 36px)';

export function Gallery() {
  const { data, isPending } = useGallery();

  return (
    <section aria-labelledby="gallery-title" className="mx-auto max-w-6xl px-4 py-14">
      <div className="mb-8 text-center">
        <h2 id="gallery-title" className="text-3xl font-semibold md:text-4xl">
          From snapshot to artwork
        </h2>
        <p className="mt-2 text-muted-foreground">A photo from the road, reimagined in a style of your choosing.</p>
      </div>
      {isPending ? (
        <GallerySkeleton />
      ) : data && data.recent.length > 0 ? (
        <RecentGrid items={data.recent} />
      ) : (
        <PairList pairs={data?.pairs ?? []} />
      )}
    </section>
  );
}

function GallerySkeleton() {
  return (
    <div data-testid="gallery-skeleton" className="grid gap-8 md:grid-cols-2">
      {[0, 1].map((i) => (
        <div key={i} className="grid grid-cols-2 gap-3">
          <Skeleton className="aspect-[4/3]" />
          <Skeleton className="aspect-[4/3]" />
        </div>
      ))}
    </div>
  );
}

function PairList({ pairs }: { pairs: ExamplePair[] }) {
  return (
    <div className="grid gap-8 md:grid-cols-2">
      {pairs.map((pair) => (
        <figure key={pair.id} data-testid="example-pair" className="rounded-2xl border bg-card p-3 shadow-sm">
          <div className="relative grid grid-cols-2 gap-3">
            <GalleryImage
              src={pair.originalImageUrl}
              srcSet={srcSetOf(pair.originalRenditions)}
              alt="Original travel photo"
              caption="Original"
            />
            <GalleryImage
              src={pair.transformedImageUrl}
              srcSet={srcSetOf(pair.transformedRenditions)}
              alt="The photo transformed into artwork"
              caption="Artwork"
            />
            <span className="absolute left-1/2 top-1/2 grid size-9 -translate-x-1/2 -translate-y-1/2 place-items-center rounded-full bg-card text-accent shadow-md">
              <ArrowRight className="size-4" aria-hidden />
            </span>
          </div>
        </figure>
      ))}
    </div>
  );
}

function RecentGrid({ items }: { items: RecentItem[] }) {
  return (
    <div className="grid grid-cols-2 gap-4 md:grid-cols-4">
      {items.map((item) => (
        <figure
          key={item.id}
          data-testid="recent-transformation"
          className="overflow-hidden rounded-2xl border bg-card shadow-sm"
        >
          <img
            src={item.imageUrl}
            srcSet={srcSetOf(item.renditions)}
            sizes={RECENT_SIZES}
            alt={`An artwork in ${item.styleName}`}
            loading="lazy"
            className="aspect-square w-full object-cover"
          />
          <figcaption className="p-3">
            <p className="truncate text-sm font-medium">{item.styleName}</p>
            <p className="truncate text-xs text-muted-foreground">
              {new Date(item.createdAt).toLocaleDateString(undefined, {
                day: 'numeric',
                month: 'short',
                year: 'numeric',
              })}
            </p>
          </figcaption>
        </figure>
      ))}
    </div>
  );
}

function GalleryImage({ src, srcSet, alt, caption }: { src: string; srcSet?: string; alt: string; caption: string }) {
  return (
    <div className="overflow-hidden rounded-xl">
      <img
        src={src}
        srcSet={srcSet}
        sizes={srcSet ? PAIR_IMAGE_SIZES : undefined}
        alt={alt}
        loading="lazy"
        className="aspect-[4/3] w-full bg-muted object-cover"
      />
      <p className="mt-2 text-center text-xs font-medium uppercase tracking-wider text-muted-foreground">{caption}</p>
    </div>
  );
}
