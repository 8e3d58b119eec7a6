import { EmptyTable } from '../../components/ui/empty-table';

export const QUOTE_COLUMNS = ['ID', 'Job Name', 'PO Number', 'Customer No', 'Customer Name', 'Contact Name'] as const;

/** The quote list (SPEC.md section 2, "Quote list"); filled in by the quotes issue. */
export function QuotesTab() {
  return <EmptyTable caption="Quotes" columns={QUOTE_COLUMNS} />;
}
