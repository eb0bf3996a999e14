/**
 * The visitor's say over the shop's gallery (issue 34): the switch asked before an artwork is
 * made, and the way to change it afterwards, on the artwork's own page and the order page.
 */
import { Eye, EyeOff, Loader2 } from 'lucide-react';
import { useId } from 'react';
import { toast } from 'sonner';
import { GALLERY_CONSENT_TEXT } from '@/domain/gallery';
import { Button } from '@/web/components/ui/button';
import { Switch } from '@/web/components/ui/switch';
import { canChangeConsent, useArtworkConsent, useSetArtworkConsent } from '../api/artwork-consent';

/** Before the artwork is made: on or off, with what it means. */
export function GalleryConsentSwitch({
  checked,
  onCheckedChange,
  disabled,
}: {
  checked: boolean;
  onCheckedChange(checked: boolean): void;
  disabled?: boolean;
}) {
  const id = useId();
  return (
    <div className="flex items-start gap-3 rounded-xl border bg-card p-4" data-testid="gallery-consent">
      <Switch
        id={id}
        checked={checked}
        onCheckedChange={onCheckedChange}
        disabled={disabled}
        aria-describedby={`${id}-hint`}
        className="mt-0.5"
      />
      <div className="min-w-0">
        <label htmlFor={id} className="cursor-pointer font-medium">
          {GALLERY_CONSENT_TEXT.label}
        </label>
        <p id={`${id}-hint`} className="mt-1 text-sm text-muted-foreground">
          {GALLERY_CONSENT_TEXT.hint}
        </p>
      </div>
    </div>
  );
}

/** After: where the artwork stands, and the one button that changes it. */
export function ArtworkGalleryConsent({
  transformationId,
  orderId,
  compact = false,
}: {
  transformationId: string;
  /** On the order page, the order's id is the proof that this visitor made it. */
  orderId?: string;
  compact?: boolean;
}) {
  const consent = useArtworkConsent(transformationId);
  const change = useSetArtworkConsent(transformationId);
  if (consent.data === undefined) return null;
  const shown = consent.data;
  const allowed = canChangeConsent(transformationId, orderId);
  const toggle = () =>
    change.mutate(
      { consent: !shown, orderId },
      {
        onSuccess: (state) =>
          toast.success(state.galleryConsent ? GALLERY_CONSENT_TEXT.allowed : GALLERY_CONSENT_TEXT.withdrawn),
        onError: (error) => toast.error(error.message),
      },
    );
  return (
    <div
      className={compact ? 'flex flex-col gap-2' : 'flex flex-col gap-2 rounded-lg border bg-muted/40 p-3'}
      data-testid="artwork-gallery-consent"
      data-consent={shown ? 'yes' : 'no'}
    >
      <p className="flex items-start gap-2 text-sm">
        {shown ? (
          <Eye className="mt-0.5 size-4 shrink-0" aria-hidden />
        ) : (
          <EyeOff className="mt-0.5 size-4 shrink-0" aria-hidden />
        )}
        <span>{shown ? GALLERY_CONSENT_TEXT.shown : GALLERY_CONSENT_TEXT.notShown}</span>
      </p>
      {allowed ? (
        <Button variant="outline" size="sm" className="self-start" onClick={toggle} disabled={change.isPending}>
          {change.isPending ? <Loader2 className="animate-spin" aria-hidden /> : null}
          {shown ? GALLERY_CONSENT_TEXT.withdraw : GALLERY_CONSENT_TEXT.allow}
        </Button>
      ) : (
        <p className="text-xs text-muted-foreground">{GALLERY_CONSENT_TEXT.notYours}</p>
      )}
    </div>
  );
}
