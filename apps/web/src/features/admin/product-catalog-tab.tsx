import { EmptyTable } from '../../components/ui/empty-table';

export const PRODUCT_COLUMNS = [
  'Product ID',
  'Item No',
  'Item Description',
  'Wholesale Price',
  'Modifier Cost',
  'Product Type',
] as const;

/** The product catalogue (SPEC.md section 2, "Admin home" 1); filled in by the catalogue issue. */
export function ProductCatalogTab() {
  return <EmptyTable caption="Product catalog" columns={PRODUCT_COLUMNS} />;
}
