export { adminTransformationRoutes } from './admin-routes.js';
export {
  changeHomepageExamples,
  deleteExample,
  HOMEPAGE_LOCK,
  type HomepageChange,
  insertExampleTransformation,
} from './homepage-examples.js';
export { findTransformationWithSources } from './repository.js';
export { transformationRoutes } from './routes.js';
export {
  previewsUnderway,
  renderPrintFile,
  type PrintFile,
  type PrintLine,
  renderTransformation,
  settleStuckRenders,
} from './service.js';
