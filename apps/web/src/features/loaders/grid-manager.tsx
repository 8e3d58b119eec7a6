import { BAY_IDS, type PickupOrder, type PlacementQuestions } from '@desk/domain';
import { useId, useState } from 'react';
import { Badge, Button, Form, Spinner, Table } from 'react-bootstrap';
import { Banner } from '../../components/ui/banner';
import { Loading } from '../../components/ui/loading';
import { LoadErrorBanner } from '../../components/ui/load-error-banner';
import { errorText } from '../../components/ui/result-banner';
import { useChooseGarageBay } from './api/choose-garage-bay';
import { usePickupReady } from './api/list-pickup-ready';
import { useUpdateChosenJob } from './api/update-chosen-job';
import { RouteDiscardGuard } from '../../components/ui/use-discard-guard';
import './loaders.css';
import { WaitingOn } from '../vendor-orders/waiting-on';
import { isApiError } from '../../lib/api-client';
import { PlacementDialog, type PlacementAnswer } from './placement-dialog';
import { TableHead } from '../../components/ui/table-head';
import { StockBadge } from '../../components/stock-badge';

export const GRID_MANAGER_COLUMNS = ['ID', 'Customer Name', 'Job Name', 'Stock', 'In Bay', 'Bay Assignment'] as const;

/** The message docs/product.md section 8 gives when a pickup save answers 200. */
export const PICKUP_SAVED_MESSAGE = 'Update completed successfully!';

/** The local, unsaved part of a row. */
type Edit = Pick<PickupOrder, 'current_load' | 'loading_bay'>;

type Notice = { variant: 'success'; text: string } | { variant: 'danger'; text: string; detail: string };

/** What each save button does, shown under it (the button is described by it). */
const SAVE_HELP = {
  'Place in Bay': "Saves bays and In Bay: an In Bay order becomes its bay's current load and its customer is told.",
  'Choose Garage Bay': 'Saves the bay only: nothing is loaded, nobody is e-mailed.',
} as const;

/** The server asked before placing (409 with its questions as data); null for any other failure. */
function questionsOf(error: unknown): PlacementQuestions | null {
  if (!isApiError(error) || error.httpStatus !== 409) return null;
  const data = error.data as Partial<PlacementQuestions> | null;
  return data && Array.isArray(data.taken) && Array.isArray(data.waiting) ? (data as PlacementQuestions) : null;
}

/** Bay 0 and no bay both mean "not in a bay" (docs/architecture.md section 4). */
const bayOf = (order: Edit): number | null => (order.loading_bay ? order.loading_bay : null);

const isChanged = (row: PickupOrder, original: PickupOrder) =>
  row.current_load !== original.current_load || bayOf(row) !== bayOf(original);

/**
 * Grid Manager (docs/product.md sections 2 and 4): which ready order goes to which bay, and which one is
 * the bay's current load (In Bay). Edits stay local until Place in Bay (bays and In Bay) or
 * Choose Garage Bay (bays only) sends every row.
 */
export function GridManager() {
  const pickup = usePickupReady();
  const placeInBay = useUpdateChosenJob();
  const chooseGarageBay = useChooseGarageBay();
  const [edits, setEdits] = useState<ReadonlyMap<number, Edit>>(() => new Map());
  const [notice, setNotice] = useState<Notice | null>(null);
  const [questions, setQuestions] = useState<PlacementQuestions | null>(null);
  const helpId = useId();

  const originals = pickup.data ?? [];
  // Each bay's current load as saved: a row moved or ticked into that bay warns before it is saved.
  const savedLoads = new Map<number, PickupOrder>();
  for (const o of originals) if (o.current_load && o.loading_bay) savedLoads.set(o.loading_bay, o);
  const rows = originals.map((order) => {
    const edit = edits.get(order.id);
    return edit ? { ...order, ...edit } : order;
  });
  const changedIds = new Set(rows.filter((row, i) => isChanged(row, originals[i]!)).map((row) => row.id));
  const dirty = changedIds.size > 0;
  const saving = placeInBay.isPending || chooseGarageBay.isPending;

  function apply(next: PickupOrder[]) {
    setNotice(null);
    setEdits((previous) => {
      const merged = new Map(previous);
      for (const row of next) merged.set(row.id, { current_load: row.current_load, loading_bay: row.loading_bay });
      return merged;
    });
  }

  /** Ticking makes this order its bay's only current load; unticking clears only this order. */
  function setInBay(order: PickupOrder, inBay: boolean) {
    if (!inBay) {
      apply([{ ...order, current_load: false }]);
      return;
    }
    const bay = bayOf(order);
    const others = rows.filter((row) => row.id !== order.id && row.current_load && bayOf(row) === bay);
    apply([...others.map((row) => ({ ...row, current_load: false })), { ...order, current_load: true }]);
  }

  function setBay(order: PickupOrder, value: string) {
    const bay = value === '' ? null : Number(value);
    // An order out of every bay cannot be a bay's current load (the server refuses it).
    apply([{ ...order, loading_bay: bay, current_load: bay ? order.current_load : false }]);
  }

  async function save(mutation: typeof placeInBay, answer?: PlacementAnswer) {
    setNotice(null);
    const sent = answer
      ? rows.map((row) => {
          const replaces = answer.replaces.get(row.id);
          const tell = answer.waiting.get(row.id);
          return {
            ...row,
            ...(replaces !== undefined ? { replaces } : {}),
            ...(tell !== undefined ? { waitingConfirmed: true, tellCustomer: tell } : {}),
          };
        })
      : rows;
    try {
      await mutation.mutateAsync(sent);
      setEdits(new Map());
      setNotice({ variant: 'success', text: PICKUP_SAVED_MESSAGE });
    } catch (error) {
      // Place in Bay asks first: a bay's load it would replace, an order waiting on a vendor order.
      const asked = questionsOf(error);
      if (asked) setQuestions(asked);
      else setNotice({ variant: 'danger', text: 'Update failed', detail: errorText(error) });
    }
  }

  return (
    <>
      <RouteDiscardGuard dirty={dirty} what="bay changes" />
      <div aria-live="polite">
        {notice?.variant === 'success' && (
          <Banner variant="success" title={notice.text} onClose={() => setNotice(null)} />
        )}
        {notice?.variant === 'danger' && (
          <Banner variant="danger" title={notice.text} onClose={() => setNotice(null)}>
            <small>{notice.detail}</small>
          </Banner>
        )}
      </div>

      {pickup.isError && (
        <LoadErrorBanner
          title="The pickup list could not be loaded"
          error={pickup.error}
          onRetry={() => void pickup.refetch()}
        />
      )}

      <div className="d-flex flex-wrap align-items-center justify-content-between gap-2 mb-2">
        <div className="d-flex align-items-center gap-2 small text-body-secondary">
          <span>
            {pickup.data
              ? `${rows.length} ${rows.length === 1 ? 'order' : 'orders'} ready for pickup`
              : 'Orders ready for pickup'}
          </span>
          {dirty && (
            <Badge bg="warning" text="dark" pill>
              Unsaved changes
            </Badge>
          )}
        </div>
        <div className="d-flex flex-wrap gap-2">
          {dirty && (
            <Button
              variant="link"
              size="sm"
              className="text-body-secondary"
              disabled={saving}
              onClick={() => {
                setNotice(null);
                setEdits(new Map());
              }}
            >
              Discard changes
            </Button>
          )}
          {(
            [
              ['Choose Garage Bay', 'outline-primary', chooseGarageBay],
              ['Place in Bay', 'primary', placeInBay],
            ] as const
          ).map(([label, variant, mutation]) => (
            <div key={label} className="d-flex flex-column align-items-end">
              <SaveButton
                label={label}
                variant={variant}
                busy={mutation.isPending}
                disabled={saving || rows.length === 0}
                describedBy={`${helpId}-${variant}`}
                onClick={() => void save(mutation)}
              />
              <small id={`${helpId}-${variant}`} className="gm-save-help text-body-secondary text-end mt-1">
                {SAVE_HELP[label]}
              </small>
            </div>
          ))}
        </div>
      </div>

      <Table responsive hover size="sm" className="grid-manager-table align-middle mb-2">
        <caption className="visually-hidden">Pickup-ready orders</caption>
        <TableHead
          columns={[
            { label: 'ID', className: 'gm-col-id' },
            'Customer Name',
            'Job Name',
            { label: 'Stock', className: 'gm-col-stock' },
            { label: 'In Bay', className: 'gm-col-in-bay text-center' },
            { label: 'Bay Assignment', className: 'gm-col-bay' },
          ]}
        />
        <tbody>
          {pickup.isPending ? (
            <tr>
              <td colSpan={GRID_MANAGER_COLUMNS.length}>
                <Loading />
              </td>
            </tr>
          ) : rows.length === 0 ? (
            <tr>
              <td colSpan={GRID_MANAGER_COLUMNS.length} className="text-center text-body-secondary py-4">
                No orders are ready for pickup
              </td>
            </tr>
          ) : (
            rows.map((order) => {
              const changed = changedIds.has(order.id);
              const bay = bayOf(order);
              const holder = bay === null ? undefined : savedLoads.get(bay);
              const taken = changed && holder !== undefined && holder.id !== order.id ? holder : undefined;
              return (
                <tr key={order.id} className={changed ? 'gm-row-changed' : undefined}>
                  <td className="tabular-nums">
                    {order.id}
                    {changed && <span className="visually-hidden"> (unsaved change)</span>}
                  </td>
                  <td className="fw-medium">{order.customerName || 'Unknown'}</td>
                  <td>
                    {order.jobName ?? ''}
                    <WaitingOn items={order.waitingOn} />
                  </td>
                  <td>
                    <PickupStock stock={order.stock} />
                  </td>
                  <td className="text-center">
                    <Form.Check
                      type="checkbox"
                      className="d-inline-block mb-0"
                      aria-label={`In Bay: order ${order.id}`}
                      title={bay === null ? 'Choose a bay first' : undefined}
                      checked={order.current_load}
                      disabled={saving || (bay === null && !order.current_load)}
                      onChange={(event) => setInBay(order, event.currentTarget.checked)}
                    />
                  </td>
                  <td>
                    <Form.Select
                      size="sm"
                      aria-label={`Bay Assignment: order ${order.id}`}
                      value={order.loading_bay === null ? '' : String(order.loading_bay)}
                      disabled={saving}
                      onChange={(event) => setBay(order, event.currentTarget.value)}
                    >
                      <option value="">No bay</option>
                      {BAY_IDS.map((choice) => {
                        const load = savedLoads.get(choice);
                        return (
                          <option key={choice} value={String(choice)}>
                            Bay {choice}
                            {load && load.id !== order.id ? ` (order ${load.id} loaded)` : ''}
                          </option>
                        );
                      })}
                    </Form.Select>
                    {taken && (
                      <div className="small text-warning-emphasis mt-1" role="note">
                        Bay {bay} holds order {taken.id}
                        {taken.customerName ? ` (${taken.customerName})` : ''}: Place in Bay asks before replacing it.
                      </div>
                    )}
                  </td>
                </tr>
              );
            })
          )}
        </tbody>
      </Table>
      <p className="small text-body-secondary mb-0">
        In Bay marks the order its bay&apos;s current load, the one the Loading Grid shows. Place in Bay saves bays and
        In Bay; Choose Garage Bay saves bay assignments only.
      </p>
      <PlacementDialog
        questions={questions}
        onCancel={() => setQuestions(null)}
        onPlace={(answer) => {
          setQuestions(null);
          void save(placeInBay, answer);
        }}
      />
    </>
  );
}

/**
 * Whether the shelf covers the order before it goes to a bay (docs/stock.md): "Ready" or
 * "7 short", in words. Nothing when the server does not say.
 */
function PickupStock({ stock }: { stock: PickupOrder['stock'] }) {
  if (!stock) return null;
  return stock.ready || stock.short <= 0 ? (
    <StockBadge text="Ready" tone="ok" title="The shelf covers everything this order needs" />
  ) : (
    <StockBadge
      text={`${stock.short} short`}
      tone="short"
      title={`The shelf is ${stock.short} ${stock.short === 1 ? 'unit' : 'units'} short of what this order needs`}
    />
  );
}

interface SaveButtonProps {
  label: string;
  variant: string;
  busy: boolean;
  disabled: boolean;
  /** The id of the visible text saying what the button does. */
  describedBy: string;
  onClick: () => void;
}

function SaveButton({ label, variant, busy, disabled, describedBy, onClick }: SaveButtonProps) {
  return (
    <Button
      variant={variant}
      size="sm"
      disabled={disabled}
      onClick={onClick}
      className="text-nowrap"
      aria-describedby={describedBy}
    >
      {busy && <Spinner animation="border" size="sm" className="me-1" aria-hidden="true" />}
      {label}
    </Button>
  );
}
