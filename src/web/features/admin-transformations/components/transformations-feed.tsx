/**
 * The Transformations Feed tab (admin §2 Transformations, §4 bulk rules and filter reset,
 * §5 date range and debounce, §8, §9): filters, the page of cards, the bulk bar, pagination.
 * Changing any filter goes back to page 1 and clears the selection.
 */
import {
  CalendarDays,
  ChevronLeft,
  ChevronRight,
  Eye,
  EyeOff,
  RefreshCw,
  Search,
  Star,
  StarOff,
  Trash2,
  X,
} from 'lucide-react';
import { useEffect, useState } from 'react';
import { toast } from 'sonner';
import { HOMEPAGE_FULL_CODE } from '@/domain/admin-content';
import {
  FEED_SKELETON_CARDS,
  SEARCH_DEBOUNCE_MS,
  TRANSFORMATION_MESSAGES,
  UNKNOWN_STYLE,
  UNKNOWN_STYLE_FILTER,
  pageNumbers,
  totalPages,
  type AdminTransformation,
  type BulkAction,
  type BulkResult,
} from '@/domain/admin-transformations';
import { ConfirmDialog } from '@/web/components/confirm-dialog';
import { Alert, AlertDescription } from '@/web/components/ui/alert';
import { Badge } from '@/web/components/ui/badge';
import { Button } from '@/web/components/ui/button';
import { Card } from '@/web/components/ui/card';
import { Input } from '@/web/components/ui/input';
import { Label } from '@/web/components/ui/label';
import { Popover, PopoverContent, PopoverTrigger } from '@/web/components/ui/popover';
import { ReplaceHomepageExampleDialog } from '@/web/components/replace-homepage-example-dialog';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/web/components/ui/select';
import { Skeleton } from '@/web/components/ui/skeleton';
import { useDebouncedValue } from '@/web/hooks/use-debounced-value';
import { ApiError } from '@/web/lib/api-client';
import { useBulkTransformations, type BulkRequest } from '../api/bulk-transformations';
import { useDeleteTransformation } from '../api/delete-transformation';
import { EMPTY_FILTERS, useTransformations, type FeedQuery } from '../api/list-transformations';
import { useStyleOptions } from '../api/list-style-options';
import { useUpdateTransformation, type TransformationPatch } from '../api/update-transformation';
import { TransformationCard } from './transformation-card';

type Filters = Omit<FeedQuery, 'page'>;
const ALL = 'all';

const isHomepageFull = (error: unknown) =>
  error instanceof ApiError &&
  error.status === 409 &&
  (error.body as { code?: string } | undefined)?.code === HOMEPAGE_FULL_CODE;

const shortDate = (date: string) =>
  new Date(`${date}T00:00:00`).toLocaleDateString(undefined, { day: 'numeric', month: 'short' });
const fullDate = (date: string) =>
  new Date(`${date}T00:00:00`).toLocaleDateString(undefined, { day: 'numeric', month: 'short', year: 'numeric' });

export function TransformationsFeed() {
  const [searchInput, setSearchInput] = useState('');
  const search = useDebouncedValue(searchInput, SEARCH_DEBOUNCE_MS);
  const [filters, setFilters] = useState<Filters>(EMPTY_FILTERS);
  const [page, setPage] = useState(1);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  /** A change waiting for the owner to confirm replacing the oldest homepage example. */
  const [pendingReplace, setPendingReplace] = useState<(() => void) | null>(null);
  const [confirmBulkDelete, setConfirmBulkDelete] = useState(false);

  const query: FeedQuery = { ...filters, searchQuery: search, page };
  const feed = useTransformations(query);
  const styles = useStyleOptions();
  const update = useUpdateTransformation();
  const remove = useDeleteTransformation();
  const bulk = useBulkTransformations();

  const changeFilters = (next: Partial<Filters>) => {
    setFilters((current) => ({ ...current, ...next }));
    setPage(1);
    setSelected(new Set());
  };
  useEffect(() => {
    setPage(1);
    setSelected(new Set());
  }, [search]);

  const active = Boolean(
    search.trim() || filters.styleId || filters.isHomepageExample || filters.dateFrom || filters.dateTo,
  );
  const clearAll = () => {
    setSearchInput('');
    changeFilters(EMPTY_FILTERS);
  };

  const data = feed.data;
  const pages = totalPages(data?.total ?? 0);
  const items = data?.items ?? [];
  const allOnPageSelected = items.length > 0 && items.every((item) => selected.has(item.id));

  const patch = (
    item: AdminTransformation,
    change: Omit<TransformationPatch, 'id'>,
    messages: { ok: string; failed: string },
  ) =>
    update.mutate(
      { id: item.id, ...change },
      {
        onSuccess: () => toast.success(messages.ok),
        onError: (error) => {
          if (isHomepageFull(error))
            setPendingReplace(() => () => patch(item, { ...change, replace_oldest: true }, messages));
          else toast.error(messages.failed, { description: error.message });
        },
      },
    );

  const toggleHomepage = (item: AdminTransformation) =>
    patch(
      item,
      { is_homepage_example: !item.isHomepageExample },
      {
        ok: item.isHomepageExample
          ? TRANSFORMATION_MESSAGES.removedFromHomepage
          : TRANSFORMATION_MESSAGES.setAsHomepage,
        failed: TRANSFORMATION_MESSAGES.homepageUpdateFailed,
      },
    );

  const toggleHidden = (item: AdminTransformation) =>
    patch(
      item,
      { hidden_from_gallery: !item.hiddenFromGallery },
      {
        ok: item.hiddenFromGallery
          ? TRANSFORMATION_MESSAGES.shown
          : item.isHomepageExample
            ? TRANSFORMATION_MESSAGES.hiddenAndRemoved
            : TRANSFORMATION_MESSAGES.hidden,
        failed: TRANSFORMATION_MESSAGES.visibilityFailed,
      },
    );

  const deleteOne = (item: AdminTransformation) =>
    remove.mutate(item.id, {
      onSuccess: () => {
        toast.success(TRANSFORMATION_MESSAGES.deleted);
        setSelected((current) => {
          const next = new Set(current);
          next.delete(item.id);
          return next;
        });
      },
      onError: (error) => toast.error(TRANSFORMATION_MESSAGES.deleteFailed, { description: error.message }),
    });

  const runBulk = (request: BulkRequest) =>
    bulk.mutate(request, {
      onSuccess: (result) => {
        reportBulk(request.action, result);
        setSelected(new Set());
      },
      onError: (error) => {
        if (isHomepageFull(error)) {
          setPendingReplace(() => () => runBulk({ ...request, replace_oldest: true }));
          return;
        }
        const failed =
          request.action === 'delete'
            ? TRANSFORMATION_MESSAGES.bulkDeleteFailed
            : request.action === 'hide' || request.action === 'show'
              ? TRANSFORMATION_MESSAGES.visibilityFailed
              : TRANSFORMATION_MESSAGES.bulkHomepageFailed;
        toast.error(failed, { description: error.message });
      },
    });
  const bulkAction = (action: BulkAction) => runBulk({ ids: [...selected], action });

  const toggleAllOnPage = () =>
    setSelected((current) => {
      const next = new Set(current);
      for (const item of items) {
        if (allOnPageSelected) next.delete(item.id);
        else next.add(item.id);
      }
      return next;
    });

  return (
    <div className="flex flex-col gap-4">
      <Card className="flex flex-col gap-3 p-4">
        <div className="grid gap-3 md:grid-cols-2 xl:grid-cols-4">
          <div className="relative">
            <Search
              className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground"
              aria-hidden
            />
            <Input
              value={searchInput}
              onChange={(event) => setSearchInput(event.target.value)}
              placeholder="Search by file name…"
              aria-label="Search by file name"
              className="pl-9"
            />
          </div>
          <Select
            value={filters.styleId || ALL}
            onValueChange={(value) => changeFilters({ styleId: value === ALL ? '' : value })}
          >
            <SelectTrigger aria-label="Art style">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              <SelectItem value={ALL}>All Styles</SelectItem>
              <SelectItem value={UNKNOWN_STYLE_FILTER}>{UNKNOWN_STYLE}</SelectItem>
              {(styles.data ?? []).map((style) => (
                <SelectItem key={style.id} value={style.id}>
                  {style.name}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
          <Select
            value={filters.isHomepageExample || ALL}
            onValueChange={(value) =>
              changeFilters({ isHomepageExample: value === ALL ? '' : (value as 'true' | 'false') })
            }
          >
            <SelectTrigger aria-label="Homepage examples">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              <SelectItem value={ALL}>All transformations</SelectItem>
              <SelectItem value="true">Homepage examples only</SelectItem>
              <SelectItem value="false">Not homepage examples</SelectItem>
            </SelectContent>
          </Select>
          <DateRangeFilter
            from={filters.dateFrom}
            to={filters.dateTo}
            onApply={(dateFrom, dateTo) => changeFilters({ dateFrom, dateTo })}
          />
        </div>
        <div className="flex flex-wrap items-center gap-3 text-sm">
          <span className="font-medium" data-testid="feed-total">
            {data ? `${data.total} transformations found` : ' '}
          </span>
          {data && <span className="text-muted-foreground">{`Page ${Math.min(page, pages)} of ${pages}`}</span>}
          {selected.size > 0 && <span className="text-muted-foreground">{selected.size} selected</span>}
          {active && (
            <span className="ml-auto flex items-center gap-2">
              <Badge variant="warning">Active</Badge>
              <Button size="sm" variant="ghost" onClick={clearAll}>
                <X aria-hidden /> Clear All Filters
              </Button>
            </span>
          )}
        </div>
      </Card>

      {selected.size > 0 && (
        <Card
          className="sticky top-2 z-10 flex flex-wrap items-center gap-2 border-primary/40 bg-card/95 p-3 backdrop-blur"
          data-testid="bulk-bar"
        >
          <label className="flex cursor-pointer items-center gap-2 text-sm font-medium">
            <input
              type="checkbox"
              className="size-4 accent-primary"
              checked={allOnPageSelected}
              onChange={toggleAllOnPage}
            />
            Select all on this page
          </label>
          <span className="text-sm text-muted-foreground">{selected.size} selected</span>
          <Button size="sm" variant="ghost" onClick={() => setSelected(new Set())}>
            Clear Selection
          </Button>
          <div className="flex flex-wrap gap-2 md:ml-auto">
            <Button size="sm" variant="outline" disabled={bulk.isPending} onClick={() => bulkAction('set_examples')}>
              <Star aria-hidden /> Set as Examples
            </Button>
            <Button size="sm" variant="outline" disabled={bulk.isPending} onClick={() => bulkAction('remove_examples')}>
              <StarOff aria-hidden /> Remove Examples
            </Button>
            <Button size="sm" variant="outline" disabled={bulk.isPending} onClick={() => bulkAction('hide')}>
              <EyeOff aria-hidden /> Hide from Gallery
            </Button>
            <Button size="sm" variant="outline" disabled={bulk.isPending} onClick={() => bulkAction('show')}>
              <Eye aria-hidden /> Show in Gallery
            </Button>
            <Button
              size="sm"
              variant="destructive"
              disabled={bulk.isPending}
              onClick={() => setConfirmBulkDelete(true)}
            >
              <Trash2 aria-hidden /> Delete Selected
            </Button>
          </div>
        </Card>
      )}

      {feed.isPending ? (
        <div className="grid gap-4 lg:grid-cols-2 2xl:grid-cols-3" data-testid="feed-loading">
          {Array.from({ length: FEED_SKELETON_CARDS }, (_, index) => (
            <Card key={index} className="flex flex-col gap-3 p-4">
              <Skeleton className="h-5 w-2/3" />
              <Skeleton className="h-4 w-1/2" />
              <div className="grid grid-cols-2 gap-2">
                <Skeleton className="aspect-[4/3]" />
                <Skeleton className="aspect-[4/3]" />
              </div>
              <Skeleton className="h-8" />
            </Card>
          ))}
        </div>
      ) : feed.isError ? (
        <Alert variant="destructive">
          <AlertDescription className="flex flex-wrap items-center justify-between gap-3">
            {TRANSFORMATION_MESSAGES.loadError(feed.error.message)}
            <Button size="sm" variant="outline" onClick={() => void feed.refetch()}>
              <RefreshCw aria-hidden /> Try Again
            </Button>
          </AlertDescription>
        </Alert>
      ) : items.length === 0 ? (
        <Card className="p-10 text-center">
          <p className="font-medium">{TRANSFORMATION_MESSAGES.empty}</p>
          <p className="mt-1 text-sm text-muted-foreground">{TRANSFORMATION_MESSAGES.emptyHint}</p>
        </Card>
      ) : (
        <div className="grid gap-4 lg:grid-cols-2 2xl:grid-cols-3">
          {items.map((item) => (
            <TransformationCard
              key={item.id}
              item={item}
              selected={selected.has(item.id)}
              busy={
                (update.isPending && update.variables?.id === item.id) ||
                (remove.isPending && remove.variables === item.id)
              }
              onSelect={(on) =>
                setSelected((current) => {
                  const next = new Set(current);
                  if (on) next.add(item.id);
                  else next.delete(item.id);
                  return next;
                })
              }
              onToggleHomepage={() => toggleHomepage(item)}
              onToggleHidden={() => toggleHidden(item)}
              onDelete={() => deleteOne(item)}
            />
          ))}
        </div>
      )}

      {data && pages > 1 && (
        <nav className="flex flex-wrap items-center justify-center gap-1" aria-label="Pagination">
          <Button size="sm" variant="outline" disabled={page <= 1} onClick={() => setPage(page - 1)}>
            <ChevronLeft aria-hidden /> Previous
          </Button>
          {pageNumbers(page, pages).map((number) => (
            <Button
              key={number}
              size="sm"
              variant={number === page ? 'default' : 'outline'}
              aria-current={number === page ? 'page' : undefined}
              onClick={() => setPage(number)}
            >
              {number}
            </Button>
          ))}
          <Button size="sm" variant="outline" disabled={page >= pages} onClick={() => setPage(page + 1)}>
            Next <ChevronRight aria-hidden />
          </Button>
        </nav>
      )}

      <ReplaceHomepageExampleDialog
        open={pendingReplace !== null}
        onConfirm={() => {
          pendingReplace?.();
          setPendingReplace(null);
        }}
        onClose={() => setPendingReplace(null)}
      />

      <ConfirmDialog
        open={confirmBulkDelete}
        onClose={() => setConfirmBulkDelete(false)}
        title="Delete selected transformations?"
        description={TRANSFORMATION_MESSAGES.bulkDeleteConfirmation(selected.size)}
        confirmLabel="Delete Selected"
        destructive
        onConfirm={() => bulkAction('delete')}
      />
    </div>
  );
}

/** The spec's bulk toasts: successes, failures, and 'No changes needed …' when nothing had to change. */
function reportBulk(action: BulkAction, result: BulkResult) {
  if (result.message) toast.info(result.message);
  if (result.succeeded > 0) {
    const text = {
      set_examples: TRANSFORMATION_MESSAGES.bulkSet,
      remove_examples: TRANSFORMATION_MESSAGES.bulkRemoved,
      delete: TRANSFORMATION_MESSAGES.bulkDeleted,
      hide: TRANSFORMATION_MESSAGES.bulkHidden,
      show: TRANSFORMATION_MESSAGES.bulkShown,
    }[action](result.succeeded);
    toast.success(text);
  }
  if (result.failed > 0) {
    const text =
      action === 'delete'
        ? TRANSFORMATION_MESSAGES.bulkDeleteFailedCount(result.failed)
        : TRANSFORMATION_MESSAGES.bulkUpdateFailedCount(result.failed);
    toast.error(text, {
      description: result.errors
        .slice(0, 3)
        .map((line) => line.replace(/^[0-9a-f-]{36}: /, ''))
        .join('\n'),
    });
  }
}

/** From/To dates in a popover (admin §5: From cannot be after To), applied together. */
function DateRangeFilter({ from, to, onApply }: { from: string; to: string; onApply(from: string, to: string): void }) {
  const [open, setOpen] = useState(false);
  const [draftFrom, setDraftFrom] = useState(from);
  const [draftTo, setDraftTo] = useState(to);
  useEffect(() => {
    if (open) {
      setDraftFrom(from);
      setDraftTo(to);
    }
  }, [open, from, to]);
  const label = from || to ? `${from ? shortDate(from) : '…'} – ${to ? shortDate(to) : '…'}` : 'Date range';
  const title = from || to ? `${from ? fullDate(from) : '…'} – ${to ? fullDate(to) : '…'}` : undefined;
  const invalid = Boolean(draftFrom && draftTo && draftFrom > draftTo);
  return (
    <Popover open={open} onOpenChange={setOpen}>
      <PopoverTrigger asChild>
        <Button variant="outline" className="justify-start font-normal" aria-label="Date range" title={title}>
          <CalendarDays aria-hidden /> <span className="truncate">{label}</span>
        </Button>
      </PopoverTrigger>
      <PopoverContent className="flex flex-col gap-3">
        <div className="flex flex-col gap-1.5">
          <Label htmlFor="feed-date-from">From Date</Label>
          <Input
            id="feed-date-from"
            type="date"
            value={draftFrom}
            max={draftTo || undefined}
            onChange={(event) => setDraftFrom(event.target.value)}
          />
        </div>
        <div className="flex flex-col gap-1.5">
          <Label htmlFor="feed-date-to">To Date</Label>
          <Input
            id="feed-date-to"
            type="date"
            value={draftTo}
            min={draftFrom || undefined}
            onChange={(event) => setDraftTo(event.target.value)}
          />
        </div>
        {invalid && <p className="text-sm text-destructive">{TRANSFORMATION_MESSAGES.dateRangeInvalid}</p>}
        <div className="flex justify-end gap-2">
          <Button
            size="sm"
            variant="ghost"
            onClick={() => {
              onApply('', '');
              setOpen(false);
            }}
          >
            Clear
          </Button>
          <Button
            size="sm"
            disabled={invalid}
            onClick={() => {
              onApply(draftFrom, draftTo);
              setOpen(false);
            }}
          >
            Apply
          </Button>
        </div>
      </PopoverContent>
    </Popover>
  );
}
