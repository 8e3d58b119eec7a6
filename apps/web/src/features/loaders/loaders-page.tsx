import { useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Spinner } from 'react-bootstrap';
import { useLiveEvents, type LiveStatus } from '../../lib/live-events';
import { loaderKeys, refreshYard } from './api/query-keys';
import { Banner } from '../../components/ui/banner';
import { PageCard } from '../../components/ui/page-card';
import { UrlTabs } from '../../components/ui/url-tabs';
import { isApiError } from '../../lib/api-client';
import { useCompleteBayOrders } from './api/complete-orders';
import { useOrdersOnBays } from './api/get-bay-data';
import { LoadingGrid } from './loading-grid';
import { lazyComponent, usePreloadWhenIdle } from '../../lib/lazy-component';
import { Loading } from '../../components/ui/loading';

// The second tab: its own chunk (with its discard dialog), fetched once the bays have painted.
const GridManager = lazyComponent(() => import('./grid-manager').then((m) => m.GridManager), <Loading />);

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
  const queryClient = useQueryClient();
  usePreloadWhenIdle(loaderKeys.pickupReady(), [GridManager]);
  // Changes made anywhere (another clerk, another counter PC) show here without a Refresh.
  const live = useLiveEvents({
    bay: ({ bay }) => void queryClient.invalidateQueries({ queryKey: loaderKeys.bay(Number(bay)) }),
    pickup: () => void queryClient.invalidateQueries({ queryKey: loaderKeys.pickupReady() }),
    // Stock moved: an order's ready or short in the Grid Manager may have changed (docs/stock.md).
    stock: () => void queryClient.invalidateQueries({ queryKey: loaderKeys.pickupReady() }),
    reset: () => void refreshYard(queryClient),
  });
  // Back after the stream was down (a new stream resumes nothing): read the yard again, since
  // what changed meanwhile was told to nobody here.
  const wasOffline = useRef(false);
  useEffect(() => {
    if (live === 'offline') wasOffline.current = true;
    else if (live === 'live' && wasOffline.current) {
      wasOffline.current = false;
      void refreshYard(queryClient);
    }
  }, [live, queryClient]);

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
          <>
            <LiveMarker status={live} />
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
          </>
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
              content: (
                <LoadingGrid
                  selectedOrderIds={selectedOrderIds}
                  onToggleOrder={toggleOrder}
                  onSelectOrder={(orderId) => setSelection(new Set(selectedOrderIds).add(orderId))}
                />
              ),
            },
            { key: 'grid-manager', title: 'Grid Manager', content: <GridManager /> },
          ]}
        />
      </PageCard>
    </div>
  );
}

const LIVE_WORDS: Record<LiveStatus, { text: string; title: string; className: string }> = {
  connecting: { text: 'Connecting...', title: 'Connecting to the live updates', className: 'text-body-secondary' },
  live: { text: 'Live', title: 'Changes made anywhere show here as they happen', className: 'text-success-emphasis' },
  offline: {
    text: 'Offline',
    title: 'Live updates are off until the connection is back (it reconnects by itself); Refresh Bay still reads',
    className: 'text-danger-emphasis',
  },
};

/** Whether the bays update by themselves: a fixed-width word, so nothing moves when it changes. */
function LiveMarker({ status }: { status: LiveStatus }) {
  const w = LIVE_WORDS[status];
  return (
    <span role="status" className={`loaders-live small me-2 ${w.className}`} title={w.title} data-live={status}>
      <span aria-hidden="true" className="loaders-live-dot" /> {w.text}
    </span>
  );
}
