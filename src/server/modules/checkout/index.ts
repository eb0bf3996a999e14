export { checkoutRoutes } from './routes.js';
