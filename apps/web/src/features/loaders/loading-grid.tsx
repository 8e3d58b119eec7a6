import { BAY_IDS, type BayData, type BayRow } from '@desk/domain';
import { Button, Card, Col, Form, Row, Spinner, Table } from 'react-bootstrap';
import { Loading } from '../../components/ui/loading';
import { errorText } from '../../components/ui/result-banner';
import { useBayData } from './api/get-bay-data';
import { usePickupReady } from './api/list-pickup-ready';
import './loaders.css';

export const BAY_COLUMNS = ['Quantity', 'Item No', 'Item Description'] as const;

export interface LoadingGridProps {
  /** Customer ids ticked for completion. */
  selectedCustomerIds: ReadonlySet<number>;
  onToggleCustomer: (customerId: number) => void;
}

/**
 * Eight loading bays, four per row (docs/product.md section 2, "Loaders home"): what the loader sees at
 * each bay. Opening the tab loads every bay and the pickup list (docs/product.md section 4).
 */
export function LoadingGrid({ selectedCustomerIds, onToggleCustomer }: LoadingGridProps) {
  return (
    <>
      <PickupSummary />
      <Row className="g-3">
        {BAY_IDS.map((bayId) => (
          <Col key={bayId} xs={12} md={6} lg={3}>
            <BayCard bayId={bayId} selectedCustomerIds={selectedCustomerIds} onToggleCustomer={onToggleCustomer} />
          </Col>
        ))}
      </Row>
    </>
  );
}

/** One line above the bays: how many ready orders are waiting, and how many have no bay yet. */
function PickupSummary() {
  const pickup = usePickupReady();
  if (!pickup.data) return null;
  const total = pickup.data.length;
  const unassigned = pickup.data.filter((order) => !order.loading_bay).length;
  return (
    <p className="small text-body-secondary mb-3">
      {total === 0
        ? 'No orders are ready for pickup.'
        : `${total} ${total === 1 ? 'order' : 'orders'} ready for pickup` +
          (unassigned > 0
            ? `, ${unassigned} not yet assigned to a bay (see Grid Manager).`
            : ', all assigned to bays.')}
    </p>
  );
}

interface BayCardProps extends LoadingGridProps {
  bayId: number;
}

function BayCard({ bayId, selectedCustomerIds, onToggleCustomer }: BayCardProps) {
  const bay = useBayData(bayId);
  const title = `Loading Bay ${bayId}`;
  const titleId = `loading-bay-${bayId}-title`;
  // docs/product.md section 7 treats a failed bay fetch (a 500) as an empty bay; say so quietly.
  const data: BayData | undefined = bay.isError ? undefined : bay.data;
  const customerId = data?.customerId ?? null;
  const loaded = customerId !== null;
  const rows = data?.printExcelModels ?? [];
  const refreshing = bay.isFetching && !bay.isPending;

  return (
    <Card as="section" aria-labelledby={titleId} className={`h-100 bay-card${loaded ? ' bay-card-loaded' : ''}`}>
      <Card.Header className="bay-card-header">
        <div className="d-flex align-items-center justify-content-between gap-2">
          <h2 id={titleId} className="h6 mb-0 text-nowrap">
            {title}
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
          {loaded ? (
            <>
              <div className="fw-semibold text-truncate" title={data?.customerName ?? undefined}>
                {data?.customerName ?? 'Unknown customer'}
              </div>
              <div className="small text-truncate" title={data?.customerJobName ?? undefined}>
                {data?.customerJobName ?? ''}
              </div>
              {data?.orderId != null && <div className="small text-body-secondary">Order #{data.orderId}</div>}
            </>
          ) : (
            <div className="small text-body-secondary">{bay.isPending ? '' : 'Empty'}</div>
          )}
        </div>
      </Card.Header>

      <Card.Body className="p-0">
        {bay.isPending ? (
          <Loading />
        ) : (
          <>
            <BayTable caption={`${title} pick list`} rows={rows} dimmed={refreshing} />
            {bay.isError && (
              <p className="bay-error small text-body-secondary mb-0">
                Could not load this bay: {errorText(bay.error)}
              </p>
            )}
          </>
        )}
      </Card.Body>

      <Card.Footer className="bay-card-footer d-flex align-items-center justify-content-between gap-2">
        <Form.Check
          type="checkbox"
          id={`bay-${bayId}-complete`}
          label="Complete Order"
          className="mb-0"
          disabled={!loaded}
          checked={loaded && selectedCustomerIds.has(customerId)}
          onChange={() => {
            if (customerId !== null) onToggleCustomer(customerId);
          }}
        />
        {rows.length > 0 && (
          <span className="small text-body-secondary text-nowrap">
            {rows.length} {rows.length === 1 ? 'line' : 'lines'}
          </span>
        )}
      </Card.Footer>
    </Card>
  );
}

function BayTable({ caption, rows, dimmed }: { caption: string; rows: BayRow[]; dimmed: boolean }) {
  return (
    <div className={`bay-table-scroll${dimmed ? ' opacity-50' : ''}`}>
      <Table size="sm" className="bay-table mb-0">
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            <th scope="col" className="bay-col-qty text-end">
              Quantity
            </th>
            <th scope="col" className="bay-col-item">
              Item No
            </th>
            <th scope="col">Item Description</th>
          </tr>
        </thead>
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
                <td className="bay-item-description">{row.itemDescription ?? ''}</td>
              </tr>
            ))
          )}
        </tbody>
      </Table>
    </div>
  );
}
