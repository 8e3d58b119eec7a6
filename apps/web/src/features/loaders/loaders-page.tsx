import { useState } from 'react';
import { Button, Spinner } from 'react-bootstrap';
import { Banner } from '../../components/ui/banner';
import { PageCard } from '../../components/ui/page-card';
import { UrlTabs } from '../../components/ui/url-tabs';
import { isApiError } from '../../lib/api-client';
import { useCompleteBayOrders } from './api/complete-orders';
import { useOrdersOnBays } from './api/get-bay-data';
import { GridManager } from './grid-manager';
import { LoadingGrid } from './loading-grid';

/** The Complete Orders messages of docs/product.md section 8. */
export const COMPLETE_MESSAGES = {
  nothingSelected: 'No orders selected for completion.',
  completed: 'Orders successfully completed.',
  refused: 'Error completing orders.',
  unreachable: 'Failed to complete orders.',
} as const;

interface Notice {
  variant: 'success' | 'danger' | 'warning';
  text: string;
  /** The server's reason, in smaller text. */
  detail?: string;
}

/** Loaders home: the bay grid, the grid manager and Complete Orders (docs/product.md section 2). */
export function LoadersPage() {
  // Ticked bays, by the order that is each bay's current load: per bay, not per customer.
  const [selection, setSelection] = useState<ReadonlySet<number>>(() => new Set());
  const [notice, setNotice] = useState<Notice | null>(null);
  const completeOrders = useCompleteBayOrders();
  const ordersOnBays = useOrdersOnBays();

  // A ticked load that has since left its bay (completed or moved elsewhere) has no checkbox
  // left to untick, so it is no longer part of the selection.
  const selectedOrderIds =
    ordersOnBays === null ? selection : new Set([...selection].filter((id) => ordersOnBays.has(id)));

  function toggleOrder(orderId: number) {
    const next = new Set(selectedOrderIds);
    if (!next.delete(orderId)) next.add(orderId);
    setSelection(next);
  }

  async function complete() {
    if (selectedOrderIds.size === 0) {
      setNotice({ variant: 'warning', text: COMPLETE_MESSAGES.nothingSelected });
      return;
    }
    setNotice(null);
    try {
      await completeOrders.mutateAsync([...selectedOrderIds].sort((a, b) => a - b));
      setSelection(new Set());
      setNotice({ variant: 'success', text: COMPLETE_MESSAGES.completed });
    } catch (error) {
      if (isApiError(error) && error.httpStatus === 0) {
        setNotice({ variant: 'danger', text: COMPLETE_MESSAGES.unreachable });
      } else {
        const detail = error instanceof Error ? error.message : undefined;
        setNotice({ variant: 'danger', text: COMPLETE_MESSAGES.refused, detail });
      }
    }
  }

  return (
    <div className="loaders-page">
      <PageCard
        title="Loaders"
        actions={
          <Button
            variant="success"
            size="sm"
            className="loaders-complete"
            onClick={() => void complete()}
            disabled={completeOrders.isPending}
          >
            {completeOrders.isPending && <Spinner animation="border" size="sm" className="me-1" aria-hidden="true" />}
            Complete Orders
          </Button>
        }
      >
        {notice && (
          <Banner variant={notice.variant} title={notice.text} onClose={() => setNotice(null)}>
            {notice.detail ? <small>{notice.detail}</small> : undefined}
          </Banner>
        )}
        <UrlTabs
          id="loaders-tabs"
          tabs={[
            {
              key: 'loading-grid',
              title: 'Loading Grid',
              content: <LoadingGrid selectedOrderIds={selectedOrderIds} onToggleOrder={toggleOrder} />,
            },
            { key: 'grid-manager', title: 'Grid Manager', content: <GridManager /> },
          ]}
        />
      </PageCard>
    </div>
  );
}
