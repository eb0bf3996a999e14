/** Add New Style / Edit Style (admin §2 Art Styles, §5, §8): name, engine, prompt, active, preview. */
import { zodResolver } from '@hookform/resolvers/zod';
import { ImagePlus, Loader2, X } from 'lucide-react';
import { useEffect, useId, useMemo, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { toast } from 'sonner';
import type { z } from 'zod';
import {
  HOSTED_AI_LABEL,
  LOCAL_STYLE_LABELS,
  STYLE_MESSAGES,
  STYLE_PREVIEW_MAX_BYTES,
  styleInputSchema,
  type AdminStyle,
} from '@/domain/admin-styles';
import { HOSTED_AI_ENGINE, LOCAL_STYLE_IDS } from '@/domain/styles';
import { Button } from '@/web/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/web/components/ui/dialog';
import { Input } from '@/web/components/ui/input';
import { Label } from '@/web/components/ui/label';
import {
  Select,
  SelectContent,
  SelectGroup,
  SelectItem,
  SelectLabel,
  SelectTrigger,
  SelectValue,
} from '@/web/components/ui/select';
import { Switch } from '@/web/components/ui/switch';
import { Textarea } from '@/web/components/ui/textarea';
import { useSaveStyle } from '../api/save-style';

type FormInput = z.input<typeof styleInputSchema>;
type FormOutput = z.output<typeof styleInputSchema>;

export function StyleDialog({
  open,
  style,
  onClose,
}: {
  open: boolean;
  style: AdminStyle | null;
  onClose: () => void;
}) {
  return (
    <Dialog open={open} onOpenChange={(next) => !next && onClose()}>
      <DialogContent className="max-w-xl">
        {/* Keyed so each opening starts from the style's saved values. */}
        {open && <StyleForm key={style?.id ?? 'new'} style={style} onDone={onClose} />}
      </DialogContent>
    </Dialog>
  );
}

function StyleForm({ style, onDone }: { style: AdminStyle | null; onDone: () => void }) {
  const ids = useId();
  const save = useSaveStyle();
  const [file, setFile] = useState<File | null>(null);
  const [fileProblem, setFileProblem] = useState<string | null>(null);
  const form = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(styleInputSchema),
    defaultValues: {
      name: style?.name ?? '',
      style_prompt: style?.style_prompt ?? '',
      engine: (style?.engine as FormInput['engine']) ?? LOCAL_STYLE_IDS[0],
      is_active: style?.is_active ?? true,
      preview_image_path: style?.preview_image_path ?? null,
    },
  });
  const engine = form.watch('engine');
  const keptPath = form.watch('preview_image_path');
  const fileUrl = useMemo(() => (file ? URL.createObjectURL(file) : null), [file]);
  useEffect(() => () => void (fileUrl && URL.revokeObjectURL(fileUrl)), [fileUrl]);
  const shownPreview = fileUrl ?? (keptPath && keptPath === style?.preview_image_path ? style.preview_image_url : null);

  const choose = (chosen: File | undefined) => {
    if (!chosen) return;
    if (chosen.size >= STYLE_PREVIEW_MAX_BYTES) {
      setFileProblem(STYLE_MESSAGES.previewTooLarge);
      toast.error(STYLE_MESSAGES.previewTooLarge);
      return;
    }
    if (chosen.type && !chosen.type.startsWith('image/')) {
      setFileProblem(STYLE_MESSAGES.notAnImage);
      return;
    }
    setFileProblem(null);
    setFile(chosen);
  };

  const onSubmit = form.handleSubmit(
    (values) =>
      save.mutate(
        { id: style?.id, values, preview: file },
        {
          onSuccess: () => {
            toast.success(style ? STYLE_MESSAGES.updated : STYLE_MESSAGES.created);
            onDone();
          },
          onError: (error) => toast.error(STYLE_MESSAGES.saveFailed, { description: error.message }),
        },
      ),
    (errors) => {
      if (errors.name?.message) toast.error(errors.name.message);
    },
  );

  const errors = form.formState.errors;
  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-5">
      <DialogHeader>
        <DialogTitle>{style ? 'Edit Style' : 'Add New Style'}</DialogTitle>
        <DialogDescription>
          {style
            ? 'Change how this style looks and runs. The storefront shows the change at once.'
            : 'A new art style for the storefront picker.'}
        </DialogDescription>
      </DialogHeader>

      <div className="flex flex-col gap-2">
        <Label htmlFor={`${ids}-name`}>Name</Label>
        <Input
          id={`${ids}-name`}
          aria-invalid={Boolean(errors.name)}
          placeholder="e.g. Watercolour Dusk"
          {...form.register('name')}
        />
        {errors.name && <p className="text-sm text-destructive">{errors.name.message}</p>}
      </div>

      <div className="flex flex-col gap-2">
        <Label htmlFor={`${ids}-engine`}>Engine</Label>
        <Controller
          control={form.control}
          name="engine"
          render={({ field }) => (
            <Select value={field.value} onValueChange={field.onChange}>
              <SelectTrigger id={`${ids}-engine`} aria-label="Engine">
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                <SelectGroup>
                  <SelectLabel>Computed on this server</SelectLabel>
                  {LOCAL_STYLE_IDS.map((id) => (
                    <SelectItem key={id} value={id}>
                      {LOCAL_STYLE_LABELS[id]}
                    </SelectItem>
                  ))}
                </SelectGroup>
                <SelectGroup>
                  <SelectLabel>Hosted image AI</SelectLabel>
                  <SelectItem value={HOSTED_AI_ENGINE}>{HOSTED_AI_LABEL}</SelectItem>
                </SelectGroup>
              </SelectContent>
            </Select>
          )}
        />
        <p className="text-xs text-muted-foreground">
          {engine === HOSTED_AI_ENGINE
            ? 'The prompt below is sent to the image AI set up in Settings. The storefront offers this style only while one is configured.'
            : 'A local style runs on this server with no outside service; the prompt is kept as its description.'}
        </p>
      </div>

      <div className="flex flex-col gap-2">
        <Label htmlFor={`${ids}-prompt`}>Style Prompt</Label>
        <Textarea
          id={`${ids}-prompt`}
          rows={4}
          aria-invalid={Boolean(errors.style_prompt)}
          placeholder="Describe the look: medium, palette, brushwork…"
          {...form.register('style_prompt')}
        />
        {errors.style_prompt && <p className="text-sm text-destructive">{errors.style_prompt.message}</p>}
      </div>

      <div className="flex flex-col gap-2">
        <Label htmlFor={`${ids}-preview`}>Preview image</Label>
        <div className="flex items-center gap-4">
          <div className="grid size-20 shrink-0 place-items-center overflow-hidden rounded-lg border bg-muted">
            {shownPreview ? (
              <img src={shownPreview} alt="Style preview" className="size-full object-cover" />
            ) : (
              <ImagePlus className="size-6 text-muted-foreground" aria-hidden />
            )}
          </div>
          <div className="flex min-w-0 flex-col gap-2">
            <Input
              id={`${ids}-preview`}
              type="file"
              accept="image/*"
              className="cursor-pointer file:mr-3 file:cursor-pointer file:border-0 file:bg-transparent file:font-medium"
              onChange={(event) => choose(event.target.files?.[0])}
            />
            <div className="flex flex-wrap items-center gap-2 text-xs text-muted-foreground">
              <span>
                Optional; under 5MB.{' '}
                {engine !== HOSTED_AI_ENGINE && 'Without one, a preview is rendered from a sample photo.'}
              </span>
              {(file || keptPath) && (
                <Button
                  type="button"
                  variant="ghost"
                  size="sm"
                  className="h-6 px-2"
                  onClick={() => {
                    setFile(null);
                    form.setValue('preview_image_path', null);
                  }}
                >
                  <X aria-hidden /> Remove preview
                </Button>
              )}
            </div>
          </div>
        </div>
        {fileProblem && <p className="text-sm text-destructive">{fileProblem}</p>}
      </div>

      <div className="flex items-center justify-between rounded-lg border p-3">
        <div>
          <Label htmlFor={`${ids}-active`}>Active</Label>
          <p className="text-xs text-muted-foreground">Active styles appear in the storefront picker.</p>
        </div>
        <Controller
          control={form.control}
          name="is_active"
          render={({ field }) => <Switch id={`${ids}-active`} checked={field.value} onCheckedChange={field.onChange} />}
        />
      </div>

      <DialogFooter>
        <Button type="button" variant="outline" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" disabled={save.isPending}>
          {save.isPending && <Loader2 className="animate-spin" aria-hidden />}
          {style ? 'Save Changes' : 'Create Style'}
        </Button>
      </DialogFooter>
    </form>
  );
}
