export { adminOrderRoutes } from './admin-routes.js';
export { orderRoutes } from './routes.js';
