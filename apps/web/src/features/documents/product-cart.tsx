import {
  isValidQuantity,
  QUANTITY_HINT,
  type AvailabilityLine,
  type CartLine,
  type DocumentKind,
  type DocumentTotalsCents,
  type LinePriceCents,
} from '@desk/domain';
import { Fragment, useState, type KeyboardEvent, type ReactNode } from 'react';
import { Button, Form, Table } from 'react-bootstrap';
import { LoadErrorBanner } from '../../components/ui/load-error-banner';
import { ConfirmDelete } from '../../components/ui/confirm-modal';
import { useConfirmTarget } from '../../components/ui/row-actions';
import { Loading } from '../../components/ui/loading';
import { errorText } from '../../components/ui/result-banner';
import { useToast } from '../../components/ui/toaster';
import { isApiError } from '../../lib/api-client';
import { usePublicConfig } from '../config/api/get-public-config';
import { useAddCartLine } from './api/add-cart-line';
import { useDeleteCartLine } from './api/delete-cart-line';
import { useCart } from './api/get-cart';
import { useDocument } from './api/get-document';
import { useSetPriceOverride } from './api/set-price-override';
import { useUpdateLineQuantity } from './api/update-line-quantity';
import { formatMoneyCents, formatMoneyInput, formatTaxPercent } from '../../lib/money';
import { PackageLineDetails } from './package-line-details';
import { loosePartNote, PriceBreakdown } from './price-breakdown';
import { AddProductModal } from './add-product-modal';
import { Chevron } from '../../components/ui/chevron';
import { QuantityInput } from '../../components/ui/quantity-input';
import { DetailsRow } from '../../components/ui/list-table';
import { BusyStatus } from '../../components/ui/busy-status';
import { LineStockBadge } from '../../components/stock-badge';
import { useAvailability } from './api/get-availability';

export interface ProductCartProps {
  kind: DocumentKind;
  docId: number;
  /** The saved document's tax switch (the '(tax off)' note); the totals are the server's. */
  useTax: boolean;
  /** An earlier quote revision or an accepted quote: shown as it was, every control that changes it disabled. */
  readOnly?: boolean;
  /** What the read-only cart says about itself. */
  readOnlyNote?: string;
}

/** Its controls are disabled when `locked` (a fieldset that leaves no mark on the layout). */
function Locked({ locked, children }: { locked: boolean; children: ReactNode }) {
  return (
    <fieldset disabled={locked} className="border-0 p-0 m-0 min-w-0">
      {children}
    </fieldset>
  );
}

export const CART_COLUMNS = [
  'Quantity',
  'Item No',
  'ItemDescription',
  'Windows/Inserts',
  'Price Per Unit',
  'Line Price',
  'Price Override',
  'Actions',
] as const;

/**
 * The Product Cart of an order or quote (docs/product.md section 2): lines with inline quantity and
 * price override, a price breakdown per line, expandable package lines, and the Pricing block.
 * Every price is the server's (docs/architecture.md section 1): each line's `price` and the
 * document's `totalsCents`, the same numbers as the PDF. A write answers the new line and totals,
 * which go into the query cache; the browser formats and computes nothing.
 */
export function ProductCart({
  kind,
  docId,
  useTax,
  readOnly = false,
  readOnlyNote = 'An earlier revision: its cart is kept as it was.',
}: ProductCartProps) {
  const cart = useCart(kind, docId);
  const doc = useDocument(kind, docId);
  const config = usePublicConfig();
  const addLine = useAddCartLine(kind, docId);
  const updateQuantity = useUpdateLineQuantity(kind, docId);
  const setOverride = useSetPriceOverride(kind, docId);
  const deleteLine = useDeleteCartLine(kind, docId);
  const [linking, setLinking] = useState(false);
  const [expanded, setExpanded] = useState<ReadonlySet<number>>(() => new Set());
  const deleting = useConfirmTarget<CartLine>();
  const toast = useToast();
  const [savingLine, setSavingLine] = useState<number | null>(null);
  /** The last change saved, read out by screen readers (the field keeps focus). */
  const [announcement, setAnnouncement] = useState('');

  const taxRate = config.data?.taxRate;
  // What the shelf covers (docs/stock.md), asked once the cart has shown: the badges fill in.
  // A closed order has taken its parts (or released them): no badges.
  const closed = doc.data?.orderStatus?.closed === true;
  const availability = useAvailability(kind, docId, {
    enabled: cart.isSuccess && doc.isSuccess && !closed,
    live: true,
  });
  const stock = closed ? undefined : stockByProduct(availability.data?.lines);

  /** Saves one line's change; a failure is a toast, and answers the error for the cell to show. */
  const run = async (
    line: CartLine,
    what: string,
    action: () => Promise<unknown>,
    plain: (error: unknown) => string = errorText,
    done?: string,
  ): Promise<unknown> => {
    setSavingLine(line.id);
    setAnnouncement('');
    try {
      await action();
      if (done) setAnnouncement(done);
      return null;
    } catch (error) {
      toast.error('The cart was not changed', `${what} of ${line.product.itemNo} was not saved: ${plain(error)}`);
      return error;
    } finally {
      setSavingLine(null);
    }
  };

  const saveQuantity = (line: CartLine, quantity: number) =>
    run(
      line,
      'The quantity',
      () => updateQuantity.mutateAsync({ lineId: line.id, quantity }),
      errorText,
      `Quantity of ${line.product.itemNo} saved: ${quantity}`,
    );
  const saveOverride = (line: CartLine, priceOverride: number | null) =>
    run(
      line,
      'The price override',
      () => setOverride.mutateAsync({ lineId: line.id, priceOverride }),
      overrideErrorText,
      priceOverride === null
        ? `Price override of ${line.product.itemNo} removed`
        : `Price override of ${line.product.itemNo} saved: ${formatMoneyInput(priceOverride)}`,
    );

  const toggleExpanded = (lineId: number) =>
    setExpanded((previous) => {
      const next = new Set(previous);
      if (next.has(lineId)) next.delete(lineId);
      else next.add(lineId);
      return next;
    });

  if (cart.isPending) return <Loading />;
  if (cart.isError) {
    return (
      <LoadErrorBanner title="The cart could not be loaded" error={cart.error} onRetry={() => void cart.refetch()} />
    );
  }

  const columnCount = CART_COLUMNS.length + 1;
  const rows = cart.data;

  return (
    <div className="product-cart">
      <div className="d-flex align-items-center gap-2 mb-2">
        {readOnly ? (
          <span className="small text-secondary">{readOnlyNote}</span>
        ) : (
          <>
            <Button size="sm" variant="primary" onClick={() => setLinking(true)}>
              + Add Product
            </Button>
            <span className="small text-secondary">
              {doc.data === undefined
                ? null
                : doc.data.priceLooseParts
                  ? 'Packages and loose parts count toward the total (Price loose parts is on for this document); a price override replaces a line price.'
                  : 'Only package lines count toward the total unless a price override is set (Price loose parts was off when this document was created).'}
            </span>
          </>
        )}
        {cart.isFetching && <BusyStatus className="ms-auto">Updating...</BusyStatus>}
      </div>
      {availability.isError && !closed && (
        <p className="small text-danger-emphasis mb-2" data-testid="stock-error">
          The shelf could not be checked: {errorText(availability.error)}{' '}
          <Button
            variant="link"
            size="sm"
            className="p-0 align-baseline"
            onClick={() => void availability.refetch()}
            disabled={availability.isFetching}
          >
            Try again
          </Button>
        </p>
      )}
      <div role="status" className="visually-hidden">
        {announcement}
      </div>

      <div className="table-responsive border rounded">
        <Table hover size="sm" className="align-middle mb-0" aria-label="Product Cart">
          <thead>
            <tr>
              <th scope="col" style={{ width: '2.25rem' }}>
                <span className="visually-hidden">Details</span>
              </th>
              {CART_COLUMNS.map((c) => (
                <th
                  key={c}
                  scope="col"
                  className={
                    c === 'Price Per Unit' || c === 'Line Price' ? 'text-end' : c === 'Actions' ? 'text-end' : undefined
                  }
                >
                  {c}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.length === 0 && (
              <tr>
                <td colSpan={columnCount} className="text-center text-secondary py-4">
                  No products in the cart yet
                </td>
              </tr>
            )}
            {rows.map((line) => {
              const price = line.price;
              const isOpen = expanded.has(line.id);
              const busy = savingLine === line.id;
              return (
                <Fragment key={line.id}>
                  <tr className={isOpen ? 'table-active' : undefined}>
                    <td>
                      {line.pricingInfo.isPackage && (
                        <Button
                          variant="link"
                          size="sm"
                          className="p-1 lh-1 d-inline-flex"
                          aria-expanded={isOpen}
                          aria-label={`${isOpen ? 'Collapse' : 'Expand'} package line ${line.product.itemNo}`}
                          onClick={() => toggleExpanded(line.id)}
                        >
                          <Chevron open={isOpen} />
                        </Button>
                      )}
                    </td>
                    <td style={{ width: '6.5rem' }}>
                      <Locked locked={readOnly}>
                        <QuantityCell line={line} saving={busy} onSave={(quantity) => saveQuantity(line, quantity)} />
                      </Locked>
                    </td>
                    <td className="item-no fw-medium">{line.product.itemNo}</td>
                    <td style={{ minWidth: '16rem' }}>
                      {line.product.itemDescription}
                      {/* A package holds no stock: its sub-parts show theirs. */}
                      {!line.pricingInfo.isPackage && (
                        <LineStockBadge line={stock?.get(line.product.id)} className="d-table mt-1" />
                      )}
                    </td>
                    <td className="small">
                      <WindowsInserts line={line} />
                    </td>
                    <td className="text-end text-nowrap" style={NUMERIC}>
                      <UnitPrice price={price} />
                    </td>
                    <td className="text-end text-nowrap" style={NUMERIC}>
                      <LinePriceCell price={price} />
                      <PriceBreakdown line={line} />
                    </td>
                    <td style={{ width: '8.5rem' }}>
                      <Locked locked={readOnly}>
                        <OverrideCell
                          line={line}
                          saving={busy}
                          onSave={(priceOverride) => saveOverride(line, priceOverride)}
                        />
                      </Locked>
                    </td>
                    <td className="text-end">
                      <Button
                        size="sm"
                        variant="outline-danger"
                        className="py-0"
                        aria-label={`Delete line ${line.product.itemNo}`}
                        onClick={() => deleting.ask(line)}
                        disabled={busy || readOnly}
                      >
                        Delete
                      </Button>
                    </td>
                  </tr>
                  {isOpen && (
                    <DetailsRow className="package-line-row" colSpan={columnCount} padX="px-3">
                      <Locked locked={readOnly}>
                        <PackageLineDetails kind={kind} docId={docId} line={line} stock={stock} />
                      </Locked>
                    </DetailsRow>
                  )}
                </Fragment>
              );
            })}
          </tbody>
        </Table>
      </div>

      <PricingBlock totals={doc.data?.totalsCents} taxRate={taxRate} useTax={useTax} />

      <AddProductModal
        show={linking}
        kind={kind}
        docId={docId}
        onLink={(product, quantity) => addLine.mutateAsync({ productId: product.id, quantity })}
        onClose={() => setLinking(false)}
      />

      <ConfirmDelete target={deleting} objectName="Cart line" onDelete={(line) => deleteLine.mutateAsync(line.id)}>
        Are you sure you would like to delete the line {deleting.target?.product.itemNo} (id: {deleting.target?.id})?
      </ConfirmDelete>
    </div>
  );
}

/** The availability answer by product id; undefined until it is known. */
function stockByProduct(
  lines: readonly AvailabilityLine[] | undefined,
): ReadonlyMap<number, AvailabilityLine> | undefined {
  return lines && new Map(lines.map((l) => [l.productId, l]));
}

/** Sub Total, Tax (rate in percent) and Total as the server priced them, two decimals. */
function PricingBlock({
  totals,
  taxRate,
  useTax,
}: {
  totals: DocumentTotalsCents | undefined;
  taxRate: number | undefined;
  useTax: boolean;
}) {
  const amount = (cents: number | undefined) => (cents === undefined ? '…' : formatMoneyCents(cents));
  return (
    <section aria-label="Pricing" className="d-flex justify-content-end mt-3">
      <div className="border rounded px-3 py-2 bg-body-tertiary" style={{ minWidth: '18rem' }}>
        <h4 className="fs-6 fw-semibold mb-2">Pricing</h4>
        <table className="w-100" aria-label="Pricing">
          <tbody>
            <tr>
              <th scope="row" className="fw-normal text-secondary">
                Sub Total
              </th>
              <td className="text-end" style={NUMERIC}>
                {amount(totals?.subTotalCents)}
              </td>
            </tr>
            <tr>
              <th scope="row" className="fw-normal text-secondary">
                {`Tax (${taxRate === undefined ? '…' : formatTaxPercent(taxRate)})`}
                {!useTax && <span className="ms-1 small">(tax off)</span>}
              </th>
              <td className="text-end" style={NUMERIC}>
                {amount(totals?.taxCents)}
              </td>
            </tr>
            <tr className="border-top">
              <th scope="row" className="pt-1">
                Total
              </th>
              <td className="text-end pt-1 fw-semibold" style={NUMERIC}>
                {amount(totals?.totalCents)}
              </td>
            </tr>
          </tbody>
        </table>
      </div>
    </section>
  );
}

/** Digits of equal width, so amounts line up in their column. */
const NUMERIC = { fontVariantNumeric: 'tabular-nums' } as const;

/**
 * Non-package lines are struck through: they count 0 unless overridden (docs/product.md section 9),
 * except loose parts on a document that prices them (docs/decisions/028).
 */
const STRUCK = 'text-decoration-line-through text-secondary';

function UnitPrice({ price }: { price: LinePriceCents }) {
  const plain = !price.isPackage && !price.loosePart;
  return (
    <span className={plain ? STRUCK : undefined} title={price.isPackage ? undefined : loosePartNote(price)}>
      {formatMoneyCents(price.unitPriceCents)}
    </span>
  );
}

function LinePriceCell({ price }: { price: LinePriceCents }) {
  if (price.overridden) {
    return (
      <span className="fw-semibold" title="Price override">
        {formatMoneyCents(price.linePriceCents)}
        <span className="badge text-bg-warning fw-normal ms-1">override</span>
      </span>
    );
  }
  if (price.loosePart) return <span title={loosePartNote(price)}>{formatMoneyCents(price.linePriceCents)}</span>;
  if (!price.isPackage) {
    return (
      <span className={STRUCK} title={loosePartNote(price)}>
        {formatMoneyCents(price.extendedCents)}
      </span>
    );
  }
  return <span>{formatMoneyCents(price.linePriceCents)}</span>;
}

function WindowsInserts({ line }: { line: CartLine }) {
  const { windowsData, windowDescription, insertsData, insertDescription } = line.product;
  const windows = [windowsData, windowDescription].filter((v) => v && v.trim() !== '').join(' - ');
  const inserts = [insertsData, insertDescription].filter((v) => v && v.trim() !== '').join(' - ');
  if (!windows && !inserts) return <span className="text-secondary">—</span>;
  return (
    <>
      {windows && (
        <div>
          <span className="text-secondary">Windows:</span> {windows}
        </div>
      )}
      {inserts && (
        <div>
          <span className="text-secondary">Inserts:</span> {inserts}
        </div>
      )}
    </>
  );
}

/** Saves on Enter or when the field is left; Escape puts the stored value back. */
function commitKeys(commit: () => void, reset: () => void) {
  return (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      commit();
    } else if (event.key === 'Escape') {
      event.stopPropagation(); // not the modal
      reset();
    }
  };
}

function QuantityCell({
  line,
  saving,
  onSave,
}: {
  line: CartLine;
  saving: boolean;
  /** Answers null when saved, or the error (the toast says why). */
  onSave: (q: number) => Promise<unknown>;
}) {
  const [draft, setDraft] = useState(String(line.quantity));
  // A new quantity from the server replaces the draft in the same field (not a re-created one,
  // which would drop the keyboard focus of a clerk who just pressed Enter in it).
  const [stored, setStored] = useState(line.quantity);
  if (stored !== line.quantity) {
    setStored(line.quantity);
    setDraft(String(line.quantity));
  }
  const value = Number(draft);
  // The domain's rule, the one the server applies (at most 100,000).
  const valid = draft.trim() !== '' && isValidQuantity(value);
  const commit = async () => {
    if (saving) return; // one request at a time: Enter then blur sends once
    // Out of the rule: the field stays in error with the rule in words; nothing is sent.
    if (!valid) return;
    if (value === line.quantity) return;
    // Refused: the field shows the saved quantity again, the one the prices are made of.
    if (await onSave(value)) setDraft(String(line.quantity));
  };
  return (
    <QuantityInput
      itemNo={line.product.itemNo}
      value={draft}
      onChange={setDraft}
      invalid={!valid}
      hint={QUANTITY_HINT}
      readOnly={saving}
      onBlur={() => void commit()}
      onKeyDown={commitKeys(
        () => void commit(),
        () => setDraft(String(line.quantity)),
      )}
    />
  );
}

/** The price override's rule, in the clerk's words (browser check and the server's 400 alike). */
export const OVERRIDE_HINT = 'Use dollars and cents, e.g. 12.35';
export const NEGATIVE_OVERRIDE_HINT = 'A price cannot be negative. Use dollars and cents, e.g. 12.35';

/** '' clears the override; otherwise dollars with at most two decimals, 0 to 10,000,000. */
export function parseOverride(text: string): { ok: true; value: number | null } | { ok: false; hint: string } {
  const trimmed = text.trim();
  if (trimmed === '') return { ok: true, value: null };
  if (/^-/.test(trimmed) && Number(trimmed) < 0) return { ok: false, hint: NEGATIVE_OVERRIDE_HINT };
  if (!/^\d*(\.\d{0,2})?$/.test(trimmed) || !/\d/.test(trimmed)) return { ok: false, hint: OVERRIDE_HINT };
  const value = Number(trimmed);
  return Number.isFinite(value) && value <= 10_000_000 ? { ok: true, value } : { ok: false, hint: OVERRIDE_HINT };
}

/** A 400 from the override route is the money rule (negative said so); anything else keeps its own message. */
function overrideErrorText(error: unknown): string {
  if (!isApiError(error) || error.httpStatus !== 400) return errorText(error);
  return /negative/i.test(error.message) ? NEGATIVE_OVERRIDE_HINT : OVERRIDE_HINT;
}

function OverrideCell({
  line,
  saving,
  onSave,
}: {
  line: CartLine;
  saving: boolean;
  /** Answers null when saved, or the error. */
  onSave: (priceOverride: number | null) => Promise<unknown>;
}) {
  const stored = line.priceOverride === null ? '' : formatMoneyInput(line.priceOverride);
  const [draft, setDraft] = useState(stored);
  // A number field reports letters as '' with validity.badInput: that is not "no override".
  const [badInput, setBadInput] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // A new override from the server starts the field afresh, in place (focus stays in it).
  const [shown, setShown] = useState(stored);
  if (shown !== stored) {
    setShown(stored);
    setDraft(stored);
    setBadInput(false);
    setError(null);
  }
  const parsed = badInput ? ({ ok: false, hint: OVERRIDE_HINT } as const) : parseOverride(draft);
  const shownError = error ?? (parsed.ok ? null : parsed.hint);
  const errorId = `override-error-${line.id}`;

  const commit = async () => {
    if (saving) return; // one request at a time: Enter then blur sends once
    if (!parsed.ok) {
      setError(parsed.hint);
      return;
    }
    if (parsed.value === line.priceOverride) return;
    const failure = await onSave(parsed.value);
    // The field stays in error with the plain rule; Escape puts the saved value back.
    if (failure) setError(overrideErrorText(failure));
  };
  const restore = () => {
    setDraft(stored);
    setBadInput(false);
    setError(null);
  };
  return (
    <>
      <Form.Control
        size="sm"
        type="number"
        step=".01"
        min={0}
        inputMode="decimal"
        placeholder="None"
        aria-label={`Price override of ${line.product.itemNo}`}
        aria-describedby={shownError ? errorId : undefined}
        value={draft}
        isInvalid={shownError !== null}
        aria-invalid={shownError !== null ? true : undefined}
        readOnly={saving}
        onChange={(e) => {
          setDraft(e.target.value);
          setBadInput(e.currentTarget.validity?.badInput === true);
          setError(null);
        }}
        onBlur={() => void commit()}
        onKeyDown={commitKeys(() => void commit(), restore)}
      />
      {shownError && (
        <Form.Control.Feedback type="invalid" id={errorId}>
          {shownError}
        </Form.Control.Feedback>
      )}
    </>
  );
}
