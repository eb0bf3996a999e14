export { warmMockupTemplates } from './templates.js';
export { renderPrintfulMockups } from './printful-mockups.js';
export { queueMissingProductImages, renderCatalogImages, renderStoreProductImage } from './product-images.js';
export { mockupRoutes } from './routes.js';
export { generateMockupsSchema, mockupUrlsOf } from './service.js';
export { closeLocalMockups } from './local/index.js';
