/** The Art Styles screen (admin §2): the table of every style, its switches, and its dialogs. */
import { ImageOff, Pencil, Plus, RefreshCw, Trash2 } from 'lucide-react';
import { useEffect, useState } from 'react';
import { toast } from 'sonner';
import {
  STYLE_MESSAGES,
  STYLE_PROMPT_PREVIEW_LENGTH,
  engineLabel,
  truncatePrompt,
  type AdminStyle,
} from '@/domain/admin-styles';
import { ConfirmDialog } from '@/web/components/confirm-dialog';
import { Alert, AlertDescription } from '@/web/components/ui/alert';
import { Badge } from '@/web/components/ui/badge';
import { Button } from '@/web/components/ui/button';
import { Card } from '@/web/components/ui/card';
import { Skeleton } from '@/web/components/ui/skeleton';
import { Switch } from '@/web/components/ui/switch';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/web/components/ui/table';
import { useDeleteStyle } from '../api/delete-style';
import { useAdminStyles } from '../api/list-styles';
import { useSetStyleActive } from '../api/set-style-active';
import { StyleDialog } from './style-dialog';

export function StylesManager() {
  const styles = useAdminStyles();
  const [editing, setEditing] = useState<AdminStyle | 'new' | null>(null);
  const [deleting, setDeleting] = useState<AdminStyle | null>(null);
  const remove = useDeleteStyle();

  useEffect(() => {
    if (styles.isError) toast.error(STYLE_MESSAGES.loadFailed, { id: 'styles-load-failed' });
  }, [styles.isError]);

  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-3xl font-semibold">Art Styles</h1>
          <p className="mt-1 text-muted-foreground">The styles visitors choose from when they transform a photo.</p>
        </div>
        <Button onClick={() => setEditing('new')}>
          <Plus aria-hidden /> Add New Style
        </Button>
      </div>

      <Card className="overflow-hidden">
        {styles.isPending ? (
          <div className="flex flex-col gap-3 p-4" data-testid="styles-loading">
            {[0, 1, 2].map((row) => (
              <Skeleton key={row} className="h-14" />
            ))}
          </div>
        ) : styles.isError ? (
          <div className="p-4">
            <Alert variant="destructive">
              <AlertDescription className="flex flex-wrap items-center justify-between gap-3">
                {STYLE_MESSAGES.loadFailed}: {styles.error.message}
                <Button size="sm" variant="outline" onClick={() => void styles.refetch()}>
                  <RefreshCw aria-hidden /> Try Again
                </Button>
              </AlertDescription>
            </Alert>
          </div>
        ) : styles.data.length === 0 ? (
          <p className="p-10 text-center text-muted-foreground">{STYLE_MESSAGES.empty}</p>
        ) : (
          <Table>
            <TableHeader>
              <TableRow className="hover:bg-transparent">
                <TableHead className="w-20">Preview</TableHead>
                <TableHead>Name</TableHead>
                <TableHead className="hidden lg:table-cell">Style Prompt</TableHead>
                <TableHead className="w-20">Active</TableHead>
                <TableHead className="w-24 text-right">Actions</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {styles.data.map((style) => (
                <StyleRow
                  key={style.id}
                  style={style}
                  onEdit={() => setEditing(style)}
                  onDelete={() => setDeleting(style)}
                />
              ))}
            </TableBody>
          </Table>
        )}
      </Card>

      <StyleDialog
        open={editing !== null}
        style={editing === 'new' ? null : editing}
        onClose={() => setEditing(null)}
      />

      <ConfirmDialog
        open={deleting !== null}
        onClose={() => setDeleting(null)}
        title="Delete style"
        description={deleting && STYLE_MESSAGES.deleteConfirmation(deleting.name)}
        confirmLabel="Delete"
        destructive
        onConfirm={() => {
          if (!deleting) return;
          remove.mutate(deleting.id, {
            onSuccess: () => toast.success(STYLE_MESSAGES.deleted),
            onError: (error) => toast.error(STYLE_MESSAGES.deleteFailed, { description: error.message }),
          });
        }}
      />
    </div>
  );
}

function StyleRow({ style, onEdit, onDelete }: { style: AdminStyle; onEdit: () => void; onDelete: () => void }) {
  const [broken, setBroken] = useState(false);
  const toggle = useSetStyleActive();
  const prompt = style.style_prompt ?? '';

  return (
    <TableRow data-testid="style-row">
      <TableCell>
        <div className="grid size-14 place-items-center overflow-hidden rounded-md border bg-muted">
          {style.preview_image_url && !broken ? (
            <img
              src={style.preview_image_url}
              alt={`${style.name} preview`}
              className="size-full object-cover"
              onError={() => setBroken(true)}
            />
          ) : (
            <ImageOff className="size-5 text-muted-foreground" aria-label="No preview" />
          )}
        </div>
      </TableCell>
      <TableCell className="min-w-40">
        <p className="font-medium">{style.name}</p>
        <div className="mt-1 flex flex-wrap gap-1">
          <Badge variant="secondary">{engineLabel(style.engine)}</Badge>
          {!style.engine_available && (
            <Badge variant="warning" title="Set an image-AI key in Settings to offer this style">
              Not offered: no image AI
            </Badge>
          )}
        </div>
        {/* On narrower screens the prompt sits under the name instead of in its own column. */}
        <div className="mt-2 text-sm text-muted-foreground lg:hidden">
          <PromptText prompt={prompt} />
        </div>
      </TableCell>
      <TableCell className="hidden min-w-56 max-w-md text-sm text-muted-foreground lg:table-cell">
        <PromptText prompt={prompt} />
      </TableCell>
      <TableCell>
        <Switch
          checked={style.is_active}
          disabled={toggle.isPending}
          aria-label={`Active: ${style.name}`}
          onCheckedChange={(isActive) =>
            toggle.mutate(
              { id: style.id, isActive },
              {
                onSuccess: () => toast.success(isActive ? STYLE_MESSAGES.activated : STYLE_MESSAGES.deactivated),
                onError: (error) => toast.error(STYLE_MESSAGES.toggleFailed, { description: error.message }),
              },
            )
          }
        />
      </TableCell>
      <TableCell className="text-right">
        <div className="flex justify-end gap-1">
          <Button variant="ghost" size="icon" onClick={onEdit} aria-label={`Edit ${style.name}`}>
            <Pencil aria-hidden />
          </Button>
          <Button
            variant="ghost"
            size="icon"
            className="text-destructive hover:text-destructive"
            onClick={onDelete}
            aria-label={`Delete ${style.name}`}
          >
            <Trash2 aria-hidden />
          </Button>
        </div>
      </TableCell>
    </TableRow>
  );
}

/** The prompt cut at 60 characters, with a toggle to the full text (admin §2, §9). */
function PromptText({ prompt }: { prompt: string }) {
  const [expanded, setExpanded] = useState(false);
  if (!prompt) return <span className="italic">No prompt</span>;
  return (
    <>
      <span className="whitespace-pre-line">{expanded ? prompt : truncatePrompt(prompt)}</span>
      {prompt.length > STYLE_PROMPT_PREVIEW_LENGTH && (
        <Button
          variant="link"
          size="sm"
          className="h-auto px-1 py-0 text-xs"
          onClick={() => setExpanded(!expanded)}
          aria-expanded={expanded}
        >
          {expanded ? 'Show less' : 'Show more'}
        </Button>
      )}
    </>
  );
}
