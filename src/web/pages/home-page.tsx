import { Gallery } from '@/web/features/gallery/components/gallery';
import { HeroSection } from '@/web/features/hero/components/hero-section';
import { HomeUpload } from '@/web/pages/home-upload';

export function HomePage() {
  return (
    <>
      <HeroSection>
        <HomeUpload />
      </HeroSection>
      <Gallery />
    </>
  );
}
