export { adminContentRoutes } from './admin-routes.js';
export { contentRoutes } from './routes.js';
export {
  EXAMPLES_ASSET_DIR,
  STATIC_EXAMPLE_PAIRS,
  STATIC_EXAMPLE_RENDITIONS_KEY,
  type StaticExampleRenditions,
} from './static-examples.js';
export { shareImageRoute } from './share-image.js';
