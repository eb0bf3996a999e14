import { Gallery } from '@/web/features/gallery/components/gallery';
import { HeroSection } from '@/web/features/hero/components/hero-section';
import { RecentArtworks } from '@/web/features/recent-artworks/components/recent-artworks';
import { HomeUpload } from '@/web/pages/home-upload';
import { PAGES } from '@/domain/pages';
import { usePageHead } from '@/web/features/site/lib/use-page-head';

export function HomePage() {
  usePageHead(PAGES.home);
  return (
    <>
      <HeroSection>
        <HomeUpload />
      </HeroSection>
      <RecentArtworks className="mx-auto max-w-6xl px-4 pt-10" />
      <Gallery />
    </>
  );
}
