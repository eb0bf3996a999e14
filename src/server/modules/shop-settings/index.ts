export { readSettingRows, writeSettingRows, type SettingRow } from './repository.js';
export { readShippingTaxSettings, readShopSettings, saveShippingTaxSettings, saveShopSettings } from './service.js';
