export { adminEmailRoutes } from './admin-routes.js';
export { emailRoutes } from './routes.js';
export {
  noticeOptions,
  queueUnsentConfirmations,
  sendAccountEmail,
  sendOrderConfirmation,
  sendRefundNotice,
  sendShippedNotice,
} from './service.js';
export { ACCOUNT_EXISTS_KIND, renderAccountExists, renderSignUpConfirmation, SIGN_UP_KIND } from './account.js';
export { outboxDirectory } from './transport.js';
