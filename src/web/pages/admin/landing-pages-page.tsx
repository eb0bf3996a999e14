/** /admin/landing-pages: a placeholder (admin §1, §2); its two buttons do nothing yet. */
import { Bell, PanelsTopLeft, Plus } from 'lucide-react';
import { Button } from '@/web/components/ui/button';
import { ComingSoon } from './coming-soon';

export function LandingPagesPage() {
  return (
    <ComingSoon
      title="Landing Pages"
      icon={PanelsTopLeft}
      text="Build campaign pages for destinations, seasons and gifts. This is on its way."
    >
      <Button type="button">
        <Plus aria-hidden /> Create New Page
      </Button>
      <Button type="button" variant="outline">
        <Bell aria-hidden /> Notify Me
      </Button>
    </ComingSoon>
  );
}
