export { adminAnalyticsRoutes } from './admin-routes.js';
export { recordFunnelEvent, visitIdOf } from './recorder.js';
export { analyticsRoutes, EVENTS_PER_ADDRESS } from './routes.js';
export { pruneFunnelEvents } from './service.js';
