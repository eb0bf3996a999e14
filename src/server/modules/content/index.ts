export { adminContentRoutes } from './admin-routes.js';
export { changeHomepageExamples, HOMEPAGE_LOCK } from './examples.js';
export { contentRoutes } from './routes.js';
export { EXAMPLES_ASSET_DIR, STATIC_EXAMPLE_PAIRS } from './static-examples.js';
