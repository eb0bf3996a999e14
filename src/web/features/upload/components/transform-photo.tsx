/**
 * The photo part of /transform (storefront §2 Transform): the photo handed over from Home,
 * or, when none came, the upload control right here. The visitor may swap the photo.
 */
import { useState } from 'react';
import { Button } from '@/web/components/ui/button';
import { Card } from '@/web/components/ui/card';
import type { UploadedPhoto } from '../uploaded-photo';
import { UploadControl } from './upload-control';

interface TransformPhotoProps {
  photo: UploadedPhoto | null;
  onUploaded: (photo: UploadedPhoto) => void;
}

export function TransformPhoto({ photo, onUploaded }: TransformPhotoProps) {
  const [replacing, setReplacing] = useState(false);

  if (!photo || replacing) {
    return (
      <section aria-labelledby="photo-title" className="mx-auto max-w-xl">
        <h2 id="photo-title" className="mb-3 text-xl font-semibold">
          {photo ? 'Choose another photo' : 'Start with a photo'}
        </h2>
        <UploadControl
          onUploaded={(next) => {
            setReplacing(false);
            onUploaded(next);
          }}
        />
        {photo && (
          <Button variant="link" className="mt-2" onClick={() => setReplacing(false)}>
            Keep the current photo
          </Button>
        )}
      </section>
    );
  }

  return (
    <section aria-labelledby="photo-title">
      <Card className="overflow-hidden">
        <div className="flex items-center justify-between gap-3 border-b px-4 py-3">
          <h2 id="photo-title" className="text-lg font-semibold">
            Your photo
          </h2>
          <Button variant="outline" size="sm" onClick={() => setReplacing(true)}>
            Use a different photo
          </Button>
        </div>
        <div className="bg-muted/60 p-3">
          <img
            src={photo.imageUrl}
            alt={photo.fileName ? `Your photo, ${photo.fileName}` : 'Your photo'}
            data-testid="transform-photo"
            className="mx-auto max-h-[28rem] w-auto rounded-lg object-contain"
          />
        </div>
        {photo.fileName && <p className="truncate px-4 py-2 text-xs text-muted-foreground">{photo.fileName}</p>}
      </Card>
    </section>
  );
}
