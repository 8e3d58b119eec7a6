import { EmptyTable } from '../../components/ui/empty-table';

export const CUSTOMER_COLUMNS = ['ID', 'Customer No', 'Customer Name', 'Contact Name', 'Open Orders'] as const;

/** The customer list (SPEC.md section 2, "Customer list"); filled in by the customers issue. */
export function CustomersTab() {
  return <EmptyTable caption="Customers" columns={CUSTOMER_COLUMNS} />;
}
