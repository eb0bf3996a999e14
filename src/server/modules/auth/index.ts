export { adminOf, createAccessGuard } from './guard.js';
export { authRoutes } from './routes.js';
export { ensureAdmin } from './service.js';
export { SESSION_COOKIE } from './sessions.js';
