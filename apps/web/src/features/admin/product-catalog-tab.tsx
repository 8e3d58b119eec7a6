import { ProductCatalog } from '../products/components/product-catalog';

/** The product catalogue (docs/product.md section 2, "Admin home" 1). */
export function ProductCatalogTab() {
  return <ProductCatalog />;
}
