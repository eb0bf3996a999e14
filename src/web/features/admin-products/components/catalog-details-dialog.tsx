/**
 * The catalog product's Details dialog (admin §2): images, facts, print areas and sync
 * status, then 'Variants & Pricing' (select variants, copy their ids, refresh one, add the
 * selected to the store) and 'Specifications' (print files, options). It closes after adding.
 */
import { Copy, Plus, RefreshCw } from 'lucide-react';
import { useEffect, useState } from 'react';
import { toast } from 'sonner';
import {
  DETAIL_VARIANT_THUMBNAILS,
  PRODUCT_MESSAGES,
  type CatalogDetails,
  type SyncResponse,
} from '@/domain/admin-products';
import { productCategoryLabels } from '@/domain/catalog-rules';
import { Badge } from '@/web/components/ui/badge';
import { Button } from '@/web/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/web/components/ui/dialog';
import { Skeleton } from '@/web/components/ui/skeleton';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/web/components/ui/tabs';
import { apiFetch } from '@/web/lib/api-client';
import { useCatalogDetails } from '../api/catalog';
import { useSyncProducts } from '../api/sync-products';

/** The spec's toasts for a sync answer (§8). */
export function reportSync(result: SyncResponse, variants: boolean): void {
  const names = result.results.filter((entry) => entry.success).map((entry) => entry.name);
  if (result.failed > 0) toast.error(PRODUCT_MESSAGES.syncSomeFailed(result.failed));
  if (names.length > 0)
    toast.success(variants ? PRODUCT_MESSAGES.syncedVariants(names) : PRODUCT_MESSAGES.synced(names));
}

export function CatalogDetailsDialog({ productId, onClose }: { productId: number | null; onClose: () => void }) {
  const details = useCatalogDetails(productId);
  const product = details.data?.product;

  useEffect(() => {
    if (details.isError) toast.error(PRODUCT_MESSAGES.loadDetailsFailed, { id: 'catalog-details-failed' });
  }, [details.isError]);

  return (
    <Dialog open={productId !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-h-[90vh] max-w-3xl overflow-y-auto">
        <DialogHeader>
          <DialogTitle>{product?.name ?? 'Product details'}</DialogTitle>
          <DialogDescription>{product ? `${product.type} · ${product.brand}` : 'Loading…'}</DialogDescription>
        </DialogHeader>
        {!product ? (
          details.isError ? (
            <p className="text-destructive">{PRODUCT_MESSAGES.fetchDetailsFailed}</p>
          ) : (
            <Skeleton className="h-64" />
          )
        ) : (
          <DetailsBody key={product.id} product={product} onAdded={onClose} />
        )}
      </DialogContent>
    </Dialog>
  );
}

function DetailsBody({ product, onAdded }: { product: CatalogDetails; onAdded: () => void }) {
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const sync = useSyncProducts();
  const available = product.variants.filter((variant) => !variant.synced);
  const images = [
    ...new Set([product.image, ...product.variants.map((variant) => variant.image)].filter(Boolean)),
  ].slice(0, DETAIL_VARIANT_THUMBNAILS);

  const toggle = (id: number) =>
    setSelected((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  const copyIds = async () => {
    const ids = product.variants.map((variant) => variant.id);
    if (ids.length === 0) return void toast.error(PRODUCT_MESSAGES.noVariantToCopy);
    await navigator.clipboard?.writeText(ids.join(', ')).catch(() => undefined);
    toast.success(ids.length === 1 ? PRODUCT_MESSAGES.copiedOne : PRODUCT_MESSAGES.copiedMany(ids.length));
  };

  const refreshVariant = async (variantId: number) => {
    try {
      const result = await apiFetch<{ success: boolean; alternatives?: unknown[] }>('/api/catalog/refresh', {
        method: 'POST',
        json: { variant_id: variantId },
      });
      if (result.success) toast.success(PRODUCT_MESSAGES.variantRefreshed(variantId));
      else if (result.alternatives?.length) toast.warning(PRODUCT_MESSAGES.variantAlternatives);
      else toast.error(PRODUCT_MESSAGES.variantRefreshDataFailed);
    } catch (error) {
      toast.error(
        error instanceof TypeError
          ? PRODUCT_MESSAGES.variantRefreshNetwork
          : PRODUCT_MESSAGES.variantRefreshFailed((error as Error).message),
      );
    }
  };

  const addSelected = async () => {
    if (selected.size === 0) return void toast.error(PRODUCT_MESSAGES.selectAtLeastOne);
    const payloads = product.variants
      .filter((variant) => selected.has(variant.id))
      .map((variant) => ({
        printful_product_id: product.id,
        printful_variant_id: variant.id,
        is_enabled: true,
        name: `${product.name} ${[variant.size, variant.color].filter(Boolean).join(', ')}`.trim(),
        description: product.description,
        base_cost: variant.price,
        category: product.category,
        difficulty_level: product.difficulty,
        image_url: variant.image || product.image,
      }));
    try {
      const result = await sync.mutateAsync(payloads);
      reportSync(result, true);
      if (result.results.some((entry) => entry.success)) onAdded();
    } catch {
      toast.error(PRODUCT_MESSAGES.syncToStoreFailed);
    }
  };

  return (
    <div className="flex flex-col gap-4">
      <div className="grid grid-cols-3 gap-2 sm:grid-cols-6">
        {images.map((src) => (
          <img key={src} src={src} alt="" className="aspect-square rounded-md border object-cover" loading="lazy" />
        ))}
      </div>
      <dl className="grid grid-cols-2 gap-x-6 gap-y-2 text-sm sm:grid-cols-3">
        <Fact label="Type" value={product.type} />
        <Fact label="Brand" value={product.brand} />
        <Fact label="Model" value={product.model || '—'} />
        <Fact
          label="Base price"
          value={
            product.price_range
              ? product.price_range.min === product.price_range.max
                ? `$${product.price_range.min.toFixed(2)}`
                : `$${product.price_range.min.toFixed(2)} – $${product.price_range.max.toFixed(2)}`
              : '—'
          }
        />
        <Fact
          label="Print areas"
          value={
            [
              product.dimensions.front && `Front ${product.dimensions.front}`,
              product.dimensions.back && `Back ${product.dimensions.back}`,
            ]
              .filter(Boolean)
              .join(' · ') || '—'
          }
        />
        <Fact
          label="Sync status"
          value={
            product.sync.state === 'full'
              ? 'Fully Synced'
              : product.sync.state === 'partial'
                ? `${product.sync.synced}/${product.variant_count} Synced`
                : 'Not synced'
          }
        />
        <Fact label="Category" value={productCategoryLabels[product.category]} />
      </dl>
      {product.description && <p className="text-sm text-muted-foreground">{product.description}</p>}

      <Tabs defaultValue="variants">
        <TabsList>
          <TabsTrigger value="variants">Variants &amp; Pricing</TabsTrigger>
          <TabsTrigger value="specs">Specifications</TabsTrigger>
        </TabsList>
        <TabsContent value="variants" className="flex flex-col gap-3">
          <div className="flex flex-wrap gap-2">
            <Button variant="outline" size="sm" onClick={() => void copyIds()}>
              <Copy aria-hidden /> Copy All IDs
            </Button>
            <Button
              variant="outline"
              size="sm"
              onClick={() => setSelected(new Set(available.map((variant) => variant.id)))}
              disabled={available.length === 0}
            >
              Select All Available
            </Button>
            <Button size="sm" onClick={() => void addSelected()} disabled={selected.size === 0 || sync.isPending}>
              <Plus aria-hidden /> Add Selected ({selected.size})
            </Button>
          </div>
          <ul className="divide-y rounded-md border" data-testid="variant-list">
            {product.variants.map((variant) => (
              <li key={variant.id} className="flex items-center gap-3 p-2 text-sm" data-testid="variant-row">
                <input
                  type="checkbox"
                  className="size-4"
                  checked={selected.has(variant.id)}
                  disabled={variant.synced}
                  onChange={() => toggle(variant.id)}
                  aria-label={`Select variant ${variant.id}`}
                />
                {variant.color_code && (
                  <span
                    className="size-4 shrink-0 rounded-full border"
                    style={{ background: variant.color_code }}
                    aria-hidden
                  />
                )}
                <span className="min-w-0 flex-1">
                  <span className="font-medium">{variant.name}</span>
                  <span className="block text-xs text-muted-foreground">
                    #{variant.id}
                    {variant.in_stock ? '' : ' · out of stock'}
                  </span>
                </span>
                <span className="tabular-nums">${Number(variant.price).toFixed(2)}</span>
                {variant.synced && <Badge variant="success">In store</Badge>}
                <Button
                  variant="ghost"
                  size="icon"
                  onClick={() => void refreshVariant(variant.id)}
                  aria-label={`Refresh variant ${variant.id}`}
                >
                  <RefreshCw aria-hidden />
                </Button>
              </li>
            ))}
          </ul>
        </TabsContent>
        <TabsContent value="specs" className="grid gap-4 text-sm sm:grid-cols-2">
          <div>
            <h4 className="mb-1 font-semibold">Print files</h4>
            <ul className="list-inside list-disc text-muted-foreground">
              {product.files.length ? (
                product.files.map((file) => (
                  <li key={file.id}>
                    {file.title} ({file.type})
                  </li>
                ))
              ) : (
                <li>None listed</li>
              )}
            </ul>
          </div>
          <div>
            <h4 className="mb-1 font-semibold">Options</h4>
            <ul className="list-inside list-disc text-muted-foreground">
              {product.options.length ? (
                product.options.map((option) => (
                  <li key={option.id}>
                    {option.title} ({option.type})
                  </li>
                ))
              ) : (
                <li>None listed</li>
              )}
            </ul>
          </div>
        </TabsContent>
      </Tabs>
    </div>
  );
}

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <dt className="text-xs uppercase tracking-wide text-muted-foreground">{label}</dt>
      <dd className="font-medium">{value}</dd>
    </div>
  );
}
