export { readShopSettings, saveShopSettings } from './service.js';
