/**
 * /transform (storefront §2): the photo, a style, the artwork, the products and the cart.
 * The page composes the features; each feature knows nothing of the others.
 */
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { Loader2, Wand2 } from 'lucide-react';
import { quantityOf } from '@/domain/cart';
import { reportStep } from '@/web/lib/visit';
import { MOCKUP_TEXT } from '@/domain/mockups';
import { PAGES } from '@/domain/pages';
import { TRANSFORMATION_MESSAGES } from '@/domain/transformation';
import { UPLOAD_MESSAGES } from '@/domain/upload';
import { Button } from '@/web/components/ui/button';
import { Skeleton } from '@/web/components/ui/skeleton';
import { cart, useCart } from '@/web/features/cart/api/cart-store';
import { OrderSummary } from '@/web/features/cart/components/order-summary';
import { useCheckoutOpen } from '@/web/features/checkout/lib/checkout-draft';
import { ArtworkGalleryConsent, GalleryConsentSwitch } from '@/web/features/gallery/components/gallery-consent';
import { useProductMockups } from '@/web/features/mockups/api/use-product-mockups';
import { RecentArtworks } from '@/web/features/recent-artworks/components/recent-artworks';
import { recentArtworks } from '@/web/features/recent-artworks/lib/recent-artworks-store';
import { useProducts, type Product } from '@/web/features/products/api/get-products';
import { ProductGrid } from '@/web/features/products/components/product-grid';
import { ProductPreviewModal } from '@/web/features/products/components/product-preview-modal';
import { useSite } from '@/web/features/site/api/get-site';
import { usePageHead } from '@/web/features/site/lib/use-page-head';
import { useStyles } from '@/web/features/styles/api/get-styles';
import { StylePicker } from '@/web/features/styles/components/style-picker';
import { useStartTransformation } from '@/web/features/transform/api/start-transformation';
import { useTransformationProgress } from '@/web/features/transform/api/use-transformation-progress';
import { ArtworkPanel } from '@/web/features/transform/components/artwork-panel';
import { TransformPhoto } from '@/web/features/upload/components/transform-photo';
import { useUrlPhoto } from '@/web/features/upload/uploaded-photo';
import { CheckoutArea } from './transform-checkout-area';
import { TransformSteps } from './transform-steps';

/**
 * The journey's state is the URL, `/transform?image={id}&artwork={transformationId}`: a
 * reload, Back/Forward or a shared link brings back the photo, the style and the artwork.
 */
export function TransformPage() {
  usePageHead(PAGES.transform);
  const { photo, loading: photoLoading, missing: photoMissing, setPhoto } = useUrlPhoto();
  const [params, setParams] = useSearchParams();
  const transformationId = params.get('artwork');
  const showArtwork = (imageId: string, artworkId: string) =>
    setParams({ image: imageId, artwork: artworkId }, { replace: true });
  const { data: styles } = useStyles();
  const [styleId, setStyleId] = useState<string | null>(null);
  const style = styles?.find((candidate) => candidate.id === styleId) ?? null;
  const [pickingStyle, setPickingStyle] = useState(false);
  const [checkoutOpen, setCheckoutOpen] = useCheckoutOpen();
  const [previewing, setPreviewing] = useState<Product | null>(null);
  const { data: site, isPending: siteLoading } = useSite();
  // Untouched, the switch shows the shop's default; the visitor's choice then sticks.
  const [galleryConsent, setGalleryConsent] = useState<boolean | null>(null);
  // The artwork the visitor is waiting for: it takes focus when it appears.
  const [awaited, setAwaited] = useState<string | null>(null);
  const artworkShown = useCallback(() => setAwaited(null), []);

  const start = useStartTransformation();
  const progress = useTransformationProgress(transformationId);
  const processing = start.isPending || progress.status === 'processing';
  const artworkReady = progress.status === 'completed' && progress.publicUrl !== null;

  // The ticked style is the shown artwork's style, whatever was ticked before it loaded.
  useEffect(() => {
    if (progress.styleId) setStyleId(progress.styleId);
  }, [progress.styleId]);

  useEffect(() => {
    if (photoMissing) toast.error(UPLOAD_MESSAGES.photoNotFound);
  }, [photoMissing]);

  useEffect(() => {
    if (progress.status === 'failed') toast.error(TRANSFORMATION_MESSAGES.failedRetry);
  }, [progress.status]);

  const transform = async () => {
    if (!photo) return;
    if (!style) {
      toast.error(TRANSFORMATION_MESSAGES.selectStyle);
      return;
    }
    try {
      const started = await start.mutateAsync({
        imageId: photo.imageId,
        styleId: style.id,
        galleryConsent: galleryConsent ?? site?.galleryConsentDefault ?? false,
      });
      if (!started.success) throw new Error(TRANSFORMATION_MESSAGES.failedDefault);
      setPickingStyle(false);
      setAwaited(started.transformationId);
      showArtwork(photo.imageId, started.transformationId);
    } catch (error) {
      toast.error((error as Error).message || TRANSFORMATION_MESSAGES.exception);
    }
  };

  const products = useProducts();
  useEffect(() => {
    if (products.isError) toast.error(MOCKUP_TEXT.failedToLoadProducts);
  }, [products.isError]);
  const productList = useMemo(() => products.data ?? [], [products.data]);
  const mockups = useProductMockups(artworkReady ? transformationId : null, productList);
  const lines = useCart();
  // The grid counts what the cart holds of each product with the artwork shown.
  const quantities = useMemo(
    () => Object.fromEntries(productList.map((p) => [p.id, quantityOf(lines, p.id, transformationId)])),
    [productList, lines, transformationId],
  );

  // The shop's own funnel (analytics): each artwork shown, and its mockups seen, once.
  const mockupsShown = Object.values(mockups.states).some((state) => (state?.mockups.length ?? 0) > 0);
  useEffect(() => {
    if (artworkReady && transformationId) reportStep('artwork_made', transformationId);
  }, [artworkReady, transformationId]);
  // Kept in this browser, so the artwork can be found again without its URL.
  const artworkStyleName = styles?.find((candidate) => candidate.id === progress.styleId)?.name ?? null;
  const photoId = photo?.imageId ?? null;
  useEffect(() => {
    if (!artworkReady || !transformationId || !photoId || !progress.publicUrl) return;
    recentArtworks.remember({
      transformationId,
      imageId: photoId,
      artworkUrl: progress.publicUrl,
      styleName: artworkStyleName,
    });
  }, [artworkReady, transformationId, photoId, progress.publicUrl, artworkStyleName]);
  useEffect(() => {
    if (mockupsShown && transformationId) reportStep('mockups_viewed', transformationId);
  }, [mockupsShown, transformationId]);

  const addToCart = useCallback(
    (product: Product, quantity: number) => {
      // A product the catalog can no longer make, or that would print blurry, is not sold (the server refuses it too).
      const state = mockups.states[product.id];
      if (!transformationId || !progress.publicUrl || state?.status === 'invalid') return;
      if (state?.print && !state.print.sharp) return;
      const views = state?.mockups ?? [];
      cart.add({
        product: {
          id: product.id,
          name: product.name,
          printful_variant_id: product.printful_variant_id,
          final_price: product.final_price,
        },
        quantity,
        transformationId,
        artworkUrl: progress.publicUrl,
        mockupUrls: views.map((mockup) => mockup.mockup_url),
        thumbnailRenditions: views[0]?.renditions ?? progress.renditions,
        ...(state?.print ? { fit: state.print.fit } : {}),
      });
      reportStep('added_to_cart', transformationId);
      toast.success(`${product.name} added to your cart`);
    },
    [transformationId, progress.publicUrl, progress.renditions, mockups.states],
  );

  const openPreview = (product: Product) => {
    setPreviewing(product);
    void mockups.ensure(product);
  };
  const previewState = previewing ? mockups.states[previewing.id] : undefined;
  // Where this size prints blurry, the largest other size of the same product that prints sharp.
  const sharperSize = (() => {
    if (!previewing || !previewState?.print || previewState.print.sharp) return null;
    const sizes = productList.filter(
      (other) =>
        other.id !== previewing.id &&
        other.printful_product_id !== null &&
        other.printful_product_id === previewing.printful_product_id &&
        mockups.states[other.id]?.print?.sharp,
    );
    const area = (other: Product) => {
      const print = mockups.states[other.id]!.print!;
      return print.print_width * print.print_height;
    };
    return sizes.sort((a, b) => area(b) - area(a))[0]?.name ?? null;
  })();
  const step = checkoutOpen ? 4 : artworkReady ? 3 : processing ? 2 : 1;

  return (
    <div className="mx-auto max-w-6xl px-4 py-8 md:py-10">
      <div className="mb-8 flex flex-col gap-4 md:flex-row md:items-end md:justify-between">
        <div>
          <h1 className="text-3xl font-semibold md:text-4xl">Create your artwork</h1>
          <p className="mt-1 text-muted-foreground">Choose a style, transform, choose products, checkout.</p>
        </div>
        <TransformSteps current={step} />
      </div>

      <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
        <div className="space-y-6">
          {photoLoading ? (
            <Skeleton className="h-80 w-full rounded-xl" data-testid="photo-loading" />
          ) : (
            <TransformPhoto photo={photo} onUploaded={setPhoto} />
          )}
          {!photo && !photoLoading && <RecentArtworks className="mx-auto max-w-xl" />}
          {photo && (
            <>
              <StylePicker
                selectedId={style?.id ?? null}
                onSelect={(next) => setStyleId(next.id)}
                compact={processing && !pickingStyle}
                onChange={() => setPickingStyle(true)}
              />
              <GalleryConsentSwitch
                checked={galleryConsent ?? site?.galleryConsentDefault ?? false}
                onCheckedChange={setGalleryConsent}
                disabled={processing || siteLoading}
              />
              <Button size="lg" className="w-full" onClick={transform} disabled={processing || !style || siteLoading}>
                {processing ? (
                  <>
                    <Loader2 className="animate-spin" aria-hidden /> Transforming...
                  </>
                ) : (
                  <>
                    <Wand2 aria-hidden /> Transform Image
                  </>
                )}
              </Button>
            </>
          )}
        </div>
        <div className="space-y-6 lg:sticky lg:top-24 lg:self-start">
          <ArtworkPanel
            progress={progress}
            styleName={style?.name}
            awaited={awaited !== null && awaited === transformationId}
            onShown={artworkShown}
            footer={
              artworkReady && transformationId ? <ArtworkGalleryConsent transformationId={transformationId} /> : null
            }
          />
          {/* Until the products show again (a new style being made, a new photo), the cart stays in view here. */}
          {!artworkReady && (
            <OrderSummary lines={lines} checkoutOpen={checkoutOpen} onCheckout={() => setCheckoutOpen(true)} />
          )}
        </div>
      </div>

      {artworkReady && (
        <section aria-labelledby="products-title" className="mt-12">
          <div className="mb-5">
            <h2 id="products-title" className="text-2xl font-semibold md:text-3xl">
              Choose your products
            </h2>
            <p className="mt-1 text-muted-foreground">
              Your artwork on every product — open one to see it from every side.
            </p>
          </div>
          <div className={lines.length > 0 ? 'grid gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]' : ''}>
            <ProductGrid
              wide={lines.length === 0}
              products={productList}
              isLoading={products.isPending}
              mockups={mockups.states}
              quantities={quantities}
              onAdd={(product) => addToCart(product, 1)}
              onView={openPreview}
            />
            <div className="space-y-6 lg:sticky lg:top-24 lg:self-start">
              <OrderSummary lines={lines} checkoutOpen={checkoutOpen} onCheckout={() => setCheckoutOpen(true)} />
            </div>
          </div>
        </section>
      )}

      {checkoutOpen && lines.length > 0 && <CheckoutArea lines={lines} onClose={() => setCheckoutOpen(false)} />}

      <ProductPreviewModal
        product={previewing}
        mockups={previewState?.mockups ?? []}
        isLoading={previewState?.isLoading ?? false}
        status={previewState?.status ?? 'pending'}
        error={previewState?.error ?? null}
        supportEmail={site?.supportEmail ?? ''}
        print={previewState?.print}
        sharperSize={sharperSize}
        onFit={(fit) => previewing && void mockups.setFit(previewing, fit)}
        onClose={() => setPreviewing(null)}
        onAdd={(quantity) => {
          if (previewing) addToCart(previewing, quantity);
          setPreviewing(null);
        }}
        onRetry={() => previewing && void mockups.retry(previewing)}
      />
    </div>
  );
}
