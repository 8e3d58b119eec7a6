import { Fragment, useState } from 'react';
import { DocumentList } from '../documents/document-list';
import { ExportedOrders } from '../documents/exported-orders';
import { OrderModal } from '../orders/order-modal';
import { QuoteModal } from './quote-modal';

type OpenOrder = { seq: number; id: number; show: boolean; stacked: boolean };

/**
 * Sales > Quotes: the quote list with its editor. A quote shows the orders made from it
 * ("Exported to order 26"), in its row and in its modal; each opens that order, on top.
 */
export function QuotesTab() {
  const [order, setOrder] = useState<OpenOrder | null>(null);
  const openOrder = (stacked: boolean) => (id: number) =>
    setOrder((o) => ({ seq: (o?.seq ?? 0) + 1, id, show: true, stacked }));

  return (
    <>
      <DocumentList
        kind="quote"
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
