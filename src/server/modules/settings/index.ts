export { adminSettingsRoutes } from './routes.js';
export { applyStoredSecrets, watchStoredSecrets } from './service.js';
export { readShopSettings } from './shop-settings.js';
