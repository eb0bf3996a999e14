import { useEffect, useState } from 'react';
import { AlertTriangle, ChevronLeft, ChevronRight, Clock, Loader2, Minus, Plus, RefreshCw } from 'lucide-react';
import { MODAL_QUANTITY } from '@/domain/cart';
import { srcSetOf, type Rendition } from '@/domain/images';
import { MOCKUP_TEXT, type ValidationStatus } from '@/domain/mockups';
import { formatDollars } from '@/domain/money';
import { ART_FITS, PLACEMENT_TEXT, type ArtFit, type PrintCheck } from '@/domain/placement';
import { Button } from '@/web/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/web/components/ui/dialog';
import { cn } from '@/web/lib/utils';
import type { Product } from '../api/get-products';

export interface PreviewMockup {
  mockup_url: string;
  renditions?: Rendition[];
  placement: string;
  label: string;
}

/** The main view: 1.5 parts of a 1024 px dialog from 768 px (less padding), else the screen less padding. */
const VIEW_SIZES = '(min-width: 768px) 560px, calc(100vw - 64px)';
/** The 64 px view buttons. */
const VIEW_BUTTON_SIZES = '64px';

interface ProductPreviewModalProps {
  product: Product | null;
  mockups: PreviewMockup[];
  isLoading: boolean;
  status: ValidationStatus;
  error: string | null;
  supportEmail: string;
  /** How the artwork sits in the print area, and how sharp it prints (undefined until known). */
  print?: PrintCheck;
  /** A smaller size of this product that prints sharp, by name, when this one does not. */
  sharperSize?: string | null;
  onClose: () => void;
  onAdd: (quantity: number) => void;
  onRetry: () => void;
  onFit: (fit: ArtFit) => void;
}

/** The full-screen preview: the artwork on the product from every side, and the way into the cart. */
export function ProductPreviewModal({
  product,
  mockups,
  isLoading,
  status,
  error,
  supportEmail,
  print,
  sharperSize,
  onClose,
  onAdd,
  onRetry,
  onFit,
}: ProductPreviewModalProps) {
  const [index, setIndex] = useState(0);
  const [quantity, setQuantity] = useState<number>(MODAL_QUANTITY.initial);

  useEffect(() => {
    setIndex(0);
    setQuantity(MODAL_QUANTITY.initial);
  }, [product?.id]);
  useEffect(() => setIndex((i) => (mockups.length === 0 ? 0 : i % mockups.length)), [mockups.length]);

  if (!product) return null;
  const count = mockups.length;
  // The carousel wraps around at both ends.
  const go = (step: number) => setIndex((i) => (count === 0 ? 0 : (i + step + count) % count));
  const current = mockups[index];
  const tooSmall = print !== undefined && !print.sharp;

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent
        className="max-w-5xl p-0 md:grid md:grid-cols-[minmax(0,1.5fr)_minmax(0,1fr)] md:gap-0"
        data-testid="preview-modal"
      >
        <div className="relative bg-muted/60 p-4 md:p-6">
          <div className="relative overflow-hidden rounded-lg bg-card">
            {current ? (
              <MockupImage
                key={current.mockup_url}
                src={current.mockup_url}
                srcSet={srcSetOf(current.renditions)}
                sizes={VIEW_SIZES}
                fallback={product.product_image_url}
                alt={`${product.name}, ${current.label}`}
              />
            ) : (
              <div className="grid aspect-square place-items-center text-muted-foreground">
                {isLoading ? (
                  <Loader2 className="size-8 animate-spin text-primary" aria-label="Making the previews" />
                ) : (
                  <MockupImage src={product.product_image_url} fallback={null} alt={product.name} />
                )}
              </div>
            )}
            {count > 1 && (
              <>
                <CarouselButton side="left" onClick={() => go(-1)} label="Previous view" />
                <CarouselButton side="right" onClick={() => go(1)} label="Next view" />
              </>
            )}
            {current && (
              // Dark under the whole line, so white reads at 4.5:1 on a white mockup too.
              <div className="absolute inset-x-0 bottom-0 flex items-center justify-between bg-gradient-to-t from-black/75 via-black/55 to-transparent px-4 pb-3 pt-8 text-sm text-white">
                <span data-testid="mockup-label">{current.label}</span>
                <span data-testid="mockup-counter">
                  {index + 1} / {count}
                </span>
              </div>
            )}
          </div>
          {count > 1 && (
            <div className="mt-3 flex gap-2 overflow-x-auto pb-1" role="tablist" aria-label="Views">
              {mockups.map((mockup, i) => (
                <button
                  key={mockup.mockup_url}
                  type="button"
                  role="tab"
                  aria-selected={i === index}
                  aria-label={mockup.label}
                  onClick={() => setIndex(i)}
                  className={cn(
                    'size-16 shrink-0 overflow-hidden rounded-md border-2 bg-card',
                    i === index ? 'border-accent' : 'border-transparent opacity-75 hover:opacity-100',
                  )}
                >
                  <MockupImage
                    src={mockup.mockup_url}
                    srcSet={srcSetOf(mockup.renditions)}
                    sizes={VIEW_BUTTON_SIZES}
                    fallback={product.product_image_url}
                    alt=""
                  />
                </button>
              ))}
            </div>
          )}
        </div>

        <div className="flex flex-col gap-5 p-6">
          <div>
            <DialogTitle className="pr-8 text-2xl">{product.name}</DialogTitle>
            {product.description && (
              <DialogDescription className="mt-2 text-base">{product.description}</DialogDescription>
            )}
          </div>
          <div className="flex items-baseline gap-2">
            <span className="text-3xl font-semibold text-primary">{formatDollars(product.final_price)}</span>
            <span className="text-sm text-muted-foreground">each</span>
          </div>

          {status === 'invalid' ? (
            <div
              role="alert"
              className="rounded-lg border border-destructive/30 bg-destructive/5 p-4 text-sm"
              data-testid="invalid-variant"
            >
              <p className="flex items-center gap-2 font-semibold text-destructive">
                <AlertTriangle className="size-4" aria-hidden /> This product is currently unavailable
              </p>
              <p className="mt-1 text-muted-foreground">
                {error ?? MOCKUP_TEXT.noDetails}. Please choose another product, or contact support at{' '}
                <a className="text-primary underline" href={`mailto:${supportEmail}`}>
                  {supportEmail}
                </a>
                .
              </p>
            </div>
          ) : (
            <>
              {error && (
                <div className="rounded-lg bg-muted p-3 text-sm">
                  <p className="text-muted-foreground">{error}</p>
                  <Button variant="link" size="sm" className="h-auto px-0" onClick={onRetry}>
                    <RefreshCw aria-hidden /> Try again
                  </Button>
                </div>
              )}
              {print && (
                <FitSwitch
                  fit={print.fit}
                  disabled={isLoading}
                  onFit={(fit) => {
                    setIndex(0);
                    onFit(fit);
                  }}
                />
              )}
              {print && <PrintSharpness print={print} sharperSize={sharperSize ?? null} />}
              <div>
                <p className="mb-2 text-sm font-medium">Quantity</p>
                <div className="inline-flex items-center rounded-lg border">
                  <Button
                    variant="ghost"
                    size="icon"
                    aria-label="Decrease quantity"
                    disabled={quantity <= MODAL_QUANTITY.min}
                    onClick={() => setQuantity((q) => Math.max(MODAL_QUANTITY.min, q - 1))}
                  >
                    <Minus />
                  </Button>
                  <span className="w-10 text-center font-semibold tabular-nums" data-testid="modal-quantity">
                    {quantity}
                  </span>
                  <Button
                    variant="ghost"
                    size="icon"
                    aria-label="Increase quantity"
                    disabled={quantity >= MODAL_QUANTITY.max}
                    onClick={() => setQuantity((q) => Math.min(MODAL_QUANTITY.max, q + 1))}
                  >
                    <Plus />
                  </Button>
                </div>
              </div>
              <Button size="lg" variant="accent" disabled={tooSmall} onClick={() => onAdd(quantity > 0 ? quantity : 1)}>
                {quantity > 0 ? 'Add to Cart' : 'Add 1 to Cart'}
              </Button>
              {quantity > 0 && (
                <p className="-mt-2 text-sm text-muted-foreground">
                  Total {formatDollars(product.final_price * quantity)}
                </p>
              )}
            </>
          )}
          <p className="mt-auto flex items-start gap-2 text-xs text-muted-foreground">
            <Clock className="mt-0.5 size-3.5 shrink-0" aria-hidden />
            {MOCKUP_TEXT.mayTakeAMinute}
          </p>
        </div>
      </DialogContent>
    </Dialog>
  );
}

/** Fill or fit: the visitor's choice of how the artwork sits on the product; the mockup follows. */
function FitSwitch({ fit, disabled, onFit }: { fit: ArtFit; disabled: boolean; onFit: (fit: ArtFit) => void }) {
  return (
    <div>
      <p className="mb-2 text-sm font-medium" id="fit-label">
        Artwork placement
      </p>
      <div
        role="radiogroup"
        aria-labelledby="fit-label"
        className="inline-flex rounded-lg border bg-muted p-1"
        data-testid="fit-switch"
      >
        {ART_FITS.map((choice) => (
          <button
            key={choice}
            type="button"
            role="radio"
            aria-checked={fit === choice}
            disabled={disabled}
            onClick={() => fit !== choice && onFit(choice)}
            className={cn(
              'rounded-md px-4 py-1.5 text-sm font-medium transition',
              fit === choice ? 'bg-card text-foreground shadow' : 'text-muted-foreground hover:text-foreground',
            )}
          >
            {PLACEMENT_TEXT[choice]}
          </button>
        ))}
      </div>
      <p className="mt-1.5 text-xs text-muted-foreground">
        {fit === 'fill' ? PLACEMENT_TEXT.fillHint : PLACEMENT_TEXT.fitHint}
      </p>
    </div>
  );
}

/** The photo's effective resolution on this product, and what it means for the print. */
function PrintSharpness({ print, sharperSize }: { print: PrintCheck; sharperSize: string | null }) {
  if (!print.sharp) {
    return (
      <div
        role="alert"
        className="rounded-lg border border-destructive/30 bg-destructive/5 p-3 text-sm"
        data-testid="print-too-small"
      >
        <p className="font-semibold text-destructive">{PLACEMENT_TEXT.tooSmall}</p>
        <p className="mt-1 text-muted-foreground">{PLACEMENT_TEXT.resolution(print.dpi)}.</p>
        {sharperSize && <p className="mt-1 text-muted-foreground">{PLACEMENT_TEXT.smallerSize(sharperSize)}</p>}
      </div>
    );
  }
  return (
    <p className="text-xs text-muted-foreground" data-testid="print-resolution">
      {print.painted_at_print_size ? `${PLACEMENT_TEXT.paintedAtPrintSize} · ` : ''}
      {PLACEMENT_TEXT.resolution(print.dpi)}
    </p>
  );
}

function CarouselButton({ side, onClick, label }: { side: 'left' | 'right'; onClick: () => void; label: string }) {
  const Icon = side === 'left' ? ChevronLeft : ChevronRight;
  return (
    <button
      type="button"
      onClick={onClick}
      aria-label={label}
      className={cn(
        'absolute top-1/2 grid size-10 -translate-y-1/2 place-items-center rounded-full bg-card/90 shadow-md hover:bg-card',
        side === 'left' ? 'left-3' : 'right-3',
      )}
    >
      <Icon className="size-5" />
    </button>
  );
}

/** A broken mockup falls back to the product image, then to a placeholder; `srcSet` offers the mockup's renditions. */
function MockupImage({
  src,
  srcSet,
  sizes,
  fallback,
  alt,
}: {
  src: string | null;
  srcSet?: string;
  sizes?: string;
  fallback: string | null;
  alt: string;
}) {
  const [current, setCurrent] = useState(src ?? fallback);
  useEffect(() => setCurrent(src ?? fallback), [src, fallback]);
  if (!current) {
    return (
      <div className="grid aspect-square w-full place-items-center bg-muted text-sm text-muted-foreground">
        No Image
      </div>
    );
  }
  return (
    <img
      src={current}
      srcSet={current === src ? srcSet : undefined}
      sizes={current === src && srcSet ? sizes : undefined}
      alt={alt}
      className="aspect-square w-full object-contain"
      onError={() => setCurrent(current === src && fallback && fallback !== src ? fallback : null)}
    />
  );
}
