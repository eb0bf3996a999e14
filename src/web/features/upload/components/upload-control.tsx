/**
 * The upload control (storefront §2 Upload control): an 'Upload a photo' button, also a drop
 * area, with a preview of the chosen photo. One image file at a time; busy, it reads
 * 'Uploading...' with a spinner and is disabled.
 */
import { useEffect, useId, useRef, useState, type DragEvent } from 'react';
import { ImagePlus, Loader2 } from 'lucide-react';
import { toast } from 'sonner';
import { UPLOAD_MESSAGES } from '@/domain/upload';
import { Button } from '@/web/components/ui/button';
import { cn } from '@/web/lib/utils';
import { useUploadImage, type UploadError } from '../api/upload-image';
import type { UploadedPhoto } from '../uploaded-photo';

interface UploadControlProps {
  onUploaded: (photo: UploadedPhoto) => void;
  /** The line under the button. */
  hint?: string;
  className?: string;
}

export function UploadControl({ onUploaded, hint = 'or drag a photo here', className }: UploadControlProps) {
  const input = useRef<HTMLInputElement>(null);
  const hintId = useId();
  const upload = useUploadImage();
  const [chosen, setChosen] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [dragging, setDragging] = useState(false);
  const busy = upload.isPending;

  const start = (file: File | undefined) => {
    if (!file || busy) return;
    setChosen(file);
    setError(null);
    upload.mutate(file, {
      onSuccess: (image) => {
        toast.success(UPLOAD_MESSAGES.success);
        onUploaded({ fileName: file.name, imageId: image.id, imageUrl: image.url });
      },
      onError: (failure: UploadError) => {
        setError(failure.message);
        if (failure.unexpected) toast.error(UPLOAD_MESSAGES.unexpectedToast, { description: failure.message });
        else toast.error(UPLOAD_MESSAGES.failedToast, { description: failure.message });
      },
    });
  };

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    start(event.dataTransfer.files[0]);
  };

  return (
    <div
      data-testid="upload-area"
      onDragOver={(event) => {
        event.preventDefault();
        if (!busy) setDragging(true);
      }}
      onDragLeave={(event) => {
        // Moving over the area's own children is not leaving it.
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setDragging(false);
      }}
      onDrop={onDrop}
      className={cn(
        'flex flex-col items-center rounded-2xl border-2 border-dashed border-primary/30 bg-card/85 p-6 text-center shadow-sm transition-colors md:p-8',
        dragging && 'border-accent bg-accent/10',
        className,
      )}
    >
      {chosen ? (
        <PhotoPreview file={chosen} busy={busy} />
      ) : (
        <ImagePlus className="mb-4 size-10 text-primary" aria-hidden />
      )}
      {!chosen && <p className="mb-5 text-muted-foreground">Start with any photo from your travels.</p>}
      <input
        ref={input}
        type="file"
        accept="image/*"
        className="sr-only"
        tabIndex={-1}
        aria-hidden
        data-testid="upload-input"
        onChange={(event) => {
          start(event.target.files?.[0]);
          // Choosing the same file again must fire a new change.
          event.target.value = '';
        }}
      />
      <Button size="lg" disabled={busy} aria-describedby={hintId} onClick={() => input.current?.click()}>
        {busy ? (
          <>
            <Loader2 className="animate-spin" aria-hidden />
            Uploading...
          </>
        ) : (
          'Upload a photo'
        )}
      </Button>
      <p id={hintId} className="mt-3 text-sm text-muted-foreground">
        {hint}
      </p>
      {error && (
        <p role="alert" className="mt-3 text-sm font-medium text-destructive">
          {error}
        </p>
      )}
    </div>
  );
}

/** The chosen photo as the browser draws it; formats it cannot draw (HEIC in most browsers) show the name. */
function PhotoPreview({ file, busy }: { file: File; busy: boolean }) {
  const [url, setUrl] = useState<string | null>(null);
  const [drawable, setDrawable] = useState(true);
  useEffect(() => {
    const objectUrl = URL.createObjectURL(file);
    setUrl(objectUrl);
    setDrawable(true);
    return () => URL.revokeObjectURL(objectUrl);
  }, [file]);

  return (
    <figure className="relative mb-5 w-full max-w-sm overflow-hidden rounded-xl border bg-muted">
      {url && drawable ? (
        <img
          src={url}
          alt="Preview of the chosen photo"
          data-testid="upload-preview"
          onError={() => setDrawable(false)}
          className={cn('aspect-[4/3] w-full object-cover transition-opacity', busy && 'opacity-70')}
        />
      ) : (
        <div className="grid aspect-[4/3] place-items-center p-4 text-sm text-muted-foreground">
          <ImagePlus className="size-8 text-primary" aria-hidden />
        </div>
      )}
      <figcaption className="truncate border-t bg-card px-3 py-2 text-left text-xs text-muted-foreground">
        {file.name}
      </figcaption>
    </figure>
  );
}
