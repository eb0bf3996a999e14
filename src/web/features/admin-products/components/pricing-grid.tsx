/**
 * The Pricing Grid (admin §2): a spreadsheet of the store's products. Markup %, Markup $ and
 * Final Price are cells: type, then Enter or Tab saves (Enter moves down, Tab to the next
 * cell), Escape puts the saved value back. The server applies the pricing rule and answers
 * with the saved row.
 */
import { AlertTriangle, FlaskConical, ImageOff, RefreshCw } from 'lucide-react';
import { useRef, useState, type KeyboardEvent } from 'react';
import { toast } from 'sonner';
import { PRICING_SKELETON_ROWS, PRODUCT_MESSAGES, syncAge, type AdminProduct } from '@/domain/admin-products';
import { productCategoryLabels, type ProductCategory } from '@/domain/catalog-rules';
import { Badge } from '@/web/components/ui/badge';
import { Button } from '@/web/components/ui/button';
import { Skeleton } from '@/web/components/ui/skeleton';
import { Switch } from '@/web/components/ui/switch';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/web/components/ui/table';
import { cn } from '@/web/lib/utils';
import { useRefreshProduct, useTestProduct } from '../api/check-products';
import { useUpdateProduct } from '../api/update-product';

type PriceField = 'markup_percentage' | 'markup_dollar' | 'final_price';
const PRICE_FIELDS: PriceField[] = ['markup_percentage', 'markup_dollar', 'final_price'];
const FIELD_LABELS: Record<PriceField, string> = {
  markup_percentage: 'Markup %',
  markup_dollar: 'Markup $',
  final_price: 'Final Price',
};

const money = (value: number | null) => (value == null ? '—' : `$${value.toFixed(2)}`);
const cellId = (row: number, field: PriceField) => `price-cell-${row}-${field}`;

export function PricingGrid({ products, loading }: { products: AdminProduct[] | undefined; loading: boolean }) {
  if (loading || !products) {
    return (
      <div className="flex flex-col gap-3 p-4" data-testid="pricing-loading">
        {Array.from({ length: PRICING_SKELETON_ROWS }, (_, row) => (
          <Skeleton key={row} className="h-14" />
        ))}
      </div>
    );
  }
  if (products.length === 0)
    return <p className="p-8 text-center text-muted-foreground">{PRODUCT_MESSAGES.emptyProducts}</p>;
  return (
    <div className="overflow-x-auto">
      <Table data-testid="pricing-grid">
        <TableHeader>
          <TableRow>
            <TableHead className="min-w-36">Product</TableHead>
            <TableHead>Variant ID</TableHead>
            <TableHead className="text-right">Base Cost</TableHead>
            {PRICE_FIELDS.map((field) => (
              <TableHead key={field} className="px-2 text-right">
                {FIELD_LABELS[field]}
              </TableHead>
            ))}
            <TableHead>Sync Status</TableHead>
            <TableHead>Actions</TableHead>
            <TableHead>Enabled</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {products.map((product, index) => (
            <PricingRow key={product.id} product={product} row={index} />
          ))}
        </TableBody>
      </Table>
    </div>
  );
}

function PricingRow({ product, row }: { product: AdminProduct; row: number }) {
  const update = useUpdateProduct();
  const refresh = useRefreshProduct();
  const test = useTestProduct();
  const age = syncAge(product.last_synced_at);

  const savePrice = (field: PriceField, value: string) =>
    update.mutate(
      { id: product.id, patch: { [field]: value } },
      {
        onSuccess: () => toast.success(PRODUCT_MESSAGES.pricingUpdated),
        onError: (error) => toast.error(PRODUCT_MESSAGES.pricingFailed, { description: error.message }),
      },
    );

  const setEnabled = (enabled: boolean) =>
    update.mutate(
      { id: product.id, patch: { is_enabled: enabled } },
      {
        onSuccess: () => toast.success(PRODUCT_MESSAGES.statusUpdated(enabled)),
        onError: () => toast.error(PRODUCT_MESSAGES.statusFailed),
      },
    );

  const runRefresh = () => {
    if (product.printful_variant_id == null) return void toast.error(PRODUCT_MESSAGES.noVariantToRefresh);
    refresh.mutate(product.id, {
      onSuccess: (result) => (result.success ? toast.success(result.message) : toast.warning(result.message)),
      onError: () => toast.error(PRODUCT_MESSAGES.refreshFailed),
    });
  };
  const runTest = () => {
    if (product.printful_variant_id == null) return void toast.error(PRODUCT_MESSAGES.noVariantToTest);
    test.mutate(product.id, {
      onSuccess: (result) => (result.valid ? toast.success(result.message) : toast.error(result.message)),
      onError: (error) => toast.error(PRODUCT_MESSAGES.testFailed(error.message)),
    });
  };

  return (
    <TableRow data-testid="pricing-row" data-valid={product.valid}>
      {/* Valid products get a green border, invalid a red one (§2). */}
      <TableCell className={cn('border-l-4', product.valid ? 'border-l-success' : 'border-l-destructive')}>
        <div className="flex items-center gap-3">
          {product.product_image_url ? (
            <img
              src={product.product_image_url}
              alt=""
              className="size-10 rounded-md border object-cover"
              loading="lazy"
            />
          ) : (
            <div className="flex size-10 items-center justify-center rounded-md border bg-muted" aria-hidden>
              <ImageOff className="size-4 text-muted-foreground" />
            </div>
          )}
          <span className="font-medium">{product.name}</span>
        </div>
      </TableCell>
      <TableCell className="tabular-nums">{product.printful_variant_id ?? '—'}</TableCell>
      <TableCell className="text-right tabular-nums">{money(product.printful_base_cost)}</TableCell>
      {PRICE_FIELDS.map((field) => (
        <TableCell key={field} className="px-2 text-right">
          <PriceCell product={product} field={field} row={row} onSave={(value) => savePrice(field, value)} />
          {field === 'final_price' && (
            // What each sale earns, under the price that makes it.
            <span
              className="mt-1 block text-xs whitespace-nowrap text-muted-foreground tabular-nums"
              data-testid="margin"
            >
              {product.margin ? `earns ${money(product.margin.amount)} (${product.margin.percentage}%)` : 'no price'}
            </span>
          )}
        </TableCell>
      ))}
      <TableCell>
        <div className="flex flex-col gap-1">
          <Badge variant={product.printful_sync_status === 'synced' ? 'success' : 'secondary'} className="w-fit">
            {product.printful_sync_status === 'synced' ? 'Synced' : 'Pending'}
          </Badge>
          {age && (
            <span
              className={cn(
                'flex items-center gap-1 text-xs',
                age.level === 'alert'
                  ? 'text-destructive'
                  : age.level === 'warn'
                    ? 'text-amber-700'
                    : 'text-muted-foreground',
              )}
              data-level={age.level}
            >
              {age.level === 'alert' && (
                <AlertTriangle className="size-3" aria-label="Warning: not synced for over a week" />
              )}
              {age.label}
            </span>
          )}
        </div>
      </TableCell>
      <TableCell>
        <div className="flex flex-col items-start gap-1">
          <div className="flex items-center gap-1">
            <Button
              variant="ghost"
              size="icon"
              onClick={runRefresh}
              disabled={refresh.isPending}
              aria-label={`Refresh ${product.name}`}
              title="Refresh"
            >
              <RefreshCw aria-hidden className={refresh.isPending ? 'animate-spin' : undefined} />
            </Button>
            <Button
              variant="ghost"
              size="icon"
              onClick={runTest}
              disabled={test.isPending}
              aria-label={`Test ${product.name}`}
              title="Test"
            >
              <FlaskConical aria-hidden />
            </Button>
          </div>
          <Badge variant="outline" className="whitespace-nowrap" title="Category">
            {productCategoryLabels[product.product_category as ProductCategory] ?? product.product_category}
          </Badge>
        </div>
      </TableCell>
      <TableCell>
        <Switch checked={product.is_enabled} onCheckedChange={setEnabled} aria-label={`Enabled: ${product.name}`} />
      </TableCell>
    </TableRow>
  );
}

/** One editable price: the saved value until it is edited; Enter/Tab save, Escape restores. */
function PriceCell({
  product,
  field,
  row,
  onSave,
}: {
  product: AdminProduct;
  field: PriceField;
  row: number;
  onSave: (value: string) => void;
}) {
  const saved = product[field] == null ? '' : String(product[field]);
  const [draft, setDraft] = useState<string | null>(null);
  // The edit in progress, read by the key and blur handlers of the same event (state lags a render).
  const editing = useRef<string | null>(null);
  const edit = (value: string) => {
    editing.current = value;
    setDraft(value);
  };
  const finish = (save: boolean) => {
    const value = editing.current;
    editing.current = null;
    setDraft(null);
    if (save && value !== null && value !== saved) onSave(value);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      finish(false);
      event.currentTarget.blur();
    } else if (event.key === 'Enter') {
      event.preventDefault();
      finish(true);
      // Enter moves down the column, like a spreadsheet; on the last row it stays.
      const below = document.getElementById(cellId(row + 1, field)) as HTMLInputElement | null;
      if (below) below.focus();
      else event.currentTarget.blur();
    }
    // Tab moves to the next cell by the page's own order; leaving the cell saves it (onBlur).
  };
  return (
    <input
      id={cellId(row, field)}
      type="number"
      step="0.01"
      inputMode="decimal"
      aria-label={`${FIELD_LABELS[field]}: ${product.name}`}
      className="h-9 w-[4.5rem] [appearance:textfield] rounded-md border border-input bg-card px-2 text-right tabular-nums outline-none focus-visible:ring-2 focus-visible:ring-ring [&::-webkit-inner-spin-button]:appearance-none [&::-webkit-outer-spin-button]:appearance-none"
      value={draft ?? saved}
      onChange={(event) => edit(event.target.value)}
      onFocus={(event) => event.currentTarget.select()}
      onBlur={() => finish(true)}
      onKeyDown={onKeyDown}
    />
  );
}
