export { adminStyleRoutes } from './admin-routes.js';
export { seedStylesIfEmpty } from './admin-repository.js';
export { engineFor, StyleEngineError } from './engines/index.js';
export { findStyle } from './repository.js';
export { queueMissingStylePreviews, renderStylePreview } from './previews.js';
export { styleRoutes } from './routes.js';
export { closeStylePool, warmLocalEngines } from './engines/local/index.js';
