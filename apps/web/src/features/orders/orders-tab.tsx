import { EmptyTable } from '../../components/ui/empty-table';

export const ORDER_COLUMNS = [
  'ID',
  'Job Name',
  'PO Number',
  'Customer No',
  'Customer Name',
  'Contact Name',
  'Order Status',
] as const;

/** The order list (SPEC.md section 2, "Order list"); filled in by the orders issue. */
export function OrdersTab() {
  return <EmptyTable caption="Orders" columns={ORDER_COLUMNS} />;
}
