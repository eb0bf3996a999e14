/** /admin/settings (admin §2 Settings): the shop's gallery default, shipping and tax, backups, the EXIF backfill, the integrations' status and the API keys. */
import { ExifBackfillCard } from '@/web/features/admin-transformations/components/exif-backfill-card';
import { ApiKeysForm } from '@/web/features/settings/components/api-keys-form';
import { BackupsCard } from '@/web/features/settings/components/backups-card';
import { IntegrationsPanel } from '@/web/features/settings/components/integrations-panel';
import { ShippingTaxCard } from '@/web/features/settings/components/shipping-tax-card';
import { ShopSettingsCard } from '@/web/features/settings/components/shop-settings-card';

export function SettingsPage() {
  return (
    <div className="flex flex-col gap-6">
      <div>
        <h1 className="text-3xl font-semibold">Settings</h1>
        <p className="mt-1 text-muted-foreground">The services the shop runs on, and the keys that connect them.</p>
      </div>
      <ShopSettingsCard />
      <ShippingTaxCard />
      <BackupsCard />
      <ExifBackfillCard />
      <IntegrationsPanel />
      <ApiKeysForm />
    </div>
  );
}
