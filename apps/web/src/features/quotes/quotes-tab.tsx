import { Fragment, useState } from 'react';
import { lazyComponent, usePreloadWhenIdle } from '../../lib/lazy-component';
import { documentKeys } from '../documents/api/query-keys';
import { DocumentList } from '../documents/document-list';
import { ExportedOrders } from '../documents/exported-orders';
import { QuoteStatusBadge } from '../documents/quote-status-badge';
import type { Column } from '../../components/ui/data-table';
import type { DocumentListItem } from '@desk/domain';
import { OrderModal } from '../orders/orders-tab';

// Its own chunk, loaded once the list has painted (the order modal shares most of it).
const QuoteModal = lazyComponent(() => import('./quote-modal').then((m) => m.QuoteModal));

/** The quote's status, and its revision from rev 2 on (the list shows each quote's latest). */
const STATUS_COLUMN: Column<DocumentListItem>[] = [
  {
    key: 'status',
    header: 'Status',
    width: '10rem',
    render: (q) => (
      <>
        {q.status && <QuoteStatusBadge status={q.status} />}
        {q.revision !== undefined && q.revision > 1 && (
          <span className="ms-2 small text-secondary">rev {q.revision}</span>
        )}
      </>
    ),
  },
];

type OpenOrder = { seq: number; id: number; show: boolean; stacked: boolean };

/**
 * Sales > Quotes: the quote list with its editor. A quote shows the orders made from it
 * ("Exported to order 26"), in its row and in its modal; each opens that order, on top.
 */
export function QuotesTab() {
  const [order, setOrder] = useState<OpenOrder | null>(null);
  usePreloadWhenIdle(documentKeys.lists('quote'), [QuoteModal, OrderModal]);
  const openOrder = (stacked: boolean) => (id: number) =>
    setOrder((o) => ({ seq: (o?.seq ?? 0) + 1, id, show: true, stacked }));

  return (
    <>
      <DocumentList
        kind="quote"
        extraColumns={STATUS_COLUMN}
        jobNameNote={(q) => <ExportedOrders orderIds={q.exportedOrderIds ?? []} onOpen={openOrder(false)} />}
        renderEditor={(props) => <QuoteModal {...props} onOpenOrder={openOrder(true)} />}
      />
      {order && (
        <Fragment key={`order-${order.seq}`}>
          <OrderModal
            show={order.show}
            documentId={order.id}
            stacked={order.stacked}
            onClose={() => setOrder({ ...order, show: false })}
          />
        </Fragment>
      )}
    </>
  );
}
