export { adminAnalyticsRoutes } from './admin-routes.js';
export { recordFunnelEvent, visitIdOf } from './recorder.js';
export { analyticsRoutes } from './routes.js';
