/**
 * The Enhanced Catalog Browser (admin §2): the catalog's products with search, category,
 * difficulty and sort, in a grid or a list, each card saying what the store already holds.
 * Selected products are added with their cheapest variant (§9 quick add); the Details dialog
 * adds chosen variants.
 */
import { Check, Info, LayoutGrid, List, Plus, RefreshCw, Search } from 'lucide-react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { toast } from 'sonner';
import {
  CATALOG_SKELETON_CARDS,
  PRODUCT_MESSAGES,
  catalogSorts,
  type CatalogBrowserProduct,
  type SyncPayload,
} from '@/domain/admin-products';
import { difficultyLevels, productCategories, productCategoryLabels } from '@/domain/catalog-rules';
import { Badge } from '@/web/components/ui/badge';
import { Button } from '@/web/components/ui/button';
import { Card } from '@/web/components/ui/card';
import { Input } from '@/web/components/ui/input';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/web/components/ui/select';
import { Skeleton } from '@/web/components/ui/skeleton';
import { useDebouncedValue } from '@/web/hooks/use-debounced-value';
import { cn } from '@/web/lib/utils';
import { catalogDetailsQuery, useCatalog } from '../api/catalog';
import { useSyncProducts } from '../api/sync-products';
import { CatalogDetailsDialog, reportSync } from './catalog-details-dialog';

const SEARCH_DEBOUNCE_MS = 300;
const SORT_LABELS: Record<(typeof catalogSorts)[number], string> = {
  name: 'Name',
  type: 'Type',
  variants: 'Variant count',
  brand: 'Brand',
};
const DIFFICULTY_VARIANT = { simple: 'success', medium: 'warning', complex: 'destructive' } as const;

export function CatalogBrowser() {
  const [searchInput, setSearchInput] = useState('');
  const search = useDebouncedValue(searchInput, SEARCH_DEBOUNCE_MS);
  const [category, setCategory] = useState('all');
  const [difficulty, setDifficulty] = useState('all');
  const [sort, setSort] = useState<string>('name');
  const [layout, setLayout] = useState<'grid' | 'list'>('grid');
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [details, setDetails] = useState<number | null>(null);
  const catalog = useCatalog({ search, category, difficulty, sort });
  const sync = useSyncProducts();
  const products = catalog.data?.products;
  const selectable = (products ?? []).filter((product) => product.sync.state !== 'full');

  useEffect(() => {
    if (catalog.isError) toast.error(PRODUCT_MESSAGES.loadCatalogFailed, { id: 'catalog-load-failed' });
  }, [catalog.isError]);

  const toggle = (id: number) =>
    setSelected((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  const clearFilters = () => {
    setSearchInput('');
    setCategory('all');
    setDifficulty('all');
  };

  const quickAdd = useQuickAdd();
  const addSelected = async () => {
    if (selected.size === 0) return void toast.error(PRODUCT_MESSAGES.selectAtLeastOne);
    const chosen = (products ?? []).filter((product) => selected.has(product.id));
    try {
      const payloads = await quickAdd(chosen);
      if (payloads.length === 0) return void toast.error(PRODUCT_MESSAGES.nothingProcessed);
      reportSync(await sync.mutateAsync(payloads), false);
      setSelected(new Set());
    } catch {
      toast.error(PRODUCT_MESSAGES.syncToStoreFailed);
    }
  };

  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 className="text-xl font-semibold">Enhanced Catalog Browser</h2>
        <div className="flex gap-2">
          <Button variant="outline" onClick={() => void catalog.refetch()} disabled={catalog.isFetching}>
            <RefreshCw aria-hidden className={catalog.isFetching ? 'animate-spin' : undefined} /> Refresh Catalog
          </Button>
          <Button
            onClick={() => void addSelected()}
            disabled={selected.size === 0 || sync.isPending || catalog.isPending}
          >
            <Plus aria-hidden /> Add Selected ({selected.size})
          </Button>
        </div>
      </div>

      <div className="flex flex-wrap gap-3">
        <div className="relative min-w-56 flex-1">
          <Search
            className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
            aria-hidden
          />
          <Input
            className="pl-9"
            placeholder="Search name, type or brand"
            aria-label="Search the catalog"
            value={searchInput}
            onChange={(event) => setSearchInput(event.target.value)}
          />
        </div>
        <FilterSelect
          label="Category"
          value={category}
          onChange={setCategory}
          options={[
            ['all', 'All categories'],
            ...productCategories.map((c) => [c, productCategoryLabels[c]] as [string, string]),
          ]}
        />
        <FilterSelect
          label="Difficulty"
          value={difficulty}
          onChange={setDifficulty}
          options={[
            ['all', 'All difficulties'],
            ...difficultyLevels.map((d) => [d, d[0]!.toUpperCase() + d.slice(1)] as [string, string]),
          ]}
        />
        <FilterSelect
          label="Sort by"
          value={sort}
          onChange={setSort}
          options={catalogSorts.map((s) => [s, `Sort: ${SORT_LABELS[s]}`] as [string, string])}
        />
        <div className="flex gap-1" role="group" aria-label="Layout">
          <Button
            variant={layout === 'grid' ? 'secondary' : 'ghost'}
            size="icon"
            aria-pressed={layout === 'grid'}
            aria-label="Grid view"
            onClick={() => setLayout('grid')}
          >
            <LayoutGrid aria-hidden />
          </Button>
          <Button
            variant={layout === 'list' ? 'secondary' : 'ghost'}
            size="icon"
            aria-pressed={layout === 'list'}
            aria-label="List view"
            onClick={() => setLayout('list')}
          >
            <List aria-hidden />
          </Button>
        </div>
      </div>

      <div className="flex flex-wrap items-center gap-3 text-sm">
        <span className="text-muted-foreground" data-testid="catalog-count">
          {products ? `${products.length} products found` : ' '}
        </span>
        <Button
          variant="link"
          size="sm"
          className="h-auto p-0"
          onClick={() => setSelected(new Set(selectable.map((p) => p.id)))}
          disabled={selectable.length === 0}
        >
          Select All
        </Button>
        <Button
          variant="link"
          size="sm"
          className="h-auto p-0"
          onClick={() => setSelected(new Set())}
          disabled={selected.size === 0}
        >
          Clear Selection
        </Button>
      </div>

      {catalog.isPending ? (
        <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4" data-testid="catalog-loading">
          {Array.from({ length: CATALOG_SKELETON_CARDS }, (_, index) => (
            <Skeleton key={index} className="h-72" />
          ))}
        </div>
      ) : products && products.length === 0 ? (
        <div className="flex flex-col items-center gap-3 p-10 text-center text-muted-foreground">
          {PRODUCT_MESSAGES.emptyCatalog}
          <Button variant="outline" onClick={clearFilters}>
            Clear Filters
          </Button>
        </div>
      ) : (
        <div className={cn('grid gap-4', layout === 'grid' ? 'sm:grid-cols-2 xl:grid-cols-4' : 'grid-cols-1')}>
          {(products ?? []).map((product) => (
            <CatalogCard
              key={product.id}
              product={product}
              layout={layout}
              selected={selected.has(product.id)}
              onToggle={() => toggle(product.id)}
              onDetails={() => setDetails(product.id)}
            />
          ))}
        </div>
      )}

      <CatalogDetailsDialog productId={details} onClose={() => setDetails(null)} />
    </div>
  );
}

function FilterSelect({
  label,
  value,
  onChange,
  options,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  options: Array<[string, string]>;
}) {
  return (
    <Select value={value} onValueChange={onChange}>
      <SelectTrigger className="w-44" aria-label={label}>
        <SelectValue />
      </SelectTrigger>
      <SelectContent>
        {options.map(([key, text]) => (
          <SelectItem key={key} value={key}>
            {text}
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  );
}

/** §9 quick add: each product's cheapest variant the store does not hold yet, at that variant's price. */
function useQuickAdd() {
  const queryClient = useQueryClient();
  return async (chosen: CatalogBrowserProduct[]): Promise<SyncPayload[]> => {
    const payloads: SyncPayload[] = [];
    for (const product of chosen) {
      const { product: details } = await queryClient.fetchQuery(catalogDetailsQuery(product.id));
      const open = details.variants.filter((variant) => !variant.synced && variant.in_stock);
      const cheapest = open.sort((a, b) => Number(a.price) - Number(b.price))[0];
      if (!cheapest) continue;
      payloads.push({
        printful_product_id: product.id,
        printful_variant_id: cheapest.id,
        is_enabled: true,
        name: `${details.name} ${[cheapest.size, cheapest.color].filter(Boolean).join(', ')}`.trim(),
        description: details.description,
        base_cost: cheapest.price,
        category: product.category,
        difficulty_level: product.difficulty,
        image_url: cheapest.image || details.image,
      });
    }
    return payloads;
  };
}

function CatalogCard({
  product,
  layout,
  selected,
  onToggle,
  onDetails,
}: {
  product: CatalogBrowserProduct;
  layout: 'grid' | 'list';
  selected: boolean;
  onToggle: () => void;
  onDetails: () => void;
}) {
  const full = product.sync.state === 'full';
  const [imageFailed, setImageFailed] = useState(false);
  const [first, ...rest] = product.sync.variant_ids;
  return (
    <Card
      data-testid="catalog-card"
      className={cn(
        'flex gap-3 p-4',
        layout === 'grid' ? 'flex-col' : 'flex-row items-center',
        selected && 'ring-2 ring-primary',
      )}
    >
      <div className="flex flex-wrap items-center gap-2">
        <input
          type="checkbox"
          className="size-4"
          checked={selected}
          disabled={full}
          onChange={onToggle}
          aria-label={`Select ${product.name}`}
        />
        <Badge variant="outline" className="whitespace-nowrap">
          {productCategoryLabels[product.category]}
        </Badge>
        {product.sync.state === 'full' ? (
          <Badge variant="success" className="whitespace-nowrap">
            Fully Synced
          </Badge>
        ) : product.sync.state === 'partial' ? (
          <Badge
            variant="warning"
            className="whitespace-nowrap"
          >{`${product.sync.synced}/${product.variant_count} Synced`}</Badge>
        ) : null}
      </div>
      <div
        className={cn(
          'overflow-hidden rounded-md border bg-muted',
          layout === 'grid' ? 'aspect-square' : 'size-24 shrink-0',
        )}
      >
        {product.image && !imageFailed ? (
          <img
            src={product.image}
            alt={product.name}
            className="size-full object-cover"
            loading="lazy"
            onError={() => setImageFailed(true)}
          />
        ) : (
          <div className="flex size-full items-center justify-center text-xs text-muted-foreground">No image</div>
        )}
      </div>
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <h3 className="font-semibold leading-tight">{product.name || 'Unnamed Product'}</h3>
        <p className="text-sm text-muted-foreground">
          {product.type || 'Unknown Type'} · {product.brand || 'Unknown Brand'}
        </p>
        <div className="flex flex-wrap items-center gap-2 text-xs">
          <Badge variant={DIFFICULTY_VARIANT[product.difficulty]}>{product.difficulty}</Badge>
          <span className="text-muted-foreground">{product.variant_count} variants</span>
        </div>
        <p className="text-xs text-muted-foreground">
          {first === undefined ? 'No synced variants' : `Variant ${first}${rest.length ? ` +${rest.length}` : ''}`}
          {product.sync.synced > 0 && ` · ${product.sync.enabled} enabled, ${product.sync.disabled} disabled`}
        </p>
      </div>
      <div className="flex gap-2">
        <Button variant="outline" size="sm" onClick={onDetails}>
          <Info aria-hidden /> Details
        </Button>
        {full ? (
          <Button size="sm" variant="secondary" disabled>
            <Check aria-hidden /> All Synced
          </Button>
        ) : (
          <Button size="sm" variant={selected ? 'secondary' : 'default'} onClick={onToggle} aria-pressed={selected}>
            {selected ? 'Selected' : 'Select'}
          </Button>
        )}
      </div>
    </Card>
  );
}
