/**
 * The stock list as a CSV or Excel file (GET /api/export/stock.csv|.xlsx), with its filters, sort
 * and switches, as the lists' ExportLinks make them (components/ui/export-links.tsx; drawn here so
 * the Stock page does not split the Sales page's shared chunk, the /sales budget).
 */
import type { ListState } from '../../components/ui/export-links';
import type { StockToggles } from './api/stock-api';

export function stockExportHref(format: 'csv' | 'xlsx', state: ListState, toggles: StockToggles): string {
  const search = new URLSearchParams();
  for (const [field, text] of Object.entries(state.filters)) if (text.trim()) search.set(field, text.trim());
  if (state.sort) search.set('sort', state.sort);
  if (toggles.short) search.set('short', '1');
  if (toggles.countNeeded) search.set('countNeeded', '1');
  const query = search.toString();
  return `/api/export/stock.${format}${query ? `?${query}` : ''}`;
}

export function StockExportLinks({ state, toggles }: { state: ListState; toggles: StockToggles }) {
  return (
    <span className="d-inline-flex align-items-center gap-1" role="group" aria-label="Export stock">
      <span className="small text-secondary" aria-hidden="true">
        Export
      </span>
      {(['csv', 'xlsx'] as const).map((format) => (
        <a
          key={format}
          className="btn btn-outline-secondary btn-sm"
          href={stockExportHref(format, state, toggles)}
          download
          aria-label={`Export stock to ${format === 'csv' ? 'CSV' : 'Excel'}`}
        >
          {format === 'csv' ? 'CSV' : 'Excel'}
        </a>
      ))}
    </span>
  );
}
