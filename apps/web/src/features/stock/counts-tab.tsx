/**
 * Counts (docs/stock.md): start a count (every part, one product type, or item numbers with a
 * prefix), enter what is on the shelf on a tablet, save, and (administrators) apply it after
 * seeing each variance. The entry is blind: the expected quantity shows only in the review.
 */
import type { CountApplied, StockCount, StockCountSummary } from '@desk/domain';
import { useId, useState, type FormEvent } from 'react';
import { Badge, Button, Col, Form, Row, Table } from 'react-bootstrap';
import { Banner } from '../../components/ui/banner';
import { BusyButton } from '../../components/ui/busy-button';
import { ListTableHead, RowsTable } from '../../components/ui/list-table';
import { CloseFooter, Modal, ModalHeading } from '../../components/ui/modal';
import { ErrorBanner, errorText, InlineOutcome } from '../../components/ui/result-banner';
import { hasAdminRole, useUserRoles } from '../auth/api/get-user-roles';
import {
  countSheetUrl,
  useApplyCount,
  useSaveCount,
  useStartCount,
  useStockCount,
  useStockCounts,
} from './api/stock-api';
import { momentText, OutcomeNote, signed, type StockOutcome } from './stock-words';
import { SlotModal, useModalSlot, type SlotModalProps } from '../../components/ui/row-actions';

type Scope = 'all' | 'type' | 'prefix';

const COUNT_COLUMNS = ['Count', 'Started', 'By', 'Counted', 'State', 'Actions'] as const;

export function CountsTab() {
  const counts = useStockCounts();
  const sheet = useModalSlot<number>();

  return (
    <>
      <StartCountForm onStarted={(count) => sheet.open(count.id)} />
      <h2 className="fs-6 fw-semibold border-bottom pb-2 mb-3 mt-4">Counts</h2>
      <RowsTable
        label="Counts, newest first"
        columns={COUNT_COLUMNS}
        query={counts}
        loadError="The counts could not be loaded"
        empty="No counts yet"
        renderRow={(c) => <CountRow key={c.id} count={c} onOpen={() => sheet.open(c.id)} />}
      />
      <SlotModal slot={sheet}>{(id, modal) => <CountModal {...modal} countId={id} />}</SlotModal>
    </>
  );
}

function CountRow({ count, onOpen }: { count: StockCountSummary; onOpen: () => void }) {
  return (
    <tr>
      <td className="fw-medium">Count {count.id}</td>
      <td className="small text-nowrap">
        <time dateTime={count.startedAt}>{momentText(count.startedAt)}</time>
      </td>
      <td>{count.startedBy ?? ''}</td>
      <td className="text-nowrap">
        {count.countedCount} of {count.lineCount}
      </td>
      <td>
        {count.state === 'applied' ? (
          <Badge bg="success-subtle" text="success-emphasis">
            Applied{count.appliedAt ? ` ${momentText(count.appliedAt)}` : ''}
          </Badge>
        ) : (
          <Badge bg="primary-subtle" text="primary-emphasis">
            Open
          </Badge>
        )}
      </td>
      <td className="text-end text-nowrap">
        <a
          className="btn btn-sm btn-outline-secondary me-1"
          href={countSheetUrl(count.id)}
          target="_blank"
          rel="noreferrer"
          aria-label={`Sheet (PDF) of count ${count.id}`}
        >
          Sheet (PDF)
        </a>
        <Button
          size="sm"
          variant="outline-primary"
          onClick={onOpen}
          aria-label={`${count.state === 'open' ? 'Enter counts' : 'View'} of count ${count.id}`}
        >
          {count.state === 'open' ? 'Enter counts' : 'View'}
        </Button>
      </td>
    </tr>
  );
}

function StartCountForm({ onStarted }: { onStarted: (count: StockCount) => void }) {
  const id = useId();
  const start = useStartCount();
  const [scope, setScope] = useState<Scope>('all');
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const needsText = scope !== 'all';
  const textOk = !needsText || text.trim() !== '';

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!textOk || start.isPending) return;
    setError(null);
    try {
      const count = await start.mutateAsync(
        scope === 'type' ? { productType: text.trim() } : scope === 'prefix' ? { itemNoPrefix: text.trim() } : {},
      );
      setText('');
      onStarted(count);
    } catch (err) {
      setError(errorText(err));
    }
  };

  return (
    <Form noValidate onSubmit={(e) => void submit(e)} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="fs-6 fw-semibold border-bottom pb-2 mb-3">
        Start a count
      </h2>
      <Row className="g-3 align-items-end">
        <Col md="auto">
          <fieldset>
            <legend className="form-label mb-1 fs-6">What to count</legend>
            {(
              [
                ['all', 'Every part'],
                ['type', 'One product type'],
                ['prefix', 'Item numbers starting with'],
              ] as const
            ).map(([value, label]) => (
              <Form.Check
                key={value}
                inline
                type="radio"
                name={`${id}-scope`}
                id={`${id}-scope-${value}`}
                label={label}
                checked={scope === value}
                onChange={() => {
                  setScope(value);
                  setError(null);
                }}
              />
            ))}
          </fieldset>
        </Col>
        {needsText && (
          <Col md={4}>
            <Form.Group controlId={`${id}-text`}>
              <Form.Label className="mb-1">{scope === 'type' ? 'Product type' : 'Item number prefix'}</Form.Label>
              <Form.Control
                value={text}
                maxLength={100}
                onChange={(e) => setText(e.target.value)}
                placeholder={scope === 'type' ? 'e.g. Springs' : 'e.g. SPR-'}
                isInvalid={error !== null}
              />
            </Form.Group>
          </Col>
        )}
        <Col md="auto">
          <BusyButton type="submit" variant="primary" busy={start.isPending} disabled={!textOk}>
            Start count
          </BusyButton>
        </Col>
      </Row>
      <InlineOutcome success={null} failure={error === null ? null : { title: 'The count was not started', error }} />
    </Form>
  );
}

export type CountModalProps = SlotModalProps & { countId: number };

/** One count: its sheet to fill in (big inputs), Save, and for administrators the review and Apply. */
export function CountModal({ show, countId, onClose, onExited }: CountModalProps) {
  const titleId = useId();
  const count = useStockCount(countId);
  return (
    <Modal show={show} onHide={onClose} onExited={onExited} aria-labelledby={titleId} size="lg" centered scrollable>
      <ModalHeading id={titleId}>Count {countId}</ModalHeading>
      {count.isError ? (
        <Modal.Body>
          <ErrorBanner title="The count could not be loaded" error={count.error} />
        </Modal.Body>
      ) : count.data === undefined ? (
        <Modal.Body>
          <span role="status">Loading...</span>
        </Modal.Body>
      ) : (
        <CountSheet key={count.data.id} count={count.data} onClose={onClose} />
      )}
    </Modal>
  );
}

type Stage = { kind: 'entry' } | { kind: 'review' } | { kind: 'applied'; result: CountApplied };

function CountSheet({ count, onClose }: { count: StockCount; onClose: () => void }) {
  const id = useId();
  const isAdmin = hasAdminRole(useUserRoles().data);
  const save = useSaveCount(count.id);
  const apply = useApplyCount(count.id);
  const [values, setValues] = useState<Record<number, string>>(() =>
    Object.fromEntries(count.lines.map((l) => [l.productId, l.counted === null ? '' : String(l.counted)])),
  );
  const [stage, setStage] = useState<Stage>({ kind: 'entry' });
  const [outcome, setOutcome] = useState<StockOutcome | null>(null);
  const open = count.state === 'open';

  const invalid = count.lines.filter((l) => {
    const v = values[l.productId] ?? '';
    return v.trim() !== '' && !/^\d+$/.test(v.trim());
  });
  const entered = count.lines
    .filter((l) => /^\d+$/.test((values[l.productId] ?? '').trim()))
    .map((l) => ({ productId: l.productId, counted: Number(values[l.productId]) }));
  const dirty = count.lines.some((l) => (values[l.productId] ?? '') !== (l.counted === null ? '' : String(l.counted)));

  const saveEntries = async (): Promise<boolean> => {
    if (invalid.length > 0) return false;
    if (!dirty) return true;
    if (entered.length === 0) return true;
    setOutcome(null);
    try {
      await save.mutateAsync(entered);
      setOutcome({ ok: true, text: `Saved ${entered.length} of ${count.lines.length} counted` });
      return true;
    } catch (error) {
      setOutcome({ ok: false, text: errorText(error) });
      return false;
    }
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    await saveEntries();
  };

  const review = async () => {
    if (await saveEntries()) setStage({ kind: 'review' });
  };

  const doApply = async () => {
    setOutcome(null);
    try {
      const result = await apply.mutateAsync();
      setStage({ kind: 'applied', result });
    } catch (error) {
      setOutcome({ ok: false, text: errorText(error) });
    }
  };

  const byId = new Map(count.lines.map((l) => [l.productId, l]));

  if (stage.kind === 'applied') {
    return (
      <>
        <Modal.Body>
          <Banner variant="success" title={`Count ${count.id} applied`}>
            <small>On hand now matches what was counted.</small>
          </Banner>
          <VarianceTable
            label="Applied variances"
            rows={stage.result.lines.map((l) => ({
              ...l,
              itemNo: byId.get(l.productId)?.itemNo ?? String(l.productId),
            }))}
            withAfter
          />
        </Modal.Body>
        <CloseFooter onClose={onClose} />
      </>
    );
  }

  if (stage.kind === 'review') {
    const rows = count.lines
      .filter((l) => l.counted !== null || values[l.productId]?.trim())
      .map((l) => {
        const counted = Number(values[l.productId] ?? l.counted);
        return {
          productId: l.productId,
          itemNo: l.itemNo,
          expected: l.expected,
          counted,
          variance: counted - l.expected,
        };
      });
    const changes = rows.filter((r) => r.variance !== 0).length;
    return (
      <>
        <Modal.Body>
          <p>
            Applying moves each counted part&apos;s on hand by its variance ({changes} of {rows.length} change). Parts
            not counted are left as they are. This cannot be undone.
          </p>
          <VarianceTable label="Variances to apply" rows={rows} />
          <div aria-live="polite">
            {outcome && !outcome.ok && (
              <Banner variant="danger" className="mt-3 mb-0" title="The count was not applied">
                <small>{outcome.text}</small>
              </Banner>
            )}
          </div>
        </Modal.Body>
        <Modal.Footer>
          <Button variant="secondary" onClick={() => setStage({ kind: 'entry' })} disabled={apply.isPending}>
            Back to the counts
          </Button>
          <BusyButton
            variant="danger"
            busy={apply.isPending}
            onClick={() => void doApply()}
            disabled={rows.length === 0}
          >
            Apply count
          </BusyButton>
        </Modal.Footer>
      </>
    );
  }

  return (
    <Form
      noValidate
      onSubmit={(e) => void submit(e)}
      className="stock-form-contents"
      aria-label={`Count ${count.id} sheet`}
    >
      <Modal.Body>
        <p className="small text-secondary">
          Started {momentText(count.startedAt)}
          {count.startedBy ? ` by ${count.startedBy}` : ''}.{' '}
          {open ? 'Enter what is on the shelf; leave blank what you have not counted.' : 'Applied.'}{' '}
          <a href={countSheetUrl(count.id)} target="_blank" rel="noreferrer">
            Printable count sheet (PDF)
          </a>
        </p>
        <RowsTable
          label="Counted quantities"
          columns={['Item No', 'Description', 'Counted']}
          rows={count.lines}
          hover={false}
          empty="No parts in this count"
          renderRow={(l) => {
            const bad = invalid.includes(l);
            return (
              <tr key={l.productId}>
                <td className="fw-medium text-nowrap fs-5">{l.itemNo}</td>
                <td>{l.itemDescription ?? ''}</td>
                <td style={{ width: '10rem' }}>
                  <Form.Control
                    id={`${id}-${l.productId}`}
                    className="stock-count-input"
                    size="lg"
                    type="number"
                    min={0}
                    step={1}
                    inputMode="numeric"
                    aria-label={`Counted ${l.itemNo}`}
                    value={values[l.productId] ?? ''}
                    onChange={(e) => {
                      setValues((v) => ({ ...v, [l.productId]: e.target.value }));
                      setOutcome(null);
                    }}
                    isInvalid={bad}
                    disabled={!open}
                  />
                  {bad && <div className="invalid-feedback d-block">A whole number from 0</div>}
                </td>
              </tr>
            );
          }}
        />
        <OutcomeNote outcome={outcome} failureTitle="Not saved" className="mt-3 mb-0" />
      </Modal.Body>
      <CloseFooter onClose={onClose}>
        {open && (
          <BusyButton type="submit" variant="primary" busy={save.isPending} disabled={!dirty || invalid.length > 0}>
            Save counts
          </BusyButton>
        )}
        {open && isAdmin && (
          <BusyButton
            variant="outline-danger"
            busy={save.isPending}
            disabled={invalid.length > 0 || entered.length === 0}
            onClick={() => void review()}
          >
            Review and apply
          </BusyButton>
        )}
      </CloseFooter>
    </Form>
  );
}

interface VarianceRow {
  productId: number;
  itemNo: string;
  expected: number;
  counted: number;
  variance: number;
  onHandAfter?: number;
}

function VarianceTable({
  label,
  rows,
  withAfter = false,
}: {
  label: string;
  rows: VarianceRow[];
  withAfter?: boolean;
}) {
  const columns = ['Item No', 'Expected', 'Counted', 'Variance', ...(withAfter ? ['On hand after'] : [])];
  return (
    <div className="table-responsive border rounded">
      <Table size="sm" className="align-middle mb-0" aria-label={label}>
        <ListTableHead columns={columns} className="table-light" />
        <tbody>
          {rows.map((r) => (
            <tr key={r.productId}>
              <td className="fw-medium">{r.itemNo}</td>
              <td className="stock-figure">{r.expected}</td>
              <td className="stock-figure">{r.counted}</td>
              <td className={`stock-figure${r.variance < 0 ? ' text-danger fw-semibold' : ''}`}>
                {r.variance === 0 ? '0 (matches)' : `${signed(r.variance)} ${r.variance < 0 ? '(missing)' : '(extra)'}`}
              </td>
              {withAfter && <td className="stock-figure">{r.onHandAfter}</td>}
            </tr>
          ))}
        </tbody>
      </Table>
    </div>
  );
}
