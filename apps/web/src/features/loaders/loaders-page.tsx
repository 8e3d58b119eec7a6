import { useState } from 'react';
import { Button } from 'react-bootstrap';
import { Banner } from '../../components/ui/banner';
import { PageCard } from '../../components/ui/page-card';
import { UrlTabs } from '../../components/ui/url-tabs';
import { GridManager } from './grid-manager';
import { LoadingGrid } from './loading-grid';

interface Notice {
  variant: 'success' | 'danger' | 'warning';
  text: string;
}

/** Loaders home: the bay grid, the grid manager and Complete Orders (SPEC.md section 2). */
export function LoadersPage() {
  const [selectedCustomerIds, setSelectedCustomerIds] = useState<ReadonlySet<number>>(() => new Set());
  const [notice, setNotice] = useState<Notice | null>(null);

  function toggleCustomer(customerId: number) {
    setSelectedCustomerIds((previous) => {
      const next = new Set(previous);
      if (!next.delete(customerId)) next.add(customerId);
      return next;
    });
  }

  function completeOrders() {
    if (selectedCustomerIds.size === 0) {
      setNotice({ variant: 'warning', text: 'No orders selected for completion.' });
      return;
    }
    // Sending the selection to the server comes with the loading-bays issue.
  }

  return (
    <PageCard
      title="Loaders"
      actions={
        <Button variant="success" size="sm" onClick={completeOrders}>
          Complete Orders
        </Button>
      }
    >
      {notice && (
        <Banner variant={notice.variant} onClose={() => setNotice(null)}>
          {notice.text}
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
