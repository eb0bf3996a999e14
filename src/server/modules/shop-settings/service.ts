/**
 * The shop's own settings (not keys): plain values in the settings table, each with its
 * default in src/domain, so a shop that never saved one behaves as the default says. A
 * module of its own, depending on nothing but the database: the storefront's modules read
 * it (where the gallery switch starts) without reaching the integrations that the settings
 * module tests.
 */
import { SHOP_SETTING_DEFAULTS, type ShopSettings, type ShopSettingsUpdate } from '../../../domain/admin-settings.js';
import {
  SHIPPING_TAX_DEFAULTS,
  shippingTaxSettingsUpdateSchema,
  type ShippingTaxSettings,
  type ShippingTaxSettingsUpdate,
} from '../../../domain/shipping-quote.js';
import type { AppContext } from '../../context.js';
import { readSettingRows, writeSettingRows } from './repository.js';

const SHOP_SETTING_KEYS = Object.keys(SHOP_SETTING_DEFAULTS) as Array<keyof ShopSettings>;

export async function readShopSettings(context: AppContext): Promise<ShopSettings> {
  const rows = await readSettingRows(context.db, SHOP_SETTING_KEYS);
  const saved = new Map(rows.filter((row) => !row.isSecret).map((row) => [row.key, row.value]));
  const view = { ...SHOP_SETTING_DEFAULTS } as ShopSettings;
  for (const key of SHOP_SETTING_KEYS) {
    const value = saved.get(key);
    if (typeof value === 'boolean') view[key] = value;
  }
  return view;
}

export async function saveShopSettings(context: AppContext, update: ShopSettingsUpdate): Promise<ShopSettings> {
  await writeSettingRows(
    context.db,
    Object.entries(update)
      .filter(([, value]) => value !== undefined)
      .map(([key, value]) => ({ key, value, isSecret: false })),
  );
  return readShopSettings(context);
}

/** The owner's shipping and tax settings: one row, its value checked again on every read. */
const SHIPPING_TAX_KEY = 'shipping_and_tax';

export async function readShippingTaxSettings(context: AppContext): Promise<ShippingTaxSettings> {
  const [row] = await readSettingRows(context.db, [SHIPPING_TAX_KEY]);
  if (!row || row.isSecret) return { ...SHIPPING_TAX_DEFAULTS, taxRules: [...SHIPPING_TAX_DEFAULTS.taxRules] };
  const saved = shippingTaxSettingsUpdateSchema.safeParse(row.value);
  if (!saved.success) {
    context.log.warn({ issues: saved.error.issues }, 'saved shipping and tax settings are unreadable; using defaults');
    return { ...SHIPPING_TAX_DEFAULTS };
  }
  return { ...SHIPPING_TAX_DEFAULTS, ...saved.data };
}

export async function saveShippingTaxSettings(
  context: AppContext,
  update: ShippingTaxSettingsUpdate,
): Promise<ShippingTaxSettings> {
  const value = { ...(await readShippingTaxSettings(context)), ...update };
  await writeSettingRows(context.db, [{ key: SHIPPING_TAX_KEY, value, isSecret: false }]);
  return readShippingTaxSettings(context);
}
