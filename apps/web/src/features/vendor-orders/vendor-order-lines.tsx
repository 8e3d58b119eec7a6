/**
 * A vendor order's lines and receiving them (docs/stock.md): what was ordered of each product, at
 * what unit cost, what has arrived and what is still to come; and the Receive panel the yard
 * tablet uses (a scan box, a quantity per line, "Receive all outstanding").
 */
import { isValidQuantity, QUANTITY_HINT, type VendorOrderLine } from '@desk/domain';
import { useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { Button, Form, InputGroup, Table } from 'react-bootstrap';
import { Banner } from '../../components/ui/banner';
import { BusyButton } from '../../components/ui/busy-button';
import { ConfirmModal } from '../../components/ui/confirm-modal';
import { ListTableHead, RowsTable } from '../../components/ui/list-table';
import { ProductLinker } from '../../components/ui/product-linker';
import { QuantityInput } from '../../components/ui/quantity-input';
import { ErrorBanner, errorText } from '../../components/ui/result-banner';
import { isApiError, newIdempotencyKey } from '../../lib/api-client';
import { formatMoneyInput, fromCents, toCents } from '../../lib/money';
import {
  useAddVendorOrderLine,
  useDeleteVendorOrderLine,
  useReceiveVendorOrder,
  useUpdateVendorOrderLine,
  useVendorOrderLines,
} from './api/vendor-order-lines';

const LINE_COLUMNS = ['Item No', 'Description', 'Quantity', 'Received', 'Outstanding', 'Unit Cost', 'Actions'] as const;

/** Cents as the unit cost field holds them ('1234.50', beside its $ sign); '' when none. */
const costText = (cents: number | null) => (cents === null ? '' : formatMoneyInput(fromCents(cents)));

/** The unit cost typed: null when blank, cents when a non-negative amount with at most 2 decimals, else undefined. */
export function parseCost(text: string): number | null | undefined {
  const t = text.trim().replace(/^\$/, '').replace(/,/g, '');
  if (t === '') return null;
  if (!/^\d+(\.\d{1,2})?$/.test(t)) return undefined;
  return toCents(Number(t));
}

/** The Lines section of the vendor order modal, with the Receive panel under it. */
export function VendorOrderLines({
  vendorOrderId,
  onReceived,
}: {
  vendorOrderId: number;
  /** A receipt is being sent (it may make the vendor order Received). */
  onReceived?: () => void;
}) {
  const lines = useVendorOrderLines(vendorOrderId);
  const add = useAddVendorOrderLine(vendorOrderId);
  const remove = useDeleteVendorOrderLine(vendorOrderId);
  // The line a removal asks about (kept after closing, for the closing animation).
  const [removing, setRemoving] = useState<{ line: VendorOrderLine; show: boolean } | null>(null);
  const [adding, setAdding] = useState(false);
  const receiveId = useId();
  const rows = lines.data ?? [];

  return (
    <>
      {lines.isError && <ErrorBanner title="The lines could not be loaded" error={lines.error} />}
      <div className="d-flex justify-content-end mb-2">
        <Button size="sm" variant="outline-primary" onClick={() => setAdding(true)}>
          Add line
        </Button>
      </div>
      <RowsTable
        label="Vendor order lines"
        columns={LINE_COLUMNS}
        query={lines}
        empty="No lines yet. Add the products ordered from the vendor with Add line."
        renderRow={(line) => (
          <LineRow
            key={`${line.id}:${line.quantity}:${line.unitCostCents}`}
            vendorOrderId={vendorOrderId}
            line={line}
            onRemove={() => setRemoving({ line, show: true })}
          />
        )}
      />

      <ProductLinker
        show={adding}
        linkType="order"
        partsOnly
        title="Add a line"
        onLink={(product, quantity) => add.mutateAsync({ productId: product.id, quantity })}
        onClose={() => setAdding(false)}
      />

      <ConfirmModal
        show={removing?.show ?? false}
        objectName="Line"
        action="remove"
        onConfirm={() => remove.mutateAsync(removing!.line.id)}
        onClose={() => setRemoving((r) => (r ? { ...r, show: false } : r))}
      >
        {removing && (
          <>
            Remove the line {removing.line.itemNo} ({removing.line.quantity} ordered) from this vendor order?
          </>
        )}
      </ConfirmModal>

      {rows.length > 0 && (
        <section aria-labelledby={receiveId} className="mt-4">
          <h3 id={receiveId} className="fs-6 fw-semibold border-bottom pb-2 mb-3">
            Receive
          </h3>
          <ReceivePanel vendorOrderId={vendorOrderId} lines={rows} onReceived={onReceived} />
        </section>
      )}
    </>
  );
}

/** One line, its quantity and unit cost editable in place (Enter or Save line). */
function LineRow({
  vendorOrderId,
  line,
  onRemove,
}: {
  vendorOrderId: number;
  line: VendorOrderLine;
  onRemove: () => void;
}) {
  const id = useId();
  const update = useUpdateVendorOrderLine(vendorOrderId);
  const [quantity, setQuantity] = useState(String(line.quantity));
  const [cost, setCost] = useState(costText(line.unitCostCents));
  const [error, setError] = useState<string | null>(null);
  const quantityOk = quantity.trim() !== '' && isValidQuantity(Number(quantity));
  const costValue = parseCost(cost);
  const changed = quantity !== String(line.quantity) || cost !== costText(line.unitCostCents);

  const save = async (e?: FormEvent) => {
    e?.preventDefault();
    if (!changed || !quantityOk || costValue === undefined || update.isPending) return;
    setError(null);
    try {
      await update.mutateAsync({ lineId: line.id, quantity: Number(quantity), unitCostCents: costValue });
    } catch (err) {
      setError(errorText(err));
    }
  };
  const onKey = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'Enter') void save(e);
  };

  return (
    <>
      <tr>
        <td className="text-nowrap fw-medium">{line.itemNo}</td>
        <td>{line.itemDescription ?? ''}</td>
        <td style={{ width: '7rem' }}>
          <QuantityInput
            itemNo={line.itemNo}
            value={quantity}
            onChange={setQuantity}
            onKeyDown={onKey}
            invalid={!quantityOk}
            hint={QUANTITY_HINT}
          />
        </td>
        <td className="text-end">{line.receivedQuantity}</td>
        <td className="text-end">{line.outstanding}</td>
        <td style={{ width: '9rem' }}>
          <InputGroup size="sm" hasValidation>
            <InputGroup.Text aria-hidden="true">$</InputGroup.Text>
            <Form.Control
              inputMode="decimal"
              aria-label={`Unit cost of ${line.itemNo}`}
              placeholder="0.00"
              value={cost}
              onChange={(e) => setCost(e.target.value)}
              onBlur={() => {
                if (costValue !== undefined && costValue !== null) setCost(costText(costValue));
              }}
              onKeyDown={onKey}
              isInvalid={costValue === undefined}
              aria-describedby={costValue === undefined ? `${id}-c` : undefined}
            />
          </InputGroup>
          {costValue === undefined && (
            <div id={`${id}-c`} className="invalid-feedback d-block">
              An amount such as 12.50
            </div>
          )}
        </td>
        <td className="text-end text-nowrap">
          {changed && (
            <BusyButton
              size="sm"
              variant="primary"
              className="me-1"
              busy={update.isPending}
              disabled={!quantityOk || costValue === undefined}
              onClick={() => void save()}
              aria-label={`Save line ${line.itemNo}`}
            >
              Save
            </BusyButton>
          )}
          <Button size="sm" variant="outline-danger" onClick={onRemove} aria-label={`Remove line ${line.itemNo}`}>
            Remove
          </Button>
        </td>
      </tr>
      {error !== null && (
        <tr>
          <td colSpan={LINE_COLUMNS.length} className="border-0 pt-0">
            <Banner variant="danger" className="mb-1 py-2" title={`Line ${line.itemNo} was not saved`}>
              <small>{error}</small>
            </Banner>
          </td>
        </tr>
      )}
    </>
  );
}

type ReceiveOutcome =
  | { kind: 'done'; text: string }
  | { kind: 'failed'; error: string; over: boolean; lost: boolean }
  | { kind: 'scan'; ok: boolean; text: string }
  | null;

/**
 * Receive: a quantity per line, a scan box (each scan or typed item number and Enter adds 1 to
 * its line), "Receive all outstanding", an optional note. Each attempt carries its own
 * Idempotency-Key, kept while the same attempt is sent again (a lost answer, a retry).
 */
export function ReceivePanel({
  vendorOrderId,
  lines,
  onReceived,
}: {
  vendorOrderId: number;
  lines: VendorOrderLine[];
  onReceived?: () => void;
}) {
  const id = useId();
  const receive = useReceiveVendorOrder(vendorOrderId);
  const [quantities, setQuantities] = useState<Record<number, string>>({});
  const [note, setNote] = useState('');
  const [scan, setScan] = useState('');
  const [outcome, setOutcome] = useState<ReceiveOutcome>(null);
  // The key of the attempt being made; a change to what is sent makes a new attempt.
  const attempt = useRef<{ key: string; body: string } | null>(null);

  const quantityOf = (line: VendorOrderLine) => quantities[line.id] ?? '';
  const invalid = lines.filter(
    (l) => quantityOf(l).trim() !== '' && !(Number.isInteger(Number(quantityOf(l))) && Number(quantityOf(l)) >= 0),
  );
  const chosen = lines
    .map((l) => ({ line: l, quantity: Number(quantityOf(l)) }))
    .filter((c) => quantityOf(c.line).trim() !== '' && Number.isInteger(c.quantity) && c.quantity > 0);

  const setQuantity = (lineId: number, value: string) => {
    setQuantities((q) => ({ ...q, [lineId]: value }));
    setOutcome(null);
  };

  const send = async (picked: Array<{ lineId: number; quantity: number }>, over: boolean) => {
    if (picked.length === 0 || receive.isPending) return;
    const input = { lines: picked, note: note.trim() === '' ? null : note.trim(), over };
    const body = JSON.stringify(input);
    // The same attempt sent again keeps its key; anything else is a new attempt.
    if (attempt.current?.body !== body) attempt.current = { key: newIdempotencyKey(), body };
    setOutcome(null);
    try {
      onReceived?.();
      const receipt = await receive.mutateAsync({ ...input, key: attempt.current.key });
      attempt.current = null;
      const units = picked.reduce((sum, p) => sum + p.quantity, 0);
      setQuantities({});
      setNote('');
      setOutcome({
        kind: 'done',
        text:
          `Received ${units} ${units === 1 ? 'unit' : 'units'} on ${picked.length} ${picked.length === 1 ? 'line' : 'lines'}.` +
          (receipt.vendorOrderStatus === 'Received' ? ' Every line is in: the vendor order is Received.' : ''),
      });
    } catch (error) {
      // A refusal is an answer: the attempt is over. A lost answer (network, timeout) keeps the key.
      if (isApiError(error) && error.httpStatus !== 0) attempt.current = null;
      const tooMany = picked.some((p) => p.quantity > (lines.find((l) => l.id === p.lineId)?.outstanding ?? 0));
      setOutcome({
        kind: 'failed',
        error: errorText(error),
        over: !over && isApiError(error) && error.httpStatus === 409 && tooMany,
        lost: !isApiError(error) || error.httpStatus === 0,
      });
    }
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (invalid.length > 0) return;
    void send(
      chosen.map((c) => ({ lineId: c.line.id, quantity: c.quantity })),
      false,
    );
  };

  const receiveAll = () => {
    const all = lines.filter((l) => l.outstanding > 0).map((l) => ({ lineId: l.id, quantity: l.outstanding }));
    setQuantities(Object.fromEntries(all.map((a) => [a.lineId, String(a.quantity)])));
    void send(all, false);
  };

  const onScan = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key !== 'Enter') return;
    e.preventDefault();
    const itemNo = scan.trim();
    if (itemNo === '') return;
    const line = lines.find((l) => l.itemNo.toLowerCase() === itemNo.toLowerCase());
    setScan('');
    if (!line) {
      setOutcome({ kind: 'scan', ok: false, text: `${itemNo} is not on this vendor order.` });
      return;
    }
    const next = (Number(quantityOf(line)) || 0) + 1;
    setQuantities((q) => ({ ...q, [line.id]: String(next) }));
    setOutcome({
      kind: 'scan',
      ok: true,
      text: `${line.itemNo}: receiving ${next} of ${line.outstanding} outstanding.`,
    });
  };

  const outstandingTotal = lines.reduce((sum, l) => sum + l.outstanding, 0);

  return (
    <Form noValidate onSubmit={submit} aria-label="Receive">
      <Form.Group controlId={`${id}-scan`} className="mb-3">
        <Form.Label className="mb-1">Scan or type an item number, then Enter</Form.Label>
        <Form.Control
          size="lg"
          value={scan}
          onChange={(e) => setScan(e.target.value)}
          onKeyDown={onScan}
          autoComplete="off"
          placeholder="Item number"
          disabled={receive.isPending}
        />
      </Form.Group>
      <div aria-live="polite">
        {outcome?.kind === 'scan' && (
          <Banner variant={outcome.ok ? 'info' : 'warning'} className="py-2" title={outcome.text} />
        )}
      </div>
      <div className="table-responsive border rounded mb-3">
        <Table size="sm" className="align-middle mb-0" aria-label="Quantities to receive">
          <ListTableHead columns={['Item No', 'Description', 'Outstanding', 'Receive now']} className="table-light" />
          <tbody>
            {lines.map((line) => {
              const value = quantityOf(line);
              const bad = invalid.includes(line);
              return (
                <tr key={line.id}>
                  <td className="text-nowrap fw-medium">{line.itemNo}</td>
                  <td>{line.itemDescription ?? ''}</td>
                  <td className="text-end">{line.outstanding}</td>
                  <td style={{ width: '9rem' }}>
                    <Form.Control
                      type="number"
                      min={0}
                      step={1}
                      inputMode="numeric"
                      aria-label={`Receive now of ${line.itemNo}`}
                      value={value}
                      placeholder="0"
                      onChange={(e) => setQuantity(line.id, e.target.value)}
                      isInvalid={bad}
                      disabled={receive.isPending}
                    />
                    {bad && <div className="invalid-feedback d-block">A whole number from 0</div>}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </Table>
      </div>
      <Form.Group controlId={`${id}-note`} className="mb-3">
        <Form.Label className="mb-1">Note (optional)</Form.Label>
        <Form.Control
          value={note}
          onChange={(e) => setNote(e.target.value)}
          maxLength={2000}
          placeholder="e.g. packing slip 4471, one box damaged"
          disabled={receive.isPending}
        />
      </Form.Group>
      <div className="d-flex flex-wrap gap-2">
        <BusyButton type="submit" variant="primary" busy={receive.isPending} disabled={chosen.length === 0}>
          Receive
        </BusyButton>
        <Button variant="outline-primary" onClick={receiveAll} disabled={receive.isPending || outstandingTotal === 0}>
          Receive all outstanding
        </Button>
      </div>
      <div aria-live="polite">
        {outcome?.kind === 'done' && <Banner variant="success" className="mt-3 mb-0" title={outcome.text} />}
        {outcome?.kind === 'failed' && (
          <Banner
            variant={outcome.over ? 'warning' : 'danger'}
            className="mt-3 mb-0"
            title={
              outcome.over
                ? 'More than is outstanding'
                : outcome.lost
                  ? 'No answer from the server: press Receive again (it will not be counted twice)'
                  : 'Not received'
            }
          >
            <small>{outcome.error}</small>
            {outcome.over && (
              <div className="mt-2">
                <p className="mb-2 small">If the vendor sent more than was ordered, receive the extra too.</p>
                <BusyButton
                  size="sm"
                  variant="warning"
                  busy={receive.isPending}
                  onClick={() =>
                    void send(
                      chosen.map((c) => ({ lineId: c.line.id, quantity: c.quantity })),
                      true,
                    )
                  }
                >
                  Receive more than outstanding
                </BusyButton>
              </div>
            )}
          </Banner>
        )}
      </div>
    </Form>
  );
}
