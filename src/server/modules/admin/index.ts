export { adminApi } from './plugin.js';
