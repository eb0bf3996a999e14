/** /admin/products (admin §2 Products): the header, the four stat cards, and the two tabs. */
import { ShieldCheck } from 'lucide-react';
import { useEffect, useState } from 'react';
import { toast } from 'sonner';
import { PRODUCT_MESSAGES } from '@/domain/admin-products';
import { Button } from '@/web/components/ui/button';
import { StatCards } from '@/web/components/stat-cards';
import { Card } from '@/web/components/ui/card';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/web/components/ui/tabs';
import { useValidateAllProducts } from '../api/check-products';
import { useAdminProducts } from '../api/list-products';
import { CatalogBrowser } from './catalog-browser';
import { PricingGrid } from './pricing-grid';

export function ProductsManager() {
  const products = useAdminProducts();
  const validate = useValidateAllProducts();
  const [counts, setCounts] = useState<{ valid: number; invalid: number } | null>(null);
  const stats = products.data?.stats;

  useEffect(() => {
    if (products.isError) toast.error(PRODUCT_MESSAGES.fetchProductsFailed, { id: 'products-load-failed' });
  }, [products.isError]);

  const validateAll = () =>
    validate.mutate(undefined, {
      onSuccess: (result) => {
        setCounts({ valid: result.checked - result.invalid, invalid: result.invalid });
        if (result.checked === 0) toast.info(result.message);
        else if (result.invalid > 0) toast.warning(result.message);
        else toast.success(result.message);
      },
      onError: () => toast.error(PRODUCT_MESSAGES.validateFailed),
    });

  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-3xl font-semibold">Products</h1>
          <p className="mt-1 text-muted-foreground" data-testid="products-summary">
            {stats ? `${stats.enabled} of ${stats.total} products enabled` : 'Loading products…'}
          </p>
        </div>
        <div className="flex flex-wrap items-center gap-3">
          {counts && (
            <span className="text-sm" data-testid="validation-counts">
              <span className="text-success">{counts.valid} valid</span> ·{' '}
              <span className="text-destructive">{counts.invalid} invalid</span>
            </span>
          )}
          <Button variant="outline" onClick={validateAll} disabled={validate.isPending}>
            <ShieldCheck aria-hidden /> Validate All Products
          </Button>
        </div>
      </div>

      <StatCards
        testId="product-stat"
        stats={[
          ['Total Products', stats?.total],
          ['Enabled', stats?.enabled],
          ['Categories', stats?.categories],
          ['Avg. Markup', stats ? `${stats.avg_markup}%` : undefined],
        ]}
      />

      <Tabs defaultValue="pricing">
        <TabsList>
          <TabsTrigger value="pricing">Pricing Grid</TabsTrigger>
          <TabsTrigger value="catalog">Enhanced Catalog Browser</TabsTrigger>
        </TabsList>
        <TabsContent value="pricing">
          <Card className="overflow-hidden">
            <PricingGrid products={products.data?.products} loading={products.isPending} />
          </Card>
        </TabsContent>
        <TabsContent value="catalog">
          <CatalogBrowser />
        </TabsContent>
      </Tabs>
    </div>
  );
}
