/** One artwork in the feed (admin §2 Transformations "Each item"). */
import { ChevronDown, Eye, EyeOff, ImageOff, Loader2, MapPin, Star, StarOff, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { TRANSFORMATION_MESSAGES, type AdminTransformation, type ExifData } from '@/domain/admin-transformations';
import { ConfirmDialog } from '@/web/components/confirm-dialog';
import { Badge } from '@/web/components/ui/badge';
import { Button } from '@/web/components/ui/button';
import { Card } from '@/web/components/ui/card';
import { cn } from '@/web/lib/utils';

export interface TransformationCardProps {
  item: AdminTransformation;
  selected: boolean;
  busy: boolean;
  onSelect(selected: boolean): void;
  onToggleHomepage(): void;
  onToggleHidden(): void;
  onDelete(): void;
}

const dateTime = (iso: string) =>
  new Date(iso).toLocaleString(undefined, {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  });

export function TransformationCard({
  item,
  selected,
  busy,
  onSelect,
  onToggleHomepage,
  onToggleHidden,
  onDelete,
}: TransformationCardProps) {
  return (
    <Card
      data-testid="transformation-card"
      data-id={item.id}
      className={cn('flex flex-col gap-3 p-4 transition-shadow', selected && 'ring-2 ring-primary')}
    >
      <div className="flex items-start gap-3">
        <input
          type="checkbox"
          className="mt-1 size-4 shrink-0 cursor-pointer accent-primary"
          checked={selected}
          onChange={(event) => onSelect(event.target.checked)}
          aria-label={`Select ${item.originalFileName}`}
        />
        <div className="min-w-0 flex-1">
          <p className="truncate font-medium" title={item.originalFileName}>
            {item.originalFileName}
          </p>
          <p className="text-sm text-muted-foreground">
            {dateTime(item.createdAt)} · {item.styleName}
          </p>
          <div className="mt-1.5 flex flex-wrap gap-1.5">
            {item.isHomepageExample && <Badge>Homepage Example</Badge>}
            {item.hiddenFromGallery && <Badge variant="secondary">Hidden from gallery</Badge>}
            {!item.galleryConsent && <Badge variant="outline">{TRANSFORMATION_MESSAGES.notShared}</Badge>}
            {item.status !== 'completed' && (
              <Badge variant={item.status === 'failed' ? 'destructive' : 'warning'}>
                {item.status === 'failed' ? 'Failed' : 'Processing'}
              </Badge>
            )}
          </div>
        </div>
      </div>

      <div className="grid grid-cols-2 gap-2">
        <Picture
          src={item.originalImageUrl}
          alt={`Original: ${item.originalFileName}`}
          caption="Original"
          failure={TRANSFORMATION_MESSAGES.originalLoadFailed}
        />
        <Picture
          src={item.transformedImageUrl}
          alt={`Artwork: ${item.originalFileName}`}
          caption="Artwork"
          failure={TRANSFORMATION_MESSAGES.transformedLoadFailed}
          missing={item.status === 'failed' ? 'The artwork could not be made' : 'The artwork is still being made'}
        />
      </div>

      <ExifDetails data={item.exifData} />

      <div className="flex flex-wrap gap-2">
        <Button
          size="sm"
          variant={item.isHomepageExample ? 'secondary' : 'outline'}
          disabled={busy || !item.transformedImageUrl || (!item.isHomepageExample && !item.galleryConsent)}
          title={!item.galleryConsent && !item.isHomepageExample ? TRANSFORMATION_MESSAGES.noConsent : undefined}
          onClick={onToggleHomepage}
        >
          {item.isHomepageExample ? <StarOff aria-hidden /> : <Star aria-hidden />}
          {item.isHomepageExample ? 'Remove Example' : 'Set as Example'}
        </Button>
        {item.isHomepageExample && !item.hiddenFromGallery ? (
          // Hiding an example takes it off Home too: the owner is told before, not after.
          <ConfirmDialog
            trigger={
              <Button size="sm" variant="outline" disabled={busy}>
                <EyeOff aria-hidden /> Hide from Gallery
              </Button>
            }
            title={TRANSFORMATION_MESSAGES.hideExampleTitle}
            description={TRANSFORMATION_MESSAGES.hideExampleConfirmation}
            confirmLabel={TRANSFORMATION_MESSAGES.hideExampleAction}
            onConfirm={onToggleHidden}
          />
        ) : (
          <Button size="sm" variant="outline" disabled={busy} onClick={onToggleHidden}>
            {item.hiddenFromGallery ? <Eye aria-hidden /> : <EyeOff aria-hidden />}
            {item.hiddenFromGallery ? 'Show in Gallery' : 'Hide from Gallery'}
          </Button>
        )}
        <ConfirmDialog
          trigger={
            <Button
              size="sm"
              variant="ghost"
              className="ml-auto text-destructive hover:text-destructive"
              disabled={busy}
            >
              {busy ? <Loader2 className="animate-spin" aria-hidden /> : <Trash2 aria-hidden />} Delete
            </Button>
          }
          title="Delete transformation?"
          description={TRANSFORMATION_MESSAGES.deleteConfirmation}
          confirmLabel="Delete"
          destructive
          onConfirm={onDelete}
        />
      </div>
    </Card>
  );
}

function Picture({
  src,
  alt,
  caption,
  failure,
  missing,
}: {
  src: string | null;
  alt: string;
  caption: string;
  failure: string;
  missing?: string;
}) {
  const [failed, setFailed] = useState(false);
  return (
    <figure className="flex flex-col gap-1">
      {src && !failed ? (
        <img
          src={src}
          alt={alt}
          loading="lazy"
          onError={() => setFailed(true)}
          className="aspect-[4/3] w-full rounded-md bg-muted object-cover"
        />
      ) : (
        <div className="grid aspect-[4/3] w-full place-items-center rounded-md bg-muted p-2 text-center text-xs text-muted-foreground">
          <span className="flex flex-col items-center gap-1">
            <ImageOff className="size-5" aria-hidden />
            {src ? failure : missing}
          </span>
        </div>
      )}
      <figcaption className="text-center text-xs font-medium uppercase tracking-wider text-muted-foreground">
        {caption}
      </figcaption>
    </figure>
  );
}

const settingsLine = (settings: ExifData['settings']) =>
  [
    settings.aperture !== null && `f/${settings.aperture}`,
    settings.shutterSpeed && `${settings.shutterSpeed} s`,
    settings.iso !== null && `ISO ${settings.iso}`,
    settings.focalLength !== null && `${settings.focalLength} mm`,
    settings.flashUsed !== null && (settings.flashUsed ? 'flash' : 'no flash'),
  ]
    .filter(Boolean)
    .join(' · ');

const join = (...parts: Array<string | null>) => parts.filter(Boolean).join(' ') || null;

/** The photo's metadata, folded away until asked for (admin §3 EXIF data). */
function ExifDetails({ data }: { data: ExifData | null }) {
  const [open, setOpen] = useState(false);
  if (!data) return <p className="text-xs text-muted-foreground">No EXIF metadata</p>;
  const { latitude, longitude, locationName } = data.location;
  const hasPosition = latitude !== null && longitude !== null;
  const rows: Array<[string, string | null]> = [
    ['Camera', join(data.camera.make, data.camera.model)],
    ['Serial', data.camera.serial],
    ['Lens', join(data.lens.make, data.lens.model)],
    ['Settings', settingsLine(data.settings) || null],
    ['Taken', data.dateTaken ? dateTime(data.dateTaken) : null],
    ['Software', data.technical.software],
    ['Orientation', data.technical.orientation !== null ? String(data.technical.orientation) : null],
  ];
  return (
    <div className="rounded-md border">
      <button
        type="button"
        className="flex w-full cursor-pointer items-center justify-between px-3 py-2 text-sm font-medium"
        aria-expanded={open}
        onClick={() => setOpen(!open)}
      >
        EXIF metadata
        <ChevronDown className={cn('size-4 transition-transform', open && 'rotate-180')} aria-hidden />
      </button>
      {open && (
        <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 border-t px-3 py-2 text-xs" data-testid="exif-details">
          {rows
            .filter(([, value]) => value)
            .map(([label, value]) => (
              <div key={label} className="contents">
                <dt className="text-muted-foreground">{label}</dt>
                <dd className="break-words">{value}</dd>
              </div>
            ))}
          {(hasPosition || locationName) && (
            <>
              <dt className="text-muted-foreground">Location</dt>
              <dd className="flex flex-col gap-0.5">
                {locationName && (
                  <span className="flex items-center gap-1">
                    <MapPin className="size-3" aria-hidden /> {locationName}
                  </span>
                )}
                {hasPosition && (
                  <a
                    className="text-primary underline-offset-2 hover:underline"
                    href={`https://www.openstreetmap.org/?mlat=${latitude}&mlon=${longitude}#map=12/${latitude}/${longitude}`}
                    target="_blank"
                    rel="noreferrer"
                  >
                    {latitude!.toFixed(5)}, {longitude!.toFixed(5)}
                  </a>
                )}
              </dd>
            </>
          )}
        </dl>
      )}
    </div>
  );
}
