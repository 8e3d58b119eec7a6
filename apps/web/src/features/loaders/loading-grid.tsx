import { BAY_IDS, type BayData, type BayNextOrder, type BayRow } from '@desk/domain';
import { memo, useEffect, useLayoutEffect, useRef, useState, type RefObject } from 'react';
import { Badge, Button, Card, Col, Form, Row, Spinner, Table } from 'react-bootstrap';
import { Loading } from '../../components/ui/loading';
import { errorText } from '../../components/ui/result-banner';
import { useBayData, useBayLoad } from './api/get-bay-data';
import { WaitingOn } from '../vendor-orders/waiting-on';
import { usePickupReady } from './api/list-pickup-ready';
import { ScanField, type ScanResult } from './scan-field';
import { useOfflineCopies } from '../../lib/offline-copies';
import './loaders.css';
import { TableHead } from '../../components/ui/table-head';

export const BAY_COLUMNS = ['Quantity', 'Item No', 'Item Description'] as const;

const NO_ROWS: BayRow[] = [];

export interface LoadingGridProps {
  /** Order ids of the bays ticked for completion (a bay's current load). */
  selectedOrderIds: ReadonlySet<number>;
  onToggleOrder: (orderId: number) => void;
  /** A scanned pick ticket: ticks the bay holding the order (never unticks it). */
  onSelectOrder: (orderId: number) => void;
}

/**
 * Eight loading bays, four per row on a desktop, two on a tablet (docs/product.md, Loaders): what
 * the loader sees at each bay. Opening the tab loads every bay and the pickup list.
 */
export function LoadingGrid({ selectedOrderIds, onToggleOrder, onSelectOrder }: LoadingGridProps) {
  // The bay the last scan found, highlighted until the next scan or until its load leaves.
  const [scanned, setScanned] = useState<{ bayId: number; orderId: number } | null>(null);
  // What the last scan found, said in the status line for a while (then the pickup summary again).
  const [answer, setAnswer] = useState<{ result: ScanResult; seq: number } | null>(null);
  useEffect(() => {
    if (!answer) return;
    const timer = setTimeout(() => setAnswer(null), SCAN_ANSWER_MS);
    return () => clearTimeout(timer);
  }, [answer]);
  // Issue 36: once the scanned load has left its bay (completed, moved, emptied), "Order #42 is in
  // Bay 2 ... Press Complete Orders" is no longer true: the message and the outline go.
  const scannedBayLoad = useBayLoad(scanned?.bayId ?? null);
  const scanGone = scanned !== null && scannedBayLoad !== undefined && scannedBayLoad !== scanned.orderId;
  useEffect(() => {
    if (!scanGone) return;
    setScanned(null);
    setAnswer((previous) => (previous?.result.found ? null : previous));
  }, [scanGone]);
  // With the network gone the service worker answers from its last copies: the oldest one says
  // how stale the grid may be.
  const copies = useOfflineCopies();
  const copiedAt = BAY_IDS.map((b) => copies.get(bayPath(b))).filter((t) => t !== undefined);
  const staleSince = copiedAt.length > 0 ? Math.min(...copiedAt) : null;
  return (
    <>
      <ScanField
        onAnswer={(result) => {
          setAnswer((previous) => ({ result, seq: (previous?.seq ?? 0) + 1 }));
          // The highlight shows what the last scan found (a tick stays: the selection is the clerk's).
          setScanned(result.found ? { bayId: result.bayId, orderId: result.orderId } : null);
          if (!result.found) return;
          onSelectOrder(result.orderId);
          const card = document.getElementById(`loading-bay-${result.bayId}-title`)?.closest('section');
          // (jsdom has no scrolling.)
          card?.scrollIntoView?.({ block: 'nearest' });
        }}
      />
      <PickupSummary staleSince={staleSince} scan={answer?.result ?? null} />
      <Row className="g-3 bay-grid">
        {BAY_IDS.map((bayId) => (
          <Col key={bayId} xs={12} md={6} xl={3}>
            <BayCard
              bayId={bayId}
              selectedOrderIds={selectedOrderIds}
              onToggleOrder={onToggleOrder}
              scannedOrderId={scanned?.bayId === bayId ? scanned.orderId : null}
            />
          </Col>
        ))}
      </Row>
    </>
  );
}

const bayPath = (bayId: number) => `/api/getGarageBayData/${bayId}`;

/** How long the status line says what a scan found before it shows the pickup summary again. */
export const SCAN_ANSWER_MS = 20_000;

/**
 * One line above the bays (a status: a screen reader says what changes in it): how many ready
 * orders are waiting and how many have no bay yet; after a scan, what it found; when the bays are
 * the service worker's copies (offline), how old they are, before anything else.
 */
function PickupSummary({ staleSince, scan }: { staleSince: number | null; scan: ScanResult | null }) {
  const pickup = usePickupReady();
  const total = pickup.data?.length ?? 0;
  const unassigned = pickup.data?.filter((order) => !order.loading_bay).length ?? 0;
  const text = !pickup.data
    ? ''
    : total === 0
      ? 'No orders are ready for pickup.'
      : `${total} ${total === 1 ? 'order' : 'orders'} ready for pickup` +
        (unassigned > 0 ? `, ${unassigned} not yet assigned to a bay (see Grid Manager).` : ', all assigned to bays.');
  // The line's space is reserved before the list arrives (one line, two on a phone) and the text
  // never takes more, so the bays below do not move when it arrives; the title has all of it.
  if (staleSince !== null) {
    const when = staleSince
      ? new Date(staleSince).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' })
      : 'an earlier visit';
    const stale = `Offline: the bays as last seen at ${when}, maybe out of date. They update when the connection is back.`;
    return <StatusLine className="fw-semibold text-danger-emphasis" text={stale} testId="bays-stale" />;
  }
  if (scan) {
    const tone = scan.found ? 'text-success-emphasis' : 'text-danger-emphasis';
    return <StatusLine className={`fw-semibold ${tone}`} text={scan.text} testId="scan-answer" />;
  }
  return <StatusLine className="text-body-secondary" text={text} />;
}

function StatusLine({ className, text, testId }: { className: string; text: string; testId?: string }) {
  return (
    <p
      id="bay-status-line"
      role="status"
      className={`bay-summary small ${className}`}
      title={text || undefined}
      data-testid={testId}
    >
      {text}
    </p>
  );
}

interface BayCardProps extends Omit<LoadingGridProps, 'onSelectOrder'> {
  bayId: number;
  /** The order a scan found in this bay, if any. */
  scannedOrderId: number | null;
}

function BayCard({ bayId, selectedOrderIds, onToggleOrder, scannedOrderId }: BayCardProps) {
  const bay = useBayData(bayId);
  const title = `Loading Bay ${bayId}`;
  const titleId = `loading-bay-${bayId}-title`;
  // A bay whose first fetch fails (a 500) shows as empty (docs/product.md, Loaders). A failed
  // refresh (the network dropped) keeps what the bay last showed, marked as possibly out of date.
  const data: BayData | undefined = bay.data;
  const orderId = data?.orderId ?? null;
  const loaded = orderId !== null;
  const rows = data?.printExcelModels ?? NO_ROWS;
  const next = data?.next ?? [];
  const refreshing = bay.isFetching && !bay.isPending;
  const scanned = loaded && scannedOrderId === orderId;
  const offlineCopy = useOfflineCopies().has(bayPath(bayId));

  return (
    <Card
      as="section"
      aria-labelledby={titleId}
      className={`h-100 bay-card${loaded ? ' bay-card-loaded' : ''}${scanned ? ' bay-card-scanned' : ''}`}
      data-scanned={scanned || undefined}
      data-offline-copy={offlineCopy || undefined}
    >
      <Card.Header className="bay-card-header">
        <div className="d-flex align-items-center justify-content-between gap-2">
          <h2 id={titleId} className="h6 mb-0 text-nowrap">
            {title}
            {offlineCopy && <span className="visually-hidden"> (offline copy)</span>}
          </h2>
          <Button
            variant="outline-secondary"
            size="sm"
            className="bay-refresh text-nowrap"
            onClick={() => void bay.refetch()}
            disabled={bay.isFetching}
          >
            {refreshing && <Spinner animation="border" size="sm" className="me-1" aria-hidden="true" />}
            Refresh Bay
          </Button>
        </div>
        <div className="bay-load">
          {bay.isPending ? null : loaded ? (
            <LoadInfo data={data!} next={next} />
          ) : next.length > 0 ? (
            <WaitingInfo next={next} />
          ) : (
            <div className="small text-body-secondary">Empty</div>
          )}
        </div>
      </Card.Header>

      <Card.Body className="p-0 bay-card-body">
        {bay.isPending ? (
          <div className="bay-table-scroll">
            <Loading />
          </div>
        ) : (
          <BayTable caption={`${title} pick list`} rows={rows} dimmed={refreshing} />
        )}
      </Card.Body>

      <Card.Footer className="bay-card-footer">
        {bay.isError && (
          <p className="bay-error small mb-1">
            {data ? 'Could not refresh this bay' : 'Could not load this bay'}: {errorText(bay.error)}
          </p>
        )}
        <div className="d-flex align-items-center justify-content-between gap-2">
          <Form.Check
            type="checkbox"
            id={`bay-${bayId}-complete`}
            label="Complete Order"
            className="bay-complete mb-0"
            disabled={!loaded}
            checked={loaded && selectedOrderIds.has(orderId)}
            onChange={() => {
              if (orderId !== null) onToggleOrder(orderId);
            }}
          />
          {rows.length > 0 && (
            <span className="small text-body-secondary text-nowrap">
              {rows.length} {rows.length === 1 ? 'line' : 'lines'}
            </span>
          )}
        </div>
      </Card.Footer>
    </Card>
  );
}

/** The bay's current load: customer, job, order, what waits after it, and Special Instructions. */
function LoadInfo({ data, next }: { data: BayData; next: BayNextOrder[] }) {
  return (
    <>
      <div className="fw-semibold text-truncate" title={data.customerName ?? undefined}>
        {data.customerName ?? 'Unknown customer'}
      </div>
      <div className="small text-truncate" title={data.customerJobName ?? undefined}>
        {data.customerJobName ?? ''}
      </div>
      <div className="small d-flex gap-2 text-nowrap">
        <span className="text-body-secondary">Order #{data.orderId}</span>
        {next.length > 0 && (
          <span className="bay-next-after text-truncate" title={nextTitle(next)}>
            <Badge bg="info" text="dark" className="me-1">
              Next
            </Badge>
            #{next[0]!.orderId} {next[0]!.customerName ?? ''}
            {next.length > 1 ? ` (+${next.length - 1})` : ''}
          </span>
        )}
      </div>
      <WaitingOn items={data.waitingOn} className="bay-waiting-on" />
      {data.specialInstructions && <SpecialInstructions text={data.specialInstructions} />}
    </>
  );
}

/** No current load, but orders are assigned to the bay: the first one is next, not "Empty". */
function WaitingInfo({ next }: { next: BayNextOrder[] }) {
  const first = next[0]!;
  return (
    <>
      <div className="fw-semibold text-truncate" title={first.customerName ?? undefined}>
        <Badge bg="info" text="dark" className="me-1 align-text-bottom">
          Next
        </Badge>
        {first.customerName ?? 'Unknown customer'}
      </div>
      <div className="small text-truncate" title={first.jobName ?? undefined}>
        {first.jobName ?? ''}
      </div>
      <div className="small text-body-secondary text-truncate" title={nextTitle(next)}>
        Order #{first.orderId}: assigned, not yet loaded{next.length > 1 ? ` (+${next.length - 1} more)` : ''}
      </div>
    </>
  );
}

const nextTitle = (next: BayNextOrder[]) =>
  'Next: ' + next.map((n) => `#${n.orderId} ${n.customerName ?? ''}${n.jobName ? `, ${n.jobName}` : ''}`).join('; ');

/** Two lines at most; a tap shows the whole text when it is longer. */
function SpecialInstructions({ text }: { text: string }) {
  const [open, setOpen] = useState(false);
  const long = text.length > 70;
  const body = (
    <>
      <span className="fw-semibold">Special Instructions: </span>
      {text}
    </>
  );
  if (!long) return <div className="bay-instructions small">{body}</div>;
  return (
    <button
      type="button"
      className={`bay-instructions bay-instructions-toggle small${open ? ' is-open' : ''}`}
      aria-expanded={open}
      title={open ? undefined : text}
      onClick={() => setOpen(!open)}
    >
      {body}
    </button>
  );
}

/**
 * A bay's pick list, drawn again only when its rows (the query's data, kept by identity), its
 * caption or its dimming change: not when a tick, a scan or another bay's answer re-renders the
 * grid (issue 19: the grid's renders were the Loaders page's longest tasks).
 */
const BayTable = memo(function BayTable({
  caption,
  rows,
  dimmed,
}: {
  caption: string;
  rows: BayRow[];
  dimmed: boolean;
}) {
  const scroller = useRef<HTMLDivElement>(null);
  const scrolls = useOverflows(scroller, rows);
  return (
    // A list that scrolls can be reached and scrolled from the keyboard.
    <div
      ref={scroller}
      className={`bay-table-scroll${dimmed ? ' opacity-50' : ''}`}
      {...(scrolls ? { tabIndex: 0, role: 'region', 'aria-label': caption } : {})}
    >
      <Table size="sm" className={`bay-table mb-0${rows.length === 0 ? ' bay-table-empty' : ''}`}>
        <caption className="visually-hidden">{caption}</caption>
        <TableHead
          columns={[
            { label: 'Quantity', className: 'bay-col-qty text-end' },
            { label: 'Item No', className: 'bay-col-item' },
            'Item Description',
          ]}
        />
        <tbody>
          {rows.length === 0 ? (
            <tr>
              <td colSpan={BAY_COLUMNS.length} className="text-center text-body-secondary py-4">
                No data available for this bay
              </td>
            </tr>
          ) : (
            rows.map((row, index) => (
              <tr
                key={index}
                className={[row.price > 0 ? 'table-success' : '', row.kind === 'SUB' ? 'bay-row-sub' : '']
                  .filter(Boolean)
                  .join(' ')}
              >
                <td className="text-end tabular-nums">{row.quantity}</td>
                <td className="bay-item-no">{row.itemNo}</td>
                <td className="bay-item-description">
                  <div className="bay-desc" title={row.itemDescription ?? undefined}>
                    {row.itemDescription ?? ''}
                  </div>
                  {row.notes.length > 0 && (
                    <ul className="bay-notes">
                      {row.notes.map((note, i) => (
                        <li key={i}>{note}</li>
                      ))}
                    </ul>
                  )}
                </td>
              </tr>
            ))
          )}
        </tbody>
      </Table>
    </div>
  );
});

/** Whether the element's content is taller than the element (it scrolls), kept up to date. */
function useOverflows(ref: RefObject<HTMLElement | null>, content: unknown): boolean {
  const [overflows, setOverflows] = useState(false);
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    const measure = () => setOverflows(el.scrollHeight > el.clientHeight + 1);
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, [ref, content]);
  return overflows;
}
