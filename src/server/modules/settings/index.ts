export { adminSettingsRoutes } from './routes.js';
export { applyStoredSecrets, watchStoredSecrets } from './service.js';
