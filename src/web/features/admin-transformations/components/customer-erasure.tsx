/**
 * The right to erasure, on screen (issue 34): the owner types an e-mail, previews what would
 * go and what an order keeps (a dry run on the server, nothing changed), then erases after a
 * confirmation. What an order needs stays, without the e-mail.
 */
import { Eye, Loader2, Trash2, UserX } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { BACKFILL_MESSAGES, customerErasureSchema, type CustomerErasureResult } from '@/domain/admin-transformations';
import { ConfirmDialog } from '@/web/components/confirm-dialog';
import { Badge } from '@/web/components/ui/badge';
import { Button } from '@/web/components/ui/button';
import { SectionCardHeader } from '@/web/components/section-card-header';
import { Card, CardContent } from '@/web/components/ui/card';
import { Input } from '@/web/components/ui/input';
import { Label } from '@/web/components/ui/label';
import { useEraseCustomer, usePreviewErasure } from '../api/customer-erasure';

export function CustomerErasure() {
  const [email, setEmail] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const preview = usePreviewErasure();
  const erase = useEraseCustomer();
  const [result, setResult] = useState<CustomerErasureResult | null>(null);

  const runPreview = (event: FormEvent) => {
    event.preventDefault();
    const parsed = customerErasureSchema.safeParse({ email });
    if (!parsed.success) {
      setProblem(BACKFILL_MESSAGES.customerEmailRequired);
      return;
    }
    setProblem(null);
    preview.mutate(parsed.data.email, {
      onSuccess: setResult,
      onError: (error) => toast.error(BACKFILL_MESSAGES.erasureFailed, { description: error.message }),
    });
  };

  const runErase = () => {
    if (!result) return;
    erase.mutate(result.email, {
      onSuccess: (done) => {
        setResult(done);
        toast.success(BACKFILL_MESSAGES.erased(done.removedTransformations));
      },
      onError: (error) => toast.error(BACKFILL_MESSAGES.erasureFailed, { description: error.message }),
    });
  };

  const toRemove = result?.artworks.filter((artwork) => !artwork.keptForOrder) ?? [];
  const kept = result?.artworks.filter((artwork) => artwork.keptForOrder) ?? [];

  return (
    <Card data-testid="customer-erasure">
      <SectionCardHeader
        icon={UserX}
        title={BACKFILL_MESSAGES.erasureTitle}
        description={BACKFILL_MESSAGES.erasureDescription}
      />
      <CardContent className="flex flex-col gap-5">
        <form className="flex flex-col gap-2 sm:flex-row sm:items-end" onSubmit={runPreview} noValidate>
          <div className="flex flex-1 flex-col gap-1.5">
            <Label htmlFor="erasure-email">Customer e-mail</Label>
            <Input
              id="erasure-email"
              type="email"
              autoComplete="off"
              value={email}
              onChange={(event) => {
                setEmail(event.target.value);
                setResult(null);
              }}
              aria-invalid={problem ? true : undefined}
              aria-describedby={problem ? 'erasure-email-error' : undefined}
            />
          </div>
          <Button type="submit" variant="outline" disabled={preview.isPending}>
            {preview.isPending ? <Loader2 className="animate-spin" aria-hidden /> : <Eye aria-hidden />} Preview
          </Button>
        </form>
        {problem ? (
          <p id="erasure-email-error" role="alert" className="-mt-3 text-sm text-destructive">
            {problem}
          </p>
        ) : null}

        {result ? (
          <div className="flex flex-col gap-4" data-testid="erasure-result" aria-live="polite">
            {result.artworks.length === 0 ? (
              <p className="text-sm text-muted-foreground">{BACKFILL_MESSAGES.erasureNothing(result.email)}</p>
            ) : (
              <>
                <p className="text-sm font-medium">
                  {result.dryRun
                    ? `Erasing ${result.email} will delete ${result.removedTransformations} artwork(s), ${result.removedImages} photo(s) and ${result.removedFiles.length} file(s).`
                    : `Erased ${result.email}: ${result.removedTransformations} artwork(s), ${result.removedImages} photo(s) and ${result.removedFiles.length} file(s) deleted.`}
                </p>
                <ArtworkList
                  title={result.dryRun ? 'Will be deleted' : 'Deleted'}
                  artworks={toRemove}
                  testId="erasure-remove"
                />
                <ArtworkList
                  title="Kept for an order (e-mail removed from them)"
                  artworks={kept}
                  testId="erasure-keep"
                />
              </>
            )}
            {result.dryRun && toRemove.length > 0 ? (
              <ConfirmDialog
                trigger={
                  <Button variant="destructive" className="self-start" disabled={erase.isPending}>
                    {erase.isPending ? <Loader2 className="animate-spin" aria-hidden /> : <Trash2 aria-hidden />} Erase{' '}
                    {result.email}
                  </Button>
                }
                title={BACKFILL_MESSAGES.erasureConfirmTitle(result.email)}
                description={BACKFILL_MESSAGES.erasureConfirmation(result.removedTransformations)}
                confirmLabel="Erase"
                destructive
                onConfirm={runErase}
              />
            ) : null}
          </div>
        ) : null}
      </CardContent>
    </Card>
  );
}

function ArtworkList({
  title,
  artworks,
  testId,
}: {
  title: string;
  artworks: CustomerErasureResult['artworks'];
  testId: string;
}) {
  if (artworks.length === 0) return null;
  return (
    <section data-testid={testId}>
      <h3 className="mb-2 text-sm font-semibold">
        {title} <Badge variant="secondary">{artworks.length}</Badge>
      </h3>
      <ul className="grid gap-2 sm:grid-cols-2 xl:grid-cols-3">
        {artworks.map((artwork) => (
          <li key={artwork.id} className="flex items-center gap-3 rounded-md border p-2" data-testid="erasure-artwork">
            {artwork.artworkUrl ? (
              <img src={artwork.artworkUrl} alt="" className="size-12 shrink-0 rounded object-cover" />
            ) : (
              <span className="size-12 shrink-0 rounded bg-muted" aria-hidden />
            )}
            <span className="min-w-0 text-sm">
              <span className="block truncate font-medium">{artwork.fileName}</span>
              <span className="block text-xs text-muted-foreground">
                {new Date(artwork.createdAt).toLocaleDateString()}
                {artwork.keptForOrder ? ` · order ${artwork.keptForOrder.slice(0, 8)}` : ''}
              </span>
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
