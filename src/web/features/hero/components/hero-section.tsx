/** Home's hero (storefront §2): the owner's headline, subheadline and background, beside the upload. */
import type { ReactNode } from 'react';
import { Skeleton } from '@/web/components/ui/skeleton';
import { cn } from '@/web/lib/utils';
import { useHero } from '../api/get-hero';

export function HeroSection({ children }: { children: ReactNode }) {
  const { data: hero } = useHero();
  const image = hero?.backgroundImageUrl;

  return (
    <section
      data-testid="hero"
      className={cn(
        'relative overflow-hidden border-b',
        image ? 'bg-primary' : 'bg-gradient-to-b from-secondary/70 to-background',
      )}
    >
      {image && (
        <>
          <img src={image} alt="" data-testid="hero-background" className="absolute inset-0 size-full object-cover" />
          <span className="absolute inset-0 bg-gradient-to-r from-black/70 via-black/45 to-black/15" aria-hidden />
        </>
      )}
      <div className="relative mx-auto grid max-w-6xl items-center gap-10 px-4 py-14 md:grid-cols-2 md:py-20">
        <div className={image ? 'text-white' : undefined}>
          <p
            className={cn(
              'mb-3 text-sm font-semibold uppercase tracking-[0.2em]',
              image ? 'text-white/85' : 'text-accent',
            )}
          >
            Print your journey
          </p>
          {hero ? (
            <>
              <h1 className="text-4xl font-semibold leading-tight md:text-5xl">{hero.headline}</h1>
              {hero.subheadline && (
                <p className={cn('mt-4 max-w-prose text-lg', image ? 'text-white/85' : 'text-muted-foreground')}>
                  {hero.subheadline}
                </p>
              )}
            </>
          ) : (
            <div data-testid="hero-skeleton" className="flex flex-col gap-3">
              <Skeleton className="h-12 w-11/12" />
              <Skeleton className="h-12 w-2/3" />
              <Skeleton className="mt-3 h-5 w-full" />
              <Skeleton className="h-5 w-5/6" />
            </div>
          )}
        </div>
        {children}
      </div>
    </section>
  );
}
