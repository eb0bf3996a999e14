export {
  builtinCatalog,
  type CatalogProduct,
  type CatalogVariant,
  defaultStoreProducts,
  findBuiltinVariant,
  type MockupKind,
} from '../../../domain/builtin-catalog.js';
export { builtinProductImageKey } from './builtin-provider.js';
export { seedProductsIfEmpty, setProductImage, type PhysicalItemRow } from './repository.js';
export { catalogRoutes } from './routes.js';
export { catalogProvider, validateVariants } from './service.js';
export { adminCatalogRoutes } from './admin-routes.js';
