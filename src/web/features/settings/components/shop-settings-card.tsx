/** The shop's own choices in Settings: where the storefront's gallery switch starts. */
import { Images } from 'lucide-react';
import { useId } from 'react';
import { toast } from 'sonner';
import { SETTINGS_MESSAGES, SHOP_SETTINGS_TEXT } from '@/domain/admin-settings';
import { SectionCardHeader } from '@/web/components/section-card-header';
import { Card, CardContent } from '@/web/components/ui/card';
import { Skeleton } from '@/web/components/ui/skeleton';
import { Switch } from '@/web/components/ui/switch';
import { useSaveShopSettings, useShopSettings } from '../api/shop-settings';

export function ShopSettingsCard() {
  const settings = useShopSettings();
  const save = useSaveShopSettings();
  const id = useId();
  return (
    <Card data-testid="shop-settings">
      <SectionCardHeader
        icon={Images}
        title={SHOP_SETTINGS_TEXT.galleryTitle}
        description={SHOP_SETTINGS_TEXT.galleryDescription}
      />
      <CardContent>
        {settings.data ? (
          <div className="flex items-center gap-3">
            <Switch
              id={id}
              checked={settings.data.gallery_consent_default}
              disabled={save.isPending}
              onCheckedChange={(checked) =>
                save.mutate(
                  { gallery_consent_default: checked },
                  {
                    onSuccess: () => toast.success(SHOP_SETTINGS_TEXT.saved),
                    onError: (error) => toast.error(SETTINGS_MESSAGES.saveFailed, { description: error.message }),
                  },
                )
              }
            />
            <label htmlFor={id} className="cursor-pointer text-sm font-medium">
              {SHOP_SETTINGS_TEXT.galleryLabel}
            </label>
          </div>
        ) : settings.isError ? (
          <p className="text-sm text-destructive">{SETTINGS_MESSAGES.loadFailed}</p>
        ) : (
          <Skeleton className="h-6 w-64" />
        )}
      </CardContent>
    </Card>
  );
}
