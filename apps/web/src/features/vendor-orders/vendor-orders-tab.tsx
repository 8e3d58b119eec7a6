import { EmptyTable } from '../../components/ui/empty-table';

export const VENDOR_ORDER_COLUMNS = ['ID', 'Name', 'Description', 'Estimated Arrival', 'Status'] as const;

/** The vendor order list (SPEC.md section 2, "Vendor order list"); filled in by its issue. */
export function VendorOrdersTab() {
  return <EmptyTable caption="Vendor orders" columns={VENDOR_ORDER_COLUMNS} />;
}
