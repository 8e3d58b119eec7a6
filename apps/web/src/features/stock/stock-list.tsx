/**
 * The stock list (docs/stock.md, GET /api/stock): each part's on hand, reserved, available, on
 * order and next arrival, its reorder point and quantity, and whether it needs a count; paged,
 * sorted and filtered by the server like every list, with two toggles (short, count needed).
 */
import type { StockRow } from '@desk/domain';
import { useMemo, useState } from 'react';
import { Button, Form } from 'react-bootstrap';
import { DataTable, type Column } from '../../components/ui/data-table';
import { ExportLinks } from '../../components/ui/export-links';
import { lazyComponent } from '../../lib/lazy-component';
import { listStockPage, stockKeys, type StockToggles } from './api/stock-api';
import { arrivalText, AvailableFigure, CountNeededBadge } from './stock-words';
import { SlotModal, useModalSlot } from '../../components/ui/row-actions';

const ProductStockModal = lazyComponent(() => import('./product-stock-modal').then((m) => m.ProductStockModal));

const figure = (key: keyof StockRow, header: string): Column<StockRow> => ({
  key,
  header,
  filterable: false,
  className: 'stock-figure stock-col-shrink',
});

export const STOCK_COLUMNS: Column<StockRow>[] = [
  {
    key: 'itemNo',
    header: 'Item No',
    className: 'stock-col-shrink',
    render: (r) => (
      <>
        <span className="fw-medium">{r.itemNo}</span>
        {r.countNeeded && <CountNeededBadge />}
      </>
    ),
  },
  { key: 'itemDescription', header: 'Description', render: (r) => r.itemDescription ?? '' },
  { key: 'productType', header: 'Type', className: 'stock-col-type', render: (r) => r.productType ?? '' },
  figure('onHand', 'On hand'),
  figure('reserved', 'Reserved'),
  { ...figure('available', 'Available'), render: (r) => <AvailableFigure available={r.available} /> },
  figure('onOrder', 'On order'),
  {
    key: 'nextArrival',
    header: 'Next arrival',
    filterable: false,
    className: 'stock-col-shrink',
    render: (r) => arrivalText(r.nextArrival),
  },
  {
    key: 'reorderPoint',
    header: 'Reorder',
    sortable: false,
    filterable: false,
    className: 'stock-figure stock-col-shrink',
    render: (r) =>
      r.reorderPoint === 0 && r.reorderQuantity === 0 ? (
        '\u2014'
      ) : (
        <span title={`Reorder ${r.reorderQuantity} when below ${r.reorderPoint}`}>
          <span aria-hidden="true">
            {r.reorderPoint} / {r.reorderQuantity}
          </span>
          <span className="visually-hidden">
            at {r.reorderPoint}, order {r.reorderQuantity}
          </span>
        </span>
      ),
  },
];

/** The list's switches, beside its column filters. */
const TOGGLES: readonly { key: keyof StockToggles; id: string; label: string }[] = [
  { key: 'short', id: 'stock-short', label: 'Short only' },
  { key: 'countNeeded', id: 'stock-count-needed', label: 'Count needed only' },
];

/** The list's switches as the export's query (short=1, countNeeded=1), as GET /api/stock takes them. */
const toggleParams = (toggles: StockToggles) => ({
  ...(toggles.short ? { short: '1' } : {}),
  ...(toggles.countNeeded ? { countNeeded: '1' } : {}),
});

export function StockList() {
  const [toggles, setToggles] = useState<StockToggles>({ short: false, countNeeded: false });
  const product = useModalSlot<StockRow>();
  const queryKey = useMemo(() => [...stockKeys.lists(), toggles], [toggles]);

  return (
    <>
      <DataTable<StockRow>
        caption="Stock"
        columns={STOCK_COLUMNS}
        rowKey={(r) => r.productId}
        queryKey={queryKey}
        fetchPage={(query) => listStockPage(query, toggles)}
        initialSort="itemNo"
        emptyText="No parts found"
        renderExport={(state) => <ExportLinks list="stock" noun="stock" state={state} params={toggleParams(toggles)} />}
        toolbar={
          <div className="d-flex flex-wrap align-items-center gap-3">
            {TOGGLES.map(({ key, id, label }) => (
              <Form.Check
                key={key}
                type="switch"
                id={id}
                label={label}
                checked={toggles[key]}
                onChange={(e) => setToggles((t) => ({ ...t, [key]: e.target.checked }))}
              />
            ))}
          </div>
        }
        rowActions={(r) => (
          <Button
            size="sm"
            variant="outline-primary"
            aria-label={`Moves of ${r.itemNo}`}
            onClick={() => product.open(r)}
          >
            Moves
          </Button>
        )}
      />
      <SlotModal slot={product}>{(row, modal) => <ProductStockModal {...modal} row={row} />}</SlotModal>
    </>
  );
}
