/**
 * One part's stock (docs/stock.md): its figures, its reorder point and quantity (editable), its
 * moves newest first, and for administrators an adjustment (damaged, found, correction,
 * initial) sent with an Idempotency-Key per attempt.
 */
import { ADJUSTMENT_REASONS, type AdjustmentReason, type StockRow } from '@desk/domain';
import { useId, useRef, useState, type FormEvent } from 'react';
import { Button, Col, Form, Row } from 'react-bootstrap';
import { BusyButton } from '../../components/ui/busy-button';
import { RowsTable } from '../../components/ui/list-table';
import { CloseFooter, Modal, ModalHeading } from '../../components/ui/modal';
import { errorText } from '../../components/ui/result-banner';
import { isApiError, newIdempotencyKey } from '../../lib/api-client';
import { hasAdminRole, useUserRoles } from '../auth/api/get-user-roles';
import {
  MOVES_PAGE_SIZE,
  useAdjustStock,
  useProductStock,
  useSaveReorderSettings,
  useStockMoves,
} from './api/stock-api';
import {
  arrivalText,
  AvailableFigure,
  CountNeededBadge,
  MOVE_KIND_WORDS,
  momentText,
  OutcomeNote,
  REF_WORDS,
  signed,
  type StockOutcome,
} from './stock-words';

export interface ProductStockModalProps {
  show: boolean;
  /** The row the list showed; the modal reads the product's figures again. */
  row: StockRow;
  onClose: () => void;
  onExited: () => void;
}

const REASON_WORDS: Record<AdjustmentReason, string> = {
  damaged: 'Damaged',
  found: 'Found',
  correction: 'Correction',
  initial: 'Initial stock',
};

const wholeFromZero = (t: string) => /^\d+$/.test(t.trim());

export function ProductStockModal({ show, row, onClose, onExited }: ProductStockModalProps) {
  const titleId = useId();
  const isAdmin = hasAdminRole(useUserRoles().data);
  const stock = useProductStock(row.productId);
  const current: StockRow = stock.data && !stock.data.isPackage ? stock.data : row;

  return (
    <Modal show={show} onHide={onClose} onExited={onExited} aria-labelledby={titleId} size="lg" centered scrollable>
      <ModalHeading id={titleId}>
        Stock of {row.itemNo}
        {current.countNeeded && <CountNeededBadge />}
      </ModalHeading>
      <Modal.Body>
        {row.itemDescription && <p className="text-secondary mb-3">{row.itemDescription}</p>}
        <dl className="row g-2 mb-4" aria-label="Figures">
          <Figure label="On hand" value={current.onHand} />
          <Figure label="Reserved" value={current.reserved} />
          <Figure label="Available" value={<AvailableFigure available={current.available} />} />
          <Figure label="On order" value={current.onOrder} />
          <Figure label="Next arrival" value={arrivalText(current.nextArrival)} />
        </dl>
        <Moves productId={row.productId} />
        <ReorderSettingsForm key={`${current.reorderPoint}:${current.reorderQuantity}`} row={current} />
        {isAdmin && <AdjustmentForm productId={row.productId} />}
      </Modal.Body>
      <CloseFooter onClose={onClose} />
    </Modal>
  );
}

function Figure({ label, value }: { label: string; value: React.ReactNode }) {
  return (
    <div className="col-6 col-md">
      <dt className="small text-secondary fw-normal">{label}</dt>
      <dd className="fs-5 mb-0">{value}</dd>
    </div>
  );
}

function ReorderSettingsForm({ row }: { row: StockRow }) {
  const id = useId();
  const save = useSaveReorderSettings(row.productId);
  const [point, setPoint] = useState(String(row.reorderPoint));
  const [quantity, setQuantity] = useState(String(row.reorderQuantity));
  const [outcome, setOutcome] = useState<StockOutcome | null>(null);
  const pointOk = wholeFromZero(point);
  const quantityOk = wholeFromZero(quantity);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!pointOk || !quantityOk) return;
    setOutcome(null);
    try {
      await save.mutateAsync({ reorderPoint: Number(point), reorderQuantity: Number(quantity) });
      setOutcome({ ok: true, text: 'Reorder settings saved' });
    } catch (error) {
      setOutcome({ ok: false, text: errorText(error) });
    }
  };

  return (
    <Form noValidate onSubmit={(e) => void submit(e)} aria-labelledby={`${id}-title`} className="mb-4">
      <h3 id={`${id}-title`} className="fs-6 fw-semibold border-bottom pb-2 mb-3">
        Reorder
      </h3>
      <Row className="g-3 align-items-start">
        <WholeNumberField id={`${id}-point`} label="Reorder point" value={point} onChange={setPoint} />
        <WholeNumberField id={`${id}-quantity`} label="Reorder quantity" value={quantity} onChange={setQuantity} />
        <Col sm={4} className="align-self-end">
          <BusyButton type="submit" variant="primary" busy={save.isPending} disabled={!pointOk || !quantityOk}>
            Save reorder settings
          </BusyButton>
        </Col>
      </Row>
      <div className="form-text">Suggested for reorder when available plus on order falls below the reorder point.</div>
      <OutcomeNote outcome={outcome} failureTitle="Not saved" className="mt-2 mb-0 py-2" />
    </Form>
  );
}

/** One of the reorder settings: a whole number from 0, the rule under it while it is broken. */
function WholeNumberField(props: { id: string; label: string; value: string; onChange: (value: string) => void }) {
  return (
    <Col sm={4}>
      <Form.Group controlId={props.id}>
        <Form.Label className="mb-1">{props.label}</Form.Label>
        <Form.Control
          type="number"
          min={0}
          step={1}
          inputMode="numeric"
          value={props.value}
          onChange={(e) => props.onChange(e.target.value)}
          isInvalid={!wholeFromZero(props.value)}
        />
        <Form.Control.Feedback type="invalid">A whole number from 0</Form.Control.Feedback>
      </Form.Group>
    </Col>
  );
}

function AdjustmentForm({ productId }: { productId: number }) {
  const id = useId();
  const adjust = useAdjustStock();
  const [quantity, setQuantity] = useState('');
  const [reason, setReason] = useState<AdjustmentReason | ''>('');
  const [note, setNote] = useState('');
  const [outcome, setOutcome] = useState<StockOutcome | null>(null);
  const attempt = useRef<{ key: string; body: string } | null>(null);
  const n = Number(quantity);
  const quantityOk = /^-?\d+$/.test(quantity.trim()) && n !== 0;
  const touched = quantity.trim() !== '';

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!quantityOk || reason === '' || adjust.isPending) return;
    const input = { productId, quantity: n, reason, note: note.trim() === '' ? null : note.trim() };
    const body = JSON.stringify(input);
    if (attempt.current?.body !== body) attempt.current = { key: newIdempotencyKey(), body };
    setOutcome(null);
    try {
      const move = await adjust.mutateAsync({ ...input, key: attempt.current.key });
      attempt.current = null;
      setQuantity('');
      setNote('');
      setReason('');
      setOutcome({ ok: true, text: `Adjusted by ${signed(move.quantity)}: on hand is now ${move.onHandAfter}` });
    } catch (error) {
      if (isApiError(error) && error.httpStatus !== 0) attempt.current = null;
      setOutcome({ ok: false, text: errorText(error) });
    }
  };

  return (
    <Form noValidate onSubmit={(e) => void submit(e)} aria-labelledby={`${id}-title`} className="mb-4">
      <h3 id={`${id}-title`} className="fs-6 fw-semibold border-bottom pb-2 mb-3">
        Adjust on hand
      </h3>
      <Row className="g-3">
        <Col sm={3}>
          <Form.Group controlId={`${id}-quantity`}>
            <Form.Label className="mb-1">Change</Form.Label>
            <Form.Control
              inputMode="numeric"
              placeholder="e.g. -2 or 5"
              value={quantity}
              onChange={(e) => setQuantity(e.target.value)}
              isInvalid={touched && !quantityOk}
            />
            <Form.Control.Feedback type="invalid">A whole number, not 0 (minus takes away)</Form.Control.Feedback>
          </Form.Group>
        </Col>
        <Col sm={3}>
          <Form.Group controlId={`${id}-reason`}>
            <Form.Label className="mb-1">Reason</Form.Label>
            <Form.Select value={reason} onChange={(e) => setReason(e.target.value as AdjustmentReason | '')}>
              <option value="">Choose...</option>
              {ADJUSTMENT_REASONS.map((r) => (
                <option key={r} value={r}>
                  {REASON_WORDS[r]}
                </option>
              ))}
            </Form.Select>
          </Form.Group>
        </Col>
        <Col sm={6}>
          <Form.Group controlId={`${id}-note`}>
            <Form.Label className="mb-1">Note (optional)</Form.Label>
            <Form.Control value={note} maxLength={2000} onChange={(e) => setNote(e.target.value)} />
          </Form.Group>
        </Col>
      </Row>
      <div className="mt-3">
        <BusyButton
          type="submit"
          variant="outline-primary"
          busy={adjust.isPending}
          disabled={!quantityOk || reason === ''}
        >
          Adjust
        </BusyButton>
      </div>
      <OutcomeNote outcome={outcome} failureTitle="Not adjusted" className="mt-2 mb-0 py-2" />
    </Form>
  );
}

const MOVE_COLUMNS = ['When', 'Move', 'Change', 'On hand after', 'Reference', 'Reason / note', 'By'] as const;

function Moves({ productId }: { productId: number }) {
  const id = useId();
  const [page, setPage] = useState(1);
  const moves = useStockMoves(productId, page);
  const pages = Math.max(1, Math.ceil((moves.data?.filtered ?? 0) / MOVES_PAGE_SIZE));

  return (
    <section aria-labelledby={`${id}-title`} className="mb-4">
      <h3 id={`${id}-title`} className="fs-6 fw-semibold border-bottom pb-2 mb-3">
        Moves
      </h3>
      <RowsTable
        label="Moves, newest first"
        columns={MOVE_COLUMNS}
        rows={moves.data?.items ?? []}
        query={moves}
        loadError="The moves could not be loaded"
        hover={false}
        empty="No moves yet"
        renderRow={(m) => (
          <tr key={m.id}>
            <td className="text-nowrap small">
              <time dateTime={m.at}>{momentText(m.at)}</time>
            </td>
            <td>{MOVE_KIND_WORDS[m.kind] ?? m.kind}</td>
            <td className="stock-figure">{signed(m.quantity)}</td>
            <td className="stock-figure">{m.onHandAfter}</td>
            <td className="text-nowrap">
              {m.refKind ? `${REF_WORDS[m.refKind] ?? m.refKind}${m.refId !== null ? ` ${m.refId}` : ''}` : ''}
            </td>
            <td className="small">
              {[m.reason ? (REASON_WORDS[m.reason as AdjustmentReason] ?? m.reason) : null, m.note]
                .filter(Boolean)
                .join(' - ')}
            </td>
            <td className="small">{m.username ?? ''}</td>
          </tr>
        )}
      />
      {pages > 1 && (
        <nav className="d-flex align-items-center gap-2 mt-2" aria-label="Pages of moves">
          <Button size="sm" variant="outline-secondary" disabled={page <= 1} onClick={() => setPage((p) => p - 1)}>
            Newer
          </Button>
          <span className="small">
            Page {page} of {pages}
          </span>
          <Button size="sm" variant="outline-secondary" disabled={page >= pages} onClick={() => setPage((p) => p + 1)}>
            Older
          </Button>
        </nav>
      )}
    </section>
  );
}
