// catalog's face: what the home page shows of the catalog (its calls, the product grid and cards).
export { getCategories, getProducts, type Category, type Product } from './api/catalog-api';
export { HOME_SECTION_SIZE } from './catalog-constants';
export { ProductCardSkeleton } from './components/product-card';
export { ProductGrid } from './components/product-grid';
