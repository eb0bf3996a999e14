/**
 * The existing example pairs (admin §2 Content Management, §4, §5, §6, §9): up to 10 with
 * refresh, the homepage switch (at most 2, the oldest replaced after confirmation) and
 * deletion, with the spec's words for each refusal.
 */
import { useQueryClient } from '@tanstack/react-query';
import { ArrowRight, Home, RefreshCw, ShieldAlert, Trash2 } from 'lucide-react';
import { useEffect, useState } from 'react';
import { toast } from 'sonner';
import {
  EXAMPLE_LIST_LIMIT,
  EXAMPLE_MESSAGES,
  HOMEPAGE_EXAMPLES_MAX,
  HOMEPAGE_FULL_CODE,
  type AdminExamplePair,
} from '@/domain/admin-content';
import { ApiError } from '@/web/lib/api-client';
import { ConfirmDialog } from '@/web/components/confirm-dialog';
import { Alert, AlertDescription, AlertTitle } from '@/web/components/ui/alert';
import { Badge } from '@/web/components/ui/badge';
import { Button } from '@/web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/web/components/ui/card';
import { Label } from '@/web/components/ui/label';
import { ReplaceHomepageExampleDialog } from '@/web/components/replace-homepage-example-dialog';
import { Skeleton } from '@/web/components/ui/skeleton';
import { Switch } from '@/web/components/ui/switch';
import { useDeleteExample } from '../api/delete-example';
import { useExamples } from '../api/list-examples';
import { useSetHomepageExample } from '../api/set-homepage-example';

/** Admin §6: why the server turned the owner away, in the example screen's own words. */
function authProblem(error: unknown): { message: string; expired: boolean } | null {
  if (!(error instanceof ApiError)) return null;
  const code = (error.body as { code?: string } | undefined)?.code;
  if (error.status === 401) {
    return code === 'session_expired'
      ? { message: EXAMPLE_MESSAGES.sessionExpired, expired: true }
      : { message: EXAMPLE_MESSAGES.notSignedIn, expired: false };
  }
  if (error.status === 403 && code === 'forbidden') return { message: EXAMPLE_MESSAGES.notAdmin, expired: false };
  return null;
}

const failureToast = (fallback: string) => (error: Error) =>
  toast.error(authProblem(error)?.message ?? fallback, { description: error.message });

export function ExampleList() {
  const examples = useExamples();
  const queryClient = useQueryClient();
  const flag = useSetHomepageExample();
  const remove = useDeleteExample();
  const [replacing, setReplacing] = useState<AdminExamplePair | null>(null);
  const [deleting, setDeleting] = useState<AdminExamplePair | null>(null);
  const problem = authProblem(examples.error);

  useEffect(() => {
    if (examples.isError && !problem) toast.error(EXAMPLE_MESSAGES.loadFailed, { id: 'examples-load-failed' });
  }, [examples.isError, problem]);

  const onHomepage = (examples.data ?? []).filter((pair) => pair.isHomepageExample).length;
  const setFlag = (pair: AdminExamplePair, on: boolean, replaceOldest = false) =>
    flag.mutate(
      { id: pair.id, isHomepageExample: on, replaceOldest },
      {
        onSuccess: () => toast.success(EXAMPLE_MESSAGES.homepageUpdated),
        onError: (error) => {
          const code = error instanceof ApiError ? (error.body as { code?: string } | undefined)?.code : undefined;
          if (code === HOMEPAGE_FULL_CODE) setReplacing(pair);
          else failureToast(EXAMPLE_MESSAGES.homepageUpdateFailed)(error);
        },
      },
    );

  const toggle = (pair: AdminExamplePair, on: boolean) => {
    if (on && onHomepage >= HOMEPAGE_EXAMPLES_MAX) setReplacing(pair);
    else setFlag(pair, on);
  };

  const askDelete = (pair: AdminExamplePair) => {
    if (pair.isHomepageExample) toast.error(EXAMPLE_MESSAGES.cannotDeleteHomepage);
    else setDeleting(pair);
  };

  return (
    <Card>
      <CardHeader className="flex-row flex-wrap items-start justify-between gap-3">
        <div className="flex flex-col gap-1.5">
          <CardTitle>Existing Examples</CardTitle>
          <CardDescription>
            The newest {EXAMPLE_LIST_LIMIT}, homepage examples first. At most {HOMEPAGE_EXAMPLES_MAX} show on the home
            page ({onHomepage} now).
          </CardDescription>
        </div>
        <Button variant="outline" size="sm" onClick={() => void examples.refetch()} disabled={examples.isFetching}>
          <RefreshCw className={examples.isFetching ? 'animate-spin' : undefined} aria-hidden /> Refresh
        </Button>
      </CardHeader>
      <CardContent>
        {examples.isPending ? (
          <div className="grid gap-4 lg:grid-cols-2">
            {[0, 1].map((n) => (
              <Skeleton key={n} className="h-56" />
            ))}
          </div>
        ) : problem ? (
          <Alert variant="warning">
            <ShieldAlert aria-hidden />
            <AlertTitle>{problem.message}</AlertTitle>
            <AlertDescription>
              {problem.expired && (
                <Button
                  size="sm"
                  variant="outline"
                  className="mt-2"
                  onClick={async () => {
                    await queryClient.invalidateQueries({ queryKey: ['auth'] });
                    await examples.refetch();
                  }}
                >
                  {EXAMPLE_MESSAGES.retryAuth}
                </Button>
              )}
            </AlertDescription>
          </Alert>
        ) : examples.isError ? (
          <Alert variant="destructive">
            <AlertDescription className="flex flex-wrap items-center justify-between gap-3">
              {EXAMPLE_MESSAGES.loadFailed}
              <Button size="sm" variant="outline" onClick={() => void examples.refetch()}>
                Try Again
              </Button>
            </AlertDescription>
          </Alert>
        ) : examples.data.length === 0 ? (
          <p className="py-8 text-center text-muted-foreground">{EXAMPLE_MESSAGES.empty}</p>
        ) : (
          <div className="grid gap-4 lg:grid-cols-2">
            {examples.data.map((pair) => (
              <ExampleCard
                key={pair.id}
                pair={pair}
                busy={flag.isPending}
                onToggle={(on) => toggle(pair, on)}
                onDelete={() => askDelete(pair)}
              />
            ))}
          </div>
        )}
      </CardContent>

      <ReplaceHomepageExampleDialog
        open={replacing !== null}
        onConfirm={() => replacing && setFlag(replacing, true, true)}
        onClose={() => setReplacing(null)}
      />

      <ConfirmDialog
        open={deleting !== null}
        onClose={() => setDeleting(null)}
        title="Delete example"
        description={EXAMPLE_MESSAGES.deleteConfirmation}
        confirmLabel="Delete"
        destructive
        onConfirm={() =>
          deleting &&
          remove.mutate(deleting.id, {
            onSuccess: () => toast.success(EXAMPLE_MESSAGES.deleted),
            onError: failureToast(EXAMPLE_MESSAGES.deleteFailed),
          })
        }
      />
    </Card>
  );
}

function ExampleCard({
  pair,
  busy,
  onToggle,
  onDelete,
}: {
  pair: AdminExamplePair;
  busy: boolean;
  onToggle: (on: boolean) => void;
  onDelete: () => void;
}) {
  const switchId = `homepage-${pair.id}`;
  return (
    <div
      data-testid="example-card"
      data-example-id={pair.id}
      className="flex flex-col gap-3 rounded-xl border bg-card p-3 shadow-xs"
    >
      <div className="relative grid grid-cols-2 gap-2">
        <img
          src={pair.originalImageUrl}
          alt="Original photo"
          loading="lazy"
          className="aspect-[4/3] w-full rounded-md bg-muted object-cover"
        />
        <img
          src={pair.transformedImageUrl}
          alt="Transformed artwork"
          loading="lazy"
          className="aspect-[4/3] w-full rounded-md bg-muted object-cover"
        />
        <span className="absolute left-1/2 top-1/2 grid size-7 -translate-x-1/2 -translate-y-1/2 place-items-center rounded-full bg-card text-accent shadow">
          <ArrowRight className="size-3.5" aria-hidden />
        </span>
      </div>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div className="flex items-center gap-2 text-xs text-muted-foreground">
          <span>{new Date(pair.createdAt).toLocaleDateString(undefined, { dateStyle: 'medium' })}</span>
          {pair.isHomepageExample && (
            <Badge variant="success">
              <Home className="mr-1 size-3" aria-hidden /> Homepage
            </Badge>
          )}
        </div>
        <div className="flex items-center gap-3">
          <div className="flex items-center gap-2">
            <Switch id={switchId} checked={pair.isHomepageExample} disabled={busy} onCheckedChange={onToggle} />
            <Label htmlFor={switchId} className="text-xs">
              On homepage
            </Label>
          </div>
          <Button
            variant="ghost"
            size="icon"
            className="size-8 text-destructive hover:text-destructive"
            onClick={onDelete}
            aria-label="Delete example"
          >
            <Trash2 aria-hidden />
          </Button>
        </div>
      </div>
    </div>
  );
}
