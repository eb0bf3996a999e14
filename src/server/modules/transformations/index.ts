export { adminTransformationRoutes } from './admin-routes.js';
export { transformationRoutes } from './routes.js';
export {
  renderPrintFile,
  renderTransformation,
  settleStuckRenders,
  startTransformationSchema,
  updateEmailSchema,
} from './service.js';
