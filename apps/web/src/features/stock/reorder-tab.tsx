/**
 * The reorder list (docs/stock.md, GET /api/stock/reorder): parts whose available plus on order
 * is below their reorder point, each with a suggested quantity the clerk may change, and
 * "Create vendor order" (POST /api/stock/reorder), which links to the new vendor order.
 */
import type { VendorOrder } from '@desk/domain';
import { useId, useState, type FormEvent } from 'react';
import { Form } from 'react-bootstrap';
import { Banner } from '../../components/ui/banner';
import { BusyButton } from '../../components/ui/busy-button';
import { RowsTable } from '../../components/ui/list-table';
import { QuantityInput } from '../../components/ui/quantity-input';
import { errorText } from '../../components/ui/result-banner';
import { Link } from '../../lib/navigation';
import { useCreateReorder, useReorderList } from './api/stock-api';
import { arrivalText, AvailableFigure } from './stock-words';

const COLUMNS = [
  'Order',
  'Item No',
  'Description',
  'Available',
  'On order',
  'Next arrival',
  'Reorder at',
  'Quantity',
] as const;

const today = () => {
  const now = new Date();
  return new Date(now.getTime() - now.getTimezoneOffset() * 60_000).toISOString().slice(0, 10);
};

const validQuantity = (t: string) => /^\d+$/.test(t.trim()) && Number(t) >= 1;

export function ReorderTab() {
  const id = useId();
  const list = useReorderList();
  const create = useCreateReorder();
  const [name, setName] = useState(() => `Reorder ${today()}`);
  // What the clerk changed: the quantity typed and the rows left out; the rest follows the list.
  const [typed, setTyped] = useState<Record<number, string>>({});
  const [left, setLeft] = useState<Record<number, boolean>>({});
  const [created, setCreated] = useState<VendorOrder | null>(null);
  const [error, setError] = useState<string | null>(null);
  const rows = list.data ?? [];

  const quantityOf = (productId: number, suggested: number) => typed[productId] ?? String(suggested);
  const picked = rows.filter((r) => !left[r.productId]);
  const invalid = picked.filter((r) => !validQuantity(quantityOf(r.productId, r.suggested)));
  const canCreate = picked.length > 0 && invalid.length === 0 && name.trim() !== '';

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!canCreate || create.isPending) return;
    setError(null);
    setCreated(null);
    try {
      const vendorOrder = await create.mutateAsync({
        name: name.trim(),
        lines: picked.map((r) => ({ productId: r.productId, quantity: Number(quantityOf(r.productId, r.suggested)) })),
      });
      setCreated(vendorOrder);
      setTyped({});
      setLeft({});
    } catch (err) {
      setError(errorText(err));
    }
  };

  return (
    <Form noValidate onSubmit={(e) => void submit(e)} aria-label="Reorder">
      <p className="text-secondary small">
        Parts whose available plus on order is below their reorder point. Change a quantity, or leave a part out, then
        create one vendor order with the rest.
      </p>
      <RowsTable
        label="Parts to reorder"
        columns={COLUMNS}
        query={list}
        loadError="The reorder list could not be loaded"
        className="mb-3"
        empty="Nothing to reorder: every part is above its reorder point"
        renderRow={(r) => {
          const value = quantityOf(r.productId, r.suggested);
          const included = !left[r.productId];
          const bad = included && !validQuantity(value);
          return (
            <tr key={r.productId}>
              <td>
                <Form.Check
                  aria-label={`Order ${r.itemNo}`}
                  checked={included}
                  onChange={(e) => setLeft((l) => ({ ...l, [r.productId]: !e.target.checked }))}
                />
              </td>
              <td className="fw-medium text-nowrap">{r.itemNo}</td>
              <td>{r.itemDescription ?? ''}</td>
              <td className="stock-figure">
                <AvailableFigure available={r.available} />
              </td>
              <td className="stock-figure">{r.onOrder}</td>
              <td className="text-nowrap">{arrivalText(r.nextArrival)}</td>
              <td className="stock-figure">{r.reorderPoint}</td>
              <td style={{ width: '8rem' }}>
                <QuantityInput
                  itemNo={r.itemNo}
                  value={value}
                  disabled={!included}
                  onChange={(text) => setTyped((t) => ({ ...t, [r.productId]: text }))}
                  invalid={bad}
                  hint="At least 1"
                />
              </td>
            </tr>
          );
        }}
      />
      <div className="d-flex flex-wrap align-items-end gap-2">
        <Form.Group controlId={`${id}-name`} style={{ minWidth: '18rem' }}>
          <Form.Label className="mb-1">Vendor order name</Form.Label>
          <Form.Control
            value={name}
            maxLength={200}
            onChange={(e) => setName(e.target.value)}
            isInvalid={name.trim() === ''}
          />
          <Form.Control.Feedback type="invalid">A name, such as the supplier and PO number</Form.Control.Feedback>
        </Form.Group>
        <BusyButton type="submit" variant="primary" busy={create.isPending} disabled={!canCreate}>
          Create vendor order{picked.length > 0 ? ` (${picked.length} ${picked.length === 1 ? 'line' : 'lines'})` : ''}
        </BusyButton>
      </div>
      <div aria-live="polite">
        {/* The Sales page's address (APP_PATHS.sales) written out: importing the domain's routes here
            put them in a chunk of their own on the Sales page's first paint (the /sales budget). */}
        {created && (
          <Banner variant="success" className="mt-3 mb-0" title={`Vendor order ${created.id} created`}>
            <Link to={`/sales?tab=vendor-orders&open=${created.id}`}>Open vendor order {created.id}</Link>
          </Banner>
        )}
        {error !== null && (
          <Banner variant="danger" className="mt-3 mb-0" title="The vendor order was not created">
            <small>{error}</small>
          </Banner>
        )}
      </div>
    </Form>
  );
}
