import { Gallery } from '@/web/features/gallery/components/gallery';
import { HomeUpload } from '@/web/pages/home-upload';

export function HomePage() {
  return (
    <>
      <section className="relative overflow-hidden border-b bg-gradient-to-b from-secondary/70 to-background">
        <div className="mx-auto grid max-w-6xl items-center gap-10 px-4 py-14 md:grid-cols-2 md:py-20">
          <div>
            <p className="mb-3 text-sm font-semibold uppercase tracking-[0.2em] text-accent">Print your journey</p>
            <h1 className="text-4xl font-semibold leading-tight md:text-5xl">Turn your travel photos into personal artwork</h1>
            <p className="mt-4 max-w-prose text-lg text-muted-foreground">
              Upload a photo from your travels, choose an art style, and see it on mugs, posters, canvas and shirts — printed
              and shipped to your door, supporting local artists in the places you travelled.
            </p>
          </div>
          <HomeUpload />
        </div>
      </section>
      <Gallery />
    </>
  );
}
