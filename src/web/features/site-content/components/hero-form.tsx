/** The 'Hero Section' tab (admin §2 Content Management, §5): saved for real and shown on Home. */
import { zodResolver } from '@hookform/resolvers/zod';
import { ImagePlus, Loader2, Save, Upload, X } from 'lucide-react';
import { useEffect, useId, useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import {
  CONTENT_MESSAGES,
  HERO_RECOMMENDED_SIZE,
  UPLOAD_MAX_BYTES,
  heroSchema,
  type HeroContent,
  type HeroView,
} from '@/domain/admin-content';
import { Alert, AlertDescription } from '@/web/components/ui/alert';
import { Button } from '@/web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/web/components/ui/card';
import { Input } from '@/web/components/ui/input';
import { Label } from '@/web/components/ui/label';
import { Skeleton } from '@/web/components/ui/skeleton';
import { Textarea } from '@/web/components/ui/textarea';
import { useAdminContent } from '../api/get-content';
import { useSaveHero } from '../api/save-hero';
import { useUploadHeroImage } from '../api/upload-hero-image';

export function HeroForm() {
  const content = useAdminContent();
  if (content.isPending) return <Skeleton className="h-96" />;
  if (content.isError) {
    return (
      <Alert variant="destructive">
        <AlertDescription>{content.error.message}</AlertDescription>
      </Alert>
    );
  }
  return <HeroEditor hero={content.data.hero} />;
}

function HeroEditor({ hero }: { hero: HeroView }) {
  const ids = useId();
  const save = useSaveHero();
  const upload = useUploadHeroImage();
  const [file, setFile] = useState<File | null>(null);
  const [imageProblem, setImageProblem] = useState<string | null>(null);
  const [backgroundUrl, setBackgroundUrl] = useState(hero.backgroundImageUrl);
  const form = useForm<HeroContent>({
    resolver: zodResolver(heroSchema),
    defaultValues: {
      headline: hero.headline,
      subheadline: hero.subheadline,
      backgroundImagePath: hero.backgroundImagePath,
    },
  });
  const fileUrl = useMemo(() => (file ? URL.createObjectURL(file) : null), [file]);
  useEffect(() => () => void (fileUrl && URL.revokeObjectURL(fileUrl)), [fileUrl]);
  const headline = form.watch('headline');
  const subheadline = form.watch('subheadline');

  const choose = (chosen: File | undefined) => {
    setImageProblem(null);
    if (!chosen) return setFile(null);
    if (chosen.size >= UPLOAD_MAX_BYTES) {
      setImageProblem(CONTENT_MESSAGES.heroImageTooLarge);
      toast.error(CONTENT_MESSAGES.heroImageTooLarge);
      return setFile(null);
    }
    setFile(chosen);
  };

  const uploadImage = () => {
    if (!file) {
      setImageProblem(CONTENT_MESSAGES.heroImageRequired);
      toast.error(CONTENT_MESSAGES.heroImageRequired);
      return;
    }
    upload.mutate(file, {
      onSuccess: ({ path, url }) => {
        form.setValue('backgroundImagePath', path, { shouldDirty: true });
        setBackgroundUrl(url);
        setFile(null);
        toast.success(CONTENT_MESSAGES.heroImageUploaded, { description: 'Save the hero section to show it on Home.' });
      },
      onError: (error) => toast.error(error.message),
    });
  };

  const onSubmit = form.handleSubmit((values) =>
    save.mutate(values, {
      onSuccess: () => {
        form.reset(values);
        toast.success(CONTENT_MESSAGES.heroSaved);
      },
      onError: (error) => toast.error(CONTENT_MESSAGES.heroSaveFailed, { description: error.message }),
    }),
  );

  const previewImage = fileUrl ?? backgroundUrl;
  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,1fr)]">
      <Card>
        <CardHeader>
          <CardTitle>Hero Section</CardTitle>
          <CardDescription>The headline and picture visitors see first on the home page.</CardDescription>
        </CardHeader>
        <CardContent>
          <form onSubmit={onSubmit} noValidate className="flex flex-col gap-5">
            <div className="flex flex-col gap-2">
              <Label htmlFor={`${ids}-headline`}>Headline</Label>
              <Input
                id={`${ids}-headline`}
                aria-invalid={Boolean(form.formState.errors.headline)}
                {...form.register('headline')}
              />
              {form.formState.errors.headline && (
                <p className="text-sm text-destructive">{form.formState.errors.headline.message}</p>
              )}
            </div>
            <div className="flex flex-col gap-2">
              <Label htmlFor={`${ids}-subheadline`}>Subheadline</Label>
              <Textarea id={`${ids}-subheadline`} rows={4} {...form.register('subheadline')} />
            </div>
            <div className="flex flex-col gap-2">
              <Label htmlFor={`${ids}-image`}>Background image</Label>
              <Input
                id={`${ids}-image`}
                type="file"
                accept="image/*"
                className="cursor-pointer file:mr-3 file:cursor-pointer file:border-0 file:bg-transparent file:font-medium"
                onChange={(event) => choose(event.target.files?.[0])}
              />
              <p className="text-xs text-muted-foreground">Recommended {HERO_RECOMMENDED_SIZE}; under 10MB.</p>
              {imageProblem && <p className="text-sm text-destructive">{imageProblem}</p>}
              <div className="flex flex-wrap gap-2">
                <Button type="button" variant="outline" size="sm" onClick={uploadImage} disabled={upload.isPending}>
                  {upload.isPending ? <Loader2 className="animate-spin" aria-hidden /> : <Upload aria-hidden />}
                  Upload image
                </Button>
                {backgroundUrl && (
                  <Button
                    type="button"
                    variant="ghost"
                    size="sm"
                    onClick={() => {
                      form.setValue('backgroundImagePath', null, { shouldDirty: true });
                      setBackgroundUrl(null);
                    }}
                  >
                    <X aria-hidden /> Remove background
                  </Button>
                )}
              </div>
            </div>
            <div>
              <Button type="submit" disabled={save.isPending}>
                {save.isPending ? <Loader2 className="animate-spin" aria-hidden /> : <Save aria-hidden />}
                Save Hero Section
              </Button>
            </div>
          </form>
        </CardContent>
      </Card>

      <Card className="overflow-hidden">
        <CardHeader>
          <CardTitle className="text-base">Preview</CardTitle>
          <CardDescription>
            {file ? 'The chosen image is shown here; upload it to use it.' : 'As Home shows it.'}
          </CardDescription>
        </CardHeader>
        <CardContent>
          <div
            data-testid="hero-preview"
            className="relative grid min-h-56 place-items-center overflow-hidden rounded-lg border bg-gradient-to-b from-secondary/70 to-background p-6 text-center"
          >
            {previewImage ? (
              <>
                <img src={previewImage} alt="" className="absolute inset-0 size-full object-cover" />
                <span
                  className="absolute inset-0 bg-gradient-to-r from-black/65 via-black/45 to-black/20"
                  aria-hidden
                />
              </>
            ) : (
              <ImagePlus
                className="absolute right-3 top-3 size-5 text-muted-foreground"
                aria-label="No background image"
              />
            )}
            <div className={previewImage ? 'relative text-white' : 'relative'}>
              <p className="font-display text-2xl font-semibold leading-tight">{headline || 'Your headline'}</p>
              <p className={previewImage ? 'mt-2 text-sm text-white/85' : 'mt-2 text-sm text-muted-foreground'}>
                {subheadline}
              </p>
            </div>
          </div>
        </CardContent>
      </Card>
    </div>
  );
}
