/** Upload an example pair (admin §2 Content Management, §5): an original photo and its artwork. */
import { ArrowRight, ImagePlus, Loader2, Upload } from 'lucide-react';
import { useEffect, useId, useMemo, useRef, useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { EXAMPLE_MESSAGES, UPLOAD_MAX_BYTES } from '@/domain/admin-content';
import { ApiError } from '@/web/lib/api-client';
import { Button } from '@/web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/web/components/ui/card';
import { Input } from '@/web/components/ui/input';
import { Label } from '@/web/components/ui/label';
import { useUploadExample } from '../api/upload-example';

function problemWith(original: File | null, transformed: File | null): string | null {
  if (!original || !transformed) return EXAMPLE_MESSAGES.bothRequired;
  if (original.size >= UPLOAD_MAX_BYTES) return EXAMPLE_MESSAGES.originalTooLarge;
  if (transformed.size >= UPLOAD_MAX_BYTES) return EXAMPLE_MESSAGES.transformedTooLarge;
  return null;
}

export function ExampleUploadForm() {
  const ids = useId();
  const upload = useUploadExample();
  const formRef = useRef<HTMLFormElement>(null);
  const [original, setOriginal] = useState<File | null>(null);
  const [transformed, setTransformed] = useState<File | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const found = problemWith(original, transformed);
    setProblem(found);
    if (found) return void toast.error(found);
    upload.mutate(
      { original: original!, transformed: transformed! },
      {
        onSuccess: () => {
          toast.success(EXAMPLE_MESSAGES.uploaded);
          setOriginal(null);
          setTransformed(null);
          formRef.current?.reset();
        },
        onError: (error) =>
          error instanceof ApiError
            ? toast.error(EXAMPLE_MESSAGES.uploadFailed, { description: error.message })
            : toast.error(EXAMPLE_MESSAGES.uploadError),
      },
    );
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>Upload Example Pair</CardTitle>
        <CardDescription>An original travel photo and the artwork made from it; each under 10MB.</CardDescription>
      </CardHeader>
      <CardContent>
        <form ref={formRef} onSubmit={onSubmit} noValidate className="flex flex-col gap-5">
          <div className="grid items-center gap-4 lg:grid-cols-[1fr_auto_1fr]">
            <FilePicker id={`${ids}-original`} label="Original image" file={original} onChange={setOriginal} />
            <ArrowRight className="mx-auto hidden size-5 text-accent lg:block" aria-hidden />
            <FilePicker
              id={`${ids}-transformed`}
              label="Transformed image"
              file={transformed}
              onChange={setTransformed}
            />
          </div>
          {problem && <p className="text-sm text-destructive">{problem}</p>}
          <div>
            <Button type="submit" disabled={upload.isPending}>
              {upload.isPending ? <Loader2 className="animate-spin" aria-hidden /> : <Upload aria-hidden />}
              {upload.isPending ? 'Uploading...' : 'Upload Example'}
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}

function FilePicker({
  id,
  label,
  file,
  onChange,
}: {
  id: string;
  label: string;
  file: File | null;
  onChange: (file: File | null) => void;
}) {
  const url = useMemo(() => (file ? URL.createObjectURL(file) : null), [file]);
  useEffect(() => () => void (url && URL.revokeObjectURL(url)), [url]);
  return (
    <div className="flex flex-col gap-2">
      <Label htmlFor={id}>{label}</Label>
      <div className="grid h-44 place-items-center overflow-hidden rounded-lg border border-dashed bg-muted/60">
        {url ? (
          <img src={url} alt={`${label} preview`} className="size-full object-cover" />
        ) : (
          <ImagePlus className="size-7 text-muted-foreground" aria-hidden />
        )}
      </div>
      <Input
        id={id}
        type="file"
        accept="image/*"
        className="cursor-pointer file:mr-3 file:cursor-pointer file:border-0 file:bg-transparent file:font-medium"
        onChange={(event) => onChange(event.target.files?.[0] ?? null)}
      />
    </div>
  );
}
