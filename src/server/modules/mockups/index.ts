export { warmMockupTemplatesAfterArtwork } from './templates.js';
export { printfileSizeOf, renderPrintfulMockups } from './printful-mockups.js';
export { queueMissingProductImages, renderCatalogImages, renderStoreProductImage } from './product-images.js';
export { mockupRoutes } from './routes.js';
export { fitFor, mockupUrlsOf } from './service.js';
export { printChecks, printSourceOf, type PrintSource } from './print-checks.js';
export { closeLocalMockups } from './local/index.js';
