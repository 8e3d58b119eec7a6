/**
 * Export: the list as the clerk sees it (its filters and sort, every row) as a CSV or Excel file
 * (GET /api/export/{list}.csv|.xlsx, docs/architecture.md section 14). Plain links with
 * `download`: the browser saves the server's stream itself, so nothing is held in the page.
 */
export interface ListState {
  sort?: string | undefined;
  filters: Record<string, string>;
}

export interface ExportLinksProps {
  /** The export's list: customers, products, orders, quotes, vendor-orders or stock. */
  list: 'customers' | 'products' | 'orders' | 'quotes' | 'vendor-orders' | 'stock';
  /** What the links name: "Export {noun} to CSV". */
  noun: string;
  /** The list's current filters and sort. */
  state: ListState;
  /** The list's own switches, e.g. closed=1 for the closed orders, short=1 for the short parts. */
  params?: Record<string, string> | undefined;
}

/** The export address for a list in its current state. */
export function exportHref(list: ExportLinksProps['list'], format: 'csv' | 'xlsx', state: ListState, params = {}) {
  const search = new URLSearchParams(params);
  for (const [field, text] of Object.entries(state.filters)) if (text.trim()) search.set(field, text.trim());
  if (state.sort) search.set('sort', state.sort);
  const query = search.toString();
  return `/api/export/${list}.${format}${query ? `?${query}` : ''}`;
}

export function ExportLinks({ list, noun, state, params }: ExportLinksProps) {
  return (
    <span className="d-inline-flex align-items-center gap-1" role="group" aria-label={`Export ${noun}`}>
      <span className="small text-secondary" aria-hidden="true">
        Export
      </span>
      {(['csv', 'xlsx'] as const).map((format) => (
        <a
          key={format}
          className="btn btn-outline-secondary btn-sm"
          href={exportHref(list, format, state, params)}
          download
          aria-label={`Export ${noun} to ${format === 'csv' ? 'CSV' : 'Excel'}`}
        >
          {format === 'csv' ? 'CSV' : 'Excel'}
        </a>
      ))}
    </span>
  );
}
