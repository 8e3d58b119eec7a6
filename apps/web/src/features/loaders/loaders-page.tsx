import { useState } from 'react';
import { Button, Spinner } from 'react-bootstrap';
import { Banner } from '../../components/ui/banner';
import { PageCard } from '../../components/ui/page-card';
import { UrlTabs } from '../../components/ui/url-tabs';
import { isApiError } from '../../lib/api-client';
import { useCompleteOrders } from './api/complete-orders';
import { useCustomersOnBays } from './api/get-bay-data';
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
  const [selection, setSelection] = useState<ReadonlySet<number>>(() => new Set());
  const [notice, setNotice] = useState<Notice | null>(null);
  const completeOrders = useCompleteOrders();
  const customersOnBays = useCustomersOnBays();

  // A ticked customer whose load has since left the bays (completed or moved elsewhere) has no
  // checkbox left to untick, so it is no longer part of the selection.
  const selectedCustomerIds =
    customersOnBays === null ? selection : new Set([...selection].filter((id) => customersOnBays.has(id)));

  function toggleCustomer(customerId: number) {
    const next = new Set(selectedCustomerIds);
    if (!next.delete(customerId)) next.add(customerId);
    setSelection(next);
  }

  async function complete() {
    if (selectedCustomerIds.size === 0) {
      setNotice({ variant: 'warning', text: COMPLETE_MESSAGES.nothingSelected });
      return;
    }
    setNotice(null);
    try {
      await completeOrders.mutateAsync([...selectedCustomerIds].sort((a, b) => a - b));
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
    <PageCard
      title="Loaders"
      actions={
        <Button variant="success" size="sm" onClick={() => void complete()} disabled={completeOrders.isPending}>
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
            content: <LoadingGrid selectedCustomerIds={selectedCustomerIds} onToggleCustomer={toggleCustomer} />,
          },
          { key: 'grid-manager', title: 'Grid Manager', content: <GridManager /> },
        ]}
      />
    </PageCard>
  );
}
