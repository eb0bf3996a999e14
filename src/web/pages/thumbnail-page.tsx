import { ArrowRight } from 'lucide-react';
import { useSite } from '@/web/features/site/api/get-site';
import { useEffect, useState } from 'react';
import { PAGES, SHARE_IMAGE } from '@/domain/pages';
import { usePageHead } from '@/web/features/site/lib/use-page-head';

/** A static 1200×630 promotional image (for link previews): an original, its artwork, the title. */
export function ThumbnailPage() {
  usePageHead(PAGES.thumbnail);
  const { data: site } = useSite();
  const title = site?.siteName ?? 'Wanderer';
  // The card is 1200×630 (the share image's size); a narrower window sees it whole, scaled down.
  const scale = useWindowScale(SHARE_IMAGE.width);
  return (
    <main className="overflow-hidden" style={{ width: SHARE_IMAGE.width * scale, height: SHARE_IMAGE.height * scale }}>
      <div
        className="relative flex h-[630px] w-[1200px] origin-top-left overflow-hidden bg-primary text-primary-foreground"
        style={scale < 1 ? { transform: `scale(${scale})` } : undefined}
        data-testid="thumbnail"
      >
        <div className="flex w-[460px] flex-col justify-center gap-5 px-14">
          <img src="/favicon.svg" alt="" className="size-16" />
          <h1 className="text-6xl font-semibold leading-none">{title}</h1>
          <p className="text-2xl leading-snug text-primary-foreground/85">
            Turn your travel photos into personal artwork.
          </p>
          {/* The accent's rust on the teal ground reads at 1.8:1; a light warm tint of it reads at over 7:1. */}
          <p className="text-lg font-medium uppercase tracking-[0.2em] text-[#f6c9a4]">Print your journey</p>
        </div>
        <div className="relative flex flex-1 items-center gap-6 pr-12">
          <Frame src="/files/examples/pair-1-original.jpg" caption="Your photo" tilt="-rotate-3" />
          <span className="z-10 grid size-14 shrink-0 place-items-center rounded-full bg-accent text-accent-foreground shadow-xl">
            <ArrowRight className="size-7" aria-hidden />
          </span>
          <Frame src="/files/examples/pair-1-artwork.jpg" caption="Your artwork" tilt="rotate-2" />
        </div>
      </div>
    </main>
  );
}

function useWindowScale(width: number): number {
  const [scale, setScale] = useState(() => Math.min(1, window.innerWidth / width));
  useEffect(() => {
    const resize = () => setScale(Math.min(1, window.innerWidth / width));
    window.addEventListener('resize', resize);
    return () => window.removeEventListener('resize', resize);
  }, [width]);
  return scale;
}

function Frame({ src, caption, tilt }: { src: string; caption: string; tilt: string }) {
  return (
    <figure
      className={`${tilt} w-[300px] shrink-0 rounded-sm bg-white p-3 pb-10 text-center text-lg text-primary shadow-2xl`}
    >
      <img src={src} alt={caption} className="aspect-[4/5] w-full object-cover" />
      <figcaption className="mt-3 font-display">{caption}</figcaption>
    </figure>
  );
}
