export { adminStyleRoutes } from './admin-routes.js';
export { engineFor, StyleEngineError } from './engines/index.js';
export { queueMissingStylePreviews, renderStylePreview } from './previews.js';
export { styleRoutes } from './routes.js';
export { closeStylePool } from './engines/local/index.js';
