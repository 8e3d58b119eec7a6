import type { DocumentListItem } from '@desk/domain';
import { useId, useState } from 'react';
import { Badge, Form } from 'react-bootstrap';
import type { Column } from '../../components/ui/data-table';
import { lazyComponent, usePreloadWhenIdle } from '../../lib/lazy-component';
import { documentKeys } from '../documents/api/query-keys';
import { DocumentList } from '../documents/document-list';
import { WaitingOn } from '../vendor-orders/waiting-on';

// Its own chunk (react-select, the modifier forms, zod): loaded once the list has painted.
export const OrderModal = lazyComponent(() => import('./order-modal').then((m) => m.OrderModal));

const STATUS_COLOURS: Record<string, string> = {
  Open: 'secondary',
  'In Progress': 'primary',
  'Awaiting Parts': 'warning',
  'Ready for Pickup': 'success',
  Completed: 'dark',
  Cancelled: 'danger',
};

const STATUS_COLUMN: Column<DocumentListItem>[] = [
  {
    key: 'orderStatus',
    header: 'Order Status',
    width: '11rem',
    render: (d) =>
      d.orderStatus ? (
        <Badge
          bg={`${STATUS_COLOURS[d.orderStatus] ?? 'secondary'}-subtle`}
          text={`${STATUS_COLOURS[d.orderStatus] ?? 'secondary'}-emphasis` as 'dark'}
          className="fw-medium border"
        >
          {d.orderStatus}
        </Badge>
      ) : null,
  },
];

/** Sales > Orders: open or closed orders (the switch), with the order editor. */
export function OrdersTab() {
  const id = useId();
  const [closed, setClosed] = useState(false);
  usePreloadWhenIdle(documentKeys.lists('order'), [OrderModal]);
  return (
    <DocumentList
      kind="order"
      closed={closed}
      extraColumns={STATUS_COLUMN}
      jobNameNote={(d) => <WaitingOn items={d.waitingOn} />}
      toolbarEnd={
        <div className="d-inline-flex align-items-center gap-2 ms-2 small" role="group" aria-label="Which orders">
          <label htmlFor={`${id}-closed`} className={closed ? 'text-secondary' : 'fw-semibold'}>
            Open Orders
          </label>
          <Form.Check
            type="switch"
            role="switch"
            id={`${id}-closed`}
            className="mb-0"
            checked={closed}
            onChange={(e) => setClosed(e.target.checked)}
            aria-label="Closed Orders"
          />
          <label htmlFor={`${id}-closed`} className={closed ? 'fw-semibold' : 'text-secondary'}>
            Closed Orders
          </label>
        </div>
      }
      renderEditor={(props) => <OrderModal {...props} />}
    />
  );
}
