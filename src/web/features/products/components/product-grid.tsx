import { Eye, ImageOff, Loader2, Plus } from 'lucide-react';
import { useId } from 'react';
import { srcSetOf, type Rendition } from '@/domain/images';
import type { ValidationStatus } from '@/domain/mockups';
import { formatDollars } from '@/domain/money';
import { PLACEMENT_TEXT, type PrintCheck } from '@/domain/placement';
import { Button } from '@/web/components/ui/button';
import { Card } from '@/web/components/ui/card';
import { Skeleton } from '@/web/components/ui/skeleton';
import { cn } from '@/web/lib/utils';
import type { Product } from '../api/get-products';

export interface ProductMockupView {
  /** 'invalid': the catalog says the product can no longer be made; it cannot be added. */
  status?: ValidationStatus;
  isLoading: boolean;
  error: string | null;
  mockups: Array<{ mockup_url: string; renditions?: Rendition[] }>;
  /** How sharp this artwork prints on the product; a product it would print blurry on cannot be added. */
  print?: PrintCheck;
}

interface ProductGridProps {
  /** Four columns on large screens when nothing sits beside the grid. */
  wide?: boolean;
  products: Product[];
  isLoading: boolean;
  mockups: Record<string, ProductMockupView | undefined>;
  quantities: Record<string, number>;
  onAdd: (product: Product) => void;
  onView: (product: Product) => void;
}

export function ProductGrid({
  wide = false,
  products,
  isLoading,
  mockups,
  quantities,
  onAdd,
  onView,
}: ProductGridProps) {
  const columns = cn('grid grid-cols-2 gap-4', wide ? 'lg:grid-cols-4' : 'lg:grid-cols-3');
  if (isLoading) {
    return (
      <div className={columns} data-testid="product-grid-loading">
        {Array.from({ length: 6 }, (_, i) => (
          <Card key={i} className="overflow-hidden">
            <Skeleton className="aspect-square rounded-none" />
            <div className="space-y-2 p-4">
              <Skeleton className="h-4 w-3/4" />
              <Skeleton className="h-4 w-1/3" />
            </div>
          </Card>
        ))}
      </div>
    );
  }
  return (
    <div className={columns} data-testid="product-grid">
      {products.map((product) => (
        <ProductCard
          key={product.id}
          wide={wide}
          product={product}
          view={mockups[product.id]}
          quantity={quantities[product.id] ?? 0}
          onAdd={() => onAdd(product)}
          onView={() => onView(product)}
        />
      ))}
    </div>
  );
}

/**
 * A card's width: two columns below 1024 px (half the page less its padding and gap); from
 * 1024 px four in the 1120 px page, or three beside the 22rem Order Summary.
 */
const WIDE_CARD_SIZES = '(min-width: 1024px) 270px, calc(50vw - 24px)';
const CARD_SIZES = '(min-width: 1024px) 240px, calc(50vw - 24px)';

function ProductCard({
  wide,
  product,
  view,
  quantity,
  onAdd,
  onView,
}: {
  wide: boolean;
  product: Product;
  view?: ProductMockupView;
  quantity: number;
  onAdd: () => void;
  onView: () => void;
}) {
  const mockup = view?.mockups[0];
  const thumbnail = mockup?.mockup_url ?? product.product_image_url;
  const unavailable = view?.status === 'invalid';
  const tooSmall = view?.print !== undefined && !view.print.sharp;
  const errorId = useId();
  return (
    <Card className="group flex flex-col overflow-hidden" data-testid="product-card" data-product={product.name}>
      <button
        type="button"
        onClick={onView}
        className="relative block aspect-square overflow-hidden bg-muted"
        aria-label={`View ${product.name} with your artwork`}
      >
        {thumbnail ? (
          <img
            src={thumbnail}
            srcSet={srcSetOf(mockup?.renditions)}
            sizes={wide ? WIDE_CARD_SIZES : CARD_SIZES}
            alt={product.name}
            loading="lazy"
            className="h-full w-full object-cover transition duration-300 group-hover:scale-[1.03]"
            data-testid="product-thumbnail"
          />
        ) : (
          <span className="grid h-full place-items-center text-sm text-muted-foreground">
            <span className="flex flex-col items-center gap-2">
              <ImageOff className="size-6" aria-hidden />
              No Image
            </span>
          </span>
        )}
        {view?.isLoading && (
          <span
            className="absolute right-2 top-2 grid size-8 place-items-center rounded-full bg-card/90 shadow"
            aria-label="Making the preview"
          >
            <Loader2 className="size-4 animate-spin text-primary" />
          </span>
        )}
        <span className="absolute inset-x-2 bottom-2 flex items-center justify-center gap-1.5 rounded-md bg-card/90 py-1.5 text-xs font-medium opacity-0 shadow transition group-hover:opacity-100 group-focus-within:opacity-100">
          <Eye className="size-3.5" aria-hidden /> View with artwork
        </span>
      </button>
      <div className="flex flex-1 flex-col gap-2 p-3 md:p-4">
        <h3 className="font-sans text-sm font-semibold leading-snug md:text-base">{product.name}</h3>
        {view?.error && (
          <p id={errorId} className="text-xs text-destructive" data-testid="product-error">
            {view.error}
          </p>
        )}
        {view?.print &&
          (tooSmall ? (
            <p id={errorId} className="text-xs text-destructive" data-testid="print-too-small">
              {PLACEMENT_TEXT.tooSmall} ({view.print.dpi} dpi)
            </p>
          ) : (
            <p className="text-xs text-muted-foreground" data-testid="print-resolution">
              {view.print.painted_at_print_size
                ? PLACEMENT_TEXT.paintedAtPrintSize
                : PLACEMENT_TEXT.resolution(view.print.dpi)}
            </p>
          ))}
        <div className="mt-auto flex flex-wrap items-center justify-between gap-2">
          <span className="font-semibold text-primary">{formatDollars(product.final_price)}</span>
          {unavailable ? (
            <Button size="sm" variant="outline" disabled aria-describedby={view?.error ? errorId : undefined}>
              Unavailable
            </Button>
          ) : tooSmall ? (
            <Button size="sm" variant="outline" disabled aria-describedby={errorId}>
              Too small
            </Button>
          ) : (
            <Button
              size="sm"
              variant={quantity > 0 ? 'accent' : 'default'}
              onClick={onAdd}
              aria-label={`Add ${product.name} to cart`}
            >
              <Plus aria-hidden /> Add{quantity > 0 ? ` (${quantity})` : ''}
            </Button>
          )}
        </div>
      </div>
    </Card>
  );
}
