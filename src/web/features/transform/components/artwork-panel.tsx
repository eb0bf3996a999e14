import { Download, Sparkles } from 'lucide-react';
import { useEffect, useRef, type ReactNode } from 'react';
import { srcSetOf } from '@/domain/images';
import { queueMessage } from '@/domain/transformation';
import { Button } from '@/web/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/web/components/ui/card';
import { Progress } from '@/web/components/ui/progress';
import type { TransformationProgress } from '../api/use-transformation-progress';
import { CompareSlider } from './compare-slider';

/** The panel is half the page from 1024 px (a 1120 px page less the gap and padding), else the page less its padding. */
const ARTWORK_SIZES = '(min-width: 1024px) 500px, calc(100vw - 80px)';

/** 'Your Artwork': the progress while it is made, then the artwork beside its original. */
export function ArtworkPanel({
  progress,
  styleName,
  footer,
  awaited = false,
  onShown,
}: {
  progress: TransformationProgress;
  styleName?: string;
  /** The visitor pressed Transform for this artwork and is waiting for it here. */
  awaited?: boolean;
  onShown?: () => void;
  /** Shown under a finished artwork (the page's gallery choice). */
  footer?: ReactNode;
}) {
  // The artwork the visitor waited for takes focus as it appears (issue 34), so the keyboard
  // goes on from it to the products; an artwork opened from a link does not.
  const title = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (!awaited || progress.status !== 'completed' || !progress.publicUrl) return;
    title.current?.focus();
    onShown?.();
  }, [awaited, progress.status, progress.publicUrl, onShown]);
  return (
    <Card data-testid="artwork-panel">
      <CardHeader className="pb-4">
        <CardTitle
          ref={title}
          tabIndex={-1}
          aria-describedby={progress.status === 'completed' ? 'artwork-stage' : undefined}
          className="flex items-center gap-2 text-lg outline-none"
        >
          <Sparkles className="size-5 text-accent" aria-hidden />
          Your Artwork
        </CardTitle>
      </CardHeader>
      <CardContent>
        {progress.status === 'idle' && (
          <div className="grid aspect-[4/3] place-items-center rounded-xl border-2 border-dashed bg-muted/50 p-6 text-center text-muted-foreground">
            Select a style and transform to see your artwork
          </div>
        )}
        {progress.status === 'processing' && (
          <div
            className="grid aspect-[4/3] content-center gap-4 rounded-xl bg-gradient-to-br from-secondary/60 to-muted p-8"
            aria-live="polite"
          >
            <div className="relative mx-auto size-16">
              <span className="absolute inset-0 animate-ping rounded-full bg-accent/30" />
              <span className="absolute inset-2 grid place-items-center rounded-full bg-accent text-accent-foreground">
                <Sparkles className="size-6" aria-hidden />
              </span>
            </div>
            {progress.queue ? (
              <p className="text-center font-medium" data-testid="transform-queue">
                {queueMessage(progress.queue)}
              </p>
            ) : (
              <p className="text-center font-medium" data-testid="transform-stage">
                {progress.stage}
              </p>
            )}
            <Progress value={progress.progress} aria-label="Transformation progress" />
            <p className="text-center text-sm text-muted-foreground">
              {progress.queue ? 'Other artworks are being made just before yours.' : `${progress.progress}%`}
            </p>
          </div>
        )}
        {progress.status === 'failed' && (
          <div
            role="alert"
            className="grid aspect-[4/3] place-items-center rounded-xl bg-destructive/5 p-6 text-center text-destructive"
          >
            {progress.error}
          </div>
        )}
        {progress.status === 'completed' && progress.publicUrl && (
          <div className="space-y-3">
            {progress.originalUrl ? (
              <CompareSlider
                beforeUrl={progress.originalUrl}
                afterUrl={progress.publicUrl}
                afterSrcSet={srcSetOf(progress.renditions)}
                sizes={ARTWORK_SIZES}
                alt={`Your artwork${styleName ? ` in ${styleName}` : ''}`}
              />
            ) : (
              <img
                src={progress.publicUrl}
                srcSet={srcSetOf(progress.renditions)}
                sizes={ARTWORK_SIZES}
                alt="Your artwork"
                className="w-full rounded-xl"
              />
            )}
            <div className="flex flex-wrap items-center justify-between gap-2">
              <p id="artwork-stage" className="text-sm font-medium text-success" data-testid="transform-stage">
                {progress.stage}
              </p>
              <Button variant="outline" size="sm" asChild>
                <a href={progress.publicUrl} download>
                  <Download aria-hidden /> Download preview
                </a>
              </Button>
            </div>
            {footer}
          </div>
        )}
      </CardContent>
    </Card>
  );
}
