/**
 * The shop's own settings (not keys): plain values in the settings table, each with its
 * default in src/domain, so a shop that never saved one behaves as the default says. A
 * module of its own, depending on nothing but the database: the storefront's modules read
 * it (where the gallery switch starts) without reaching the integrations that the settings
 * module tests.
 */
import { inArray } from 'drizzle-orm';
import { SHOP_SETTING_DEFAULTS, type ShopSettings, type ShopSettingsUpdate } from '../../../domain/admin-settings.js';
import type { AppContext } from '../../context.js';
import { settings } from '../../db/schema.js';

const SHOP_SETTING_KEYS = Object.keys(SHOP_SETTING_DEFAULTS) as Array<keyof ShopSettings>;

export async function readShopSettings(context: AppContext): Promise<ShopSettings> {
  const rows = await context.db.select().from(settings).where(inArray(settings.key, SHOP_SETTING_KEYS));
  const saved = new Map(rows.filter((row) => !row.is_secret).map((row) => [row.key, row.value]));
  const view = { ...SHOP_SETTING_DEFAULTS } as ShopSettings;
  for (const key of SHOP_SETTING_KEYS) {
    const value = saved.get(key);
    if (typeof value === 'boolean') view[key] = value;
  }
  return view;
}

export async function saveShopSettings(context: AppContext, update: ShopSettingsUpdate): Promise<ShopSettings> {
  await context.db.transaction(async (tx) => {
    for (const [key, value] of Object.entries(update)) {
      if (value === undefined) continue;
      await tx
        .insert(settings)
        .values({ key, value, is_secret: false })
        .onConflictDoUpdate({ target: settings.key, set: { value, is_secret: false, updated_at: new Date() } });
    }
  });
  return readShopSettings(context);
}
