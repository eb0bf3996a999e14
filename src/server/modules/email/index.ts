export { adminEmailRoutes } from './admin-routes.js';
export { absoluteUrl } from './confirmation.js';
export { emailRoutes } from './routes.js';
export { queueUnsentConfirmations, sendOrderConfirmation, sendRefundNotice, sendShippedNotice } from './service.js';
