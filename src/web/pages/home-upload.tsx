import { Link } from 'react-router';
import { ImagePlus } from 'lucide-react';
import { Button } from '@/web/components/ui/button';

/** The upload area; the upload issue replaces this with the real upload control. */
export function HomeUpload() {
  return (
    <div className="rounded-2xl border-2 border-dashed border-primary/30 bg-card/80 p-10 text-center shadow-sm">
      <ImagePlus className="mx-auto mb-4 size-10 text-primary" aria-hidden />
      <p className="mb-6 text-muted-foreground">Start with any photo from your travels.</p>
      <Button asChild size="lg">
        <Link to="/transform">Upload a photo</Link>
      </Button>
    </div>
  );
}
