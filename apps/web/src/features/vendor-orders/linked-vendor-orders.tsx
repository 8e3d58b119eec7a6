import type { LinkedOrder, VendorOrder } from '@desk/domain';
import { useId, useMemo, useState } from 'react';
import { Button } from 'react-bootstrap';
import { Banner } from '../../components/ui/banner';
import { BusyButton } from '../../components/ui/busy-button';
import { RowsTable } from '../../components/ui/list-table';
import { ErrorBanner, errorText } from '../../components/ui/result-banner';
import { useConfirmTarget } from '../../components/ui/row-actions';
import { SearchableSelect } from '../../components/ui/searchable-select';
import { useCreateLinkedOrder } from './api/create-linked-order';
import { useLinkedVendorOrders } from './api/list-linked-vendor-orders';
import { useVendorOrderOptions } from './api/list-vendor-orders';
import { UnlinkCell, UnlinkConfirm } from './unlink';
import { EstimatedArrival, isOverdue, VendorOrderStatusBadge } from './vendor-order-status';
import { VendorOrderModal } from './vendor-order-modal';

// The order modal's section and the vendor order modal read and invalidate the same keys.
export { linkedOrderKeys, vendorOrderKeys } from './api/query-keys';

const COLUMNS = ['Name', 'Description', 'Estimated Arrival', 'Status', 'Actions'] as const;

/** A picker option: what a clerk chooses by, the name, status and when it is due ('ETA ..., overdue'). */
export const vendorOrderOptionLabel = (v: VendorOrder) => {
  const eta = v.estimatedArrival
    ? `ETA ${v.estimatedArrival.slice(0, 10)}${isOverdue(v.estimatedArrival, v.status) ? ', overdue' : ''}`
    : 'ETA not set';
  return `${v.name} - ${v.status} - ${eta} - ID ${v.id}`;
};

/**
 * The order modal's Linked Vendor Orders section (docs/product.md section 2): the vendor orders this
 * order waits on, a picker to link another one, and an unlink action per row. Needs a saved
 * order; the order modal shows its red notice instead while creating.
 */
export function LinkedVendorOrders({ orderId }: { orderId: number }) {
  const id = useId();
  const links = useLinkedVendorOrders(orderId);
  const vendorOrders = useVendorOrderOptions();
  const link = useCreateLinkedOrder();
  const [selected, setSelected] = useState<VendorOrder | null>(null);
  const [linkError, setLinkError] = useState<string | null>(null);
  const removing = useConfirmTarget<LinkedOrder>();
  // "Order from vendor": the vendor order modal in create mode, creating the vendor order linked.
  const [ordering, setOrdering] = useState(false);
  const [orderingMounted, setOrderingMounted] = useState(false);

  const rows = useMemo(() => links.data ?? [], [links.data]);
  // A vendor order already linked to this order cannot be linked again.
  const options = useMemo(() => {
    const linked = new Set(rows.map((l) => l.vendorOrder.id));
    return (vendorOrders.data ?? []).filter((v) => !linked.has(v.id));
  }, [rows, vendorOrders.data]);
  const optionsLoading = vendorOrders.isPending || links.isPending;

  const submit = async () => {
    if (selected === null || link.isPending) return;
    setLinkError(null);
    try {
      await link.mutateAsync({ orderId, vendorOrderId: selected.id });
      setSelected(null);
    } catch (error) {
      setLinkError(errorText(error));
    }
  };

  return (
    <div>
      {/* Not a <form>: this section sits inside the order modal, which may be one. */}
      <div className="d-flex flex-wrap align-items-end gap-2 mb-3">
        <div className="flex-grow-1" style={{ minWidth: '16rem', maxWidth: '36rem' }}>
          <SearchableSelect<VendorOrder>
            inputId={`${id}-vendor-order`}
            label="Vendor Order"
            options={options}
            value={selected}
            onChange={(v) => {
              setSelected(v);
              setLinkError(null);
            }}
            getOptionLabel={vendorOrderOptionLabel}
            getOptionValue={(v) => String(v.id)}
            isLoading={optionsLoading}
            isDisabled={link.isPending || vendorOrders.isError}
            isClearable
            placeholder={optionsLoading ? 'Loading...' : 'Search vendor orders by name, status or id'}
          />
        </div>
        <BusyButton
          variant="primary"
          onClick={() => void submit()}
          busy={link.isPending}
          disabled={selected === null || link.isPending}
          style={{ minWidth: '5rem' }}
        >
          Link
        </BusyButton>
        <Button
          variant="outline-primary"
          onClick={() => {
            setOrderingMounted(true);
            setOrdering(true);
          }}
          title="Create a new vendor order, already linked to this order"
        >
          Order from vendor
        </Button>
      </div>
      {orderingMounted && (
        <VendorOrderModal
          show={ordering}
          vendorOrderId={null}
          forOrderId={orderId}
          onClose={() => setOrdering(false)}
          onSaved={() => setOrdering(false)}
          onExited={() => setOrderingMounted(false)}
        />
      )}

      <div aria-live="polite">
        {linkError !== null && (
          <Banner variant="danger" title="Link failed" onClose={() => setLinkError(null)}>
            <small>{linkError}</small>
          </Banner>
        )}
      </div>
      {vendorOrders.isError && <ErrorBanner title="Vendor orders could not be loaded" error={vendorOrders.error} />}

      <RowsTable
        label="Linked vendor orders"
        columns={COLUMNS}
        query={links}
        loadError="Linked vendor orders could not be loaded"
        empty="No vendor orders are linked to this order"
        renderRow={(row) => (
          <tr key={row.id}>
            <td>
              <div className="fw-medium">{row.vendorOrder.name}</div>
              <div className="small text-secondary">ID {row.vendorOrder.id}</div>
            </td>
            <td className="small">{row.vendorOrder.description}</td>
            <td>
              <EstimatedArrival date={row.vendorOrder.estimatedArrival} status={row.vendorOrder.status} />
            </td>
            <td>
              <VendorOrderStatusBadge status={row.vendorOrder.status} />
            </td>
            <UnlinkCell
              subject={`vendor order ${row.vendorOrder.id}`}
              title="Remove this link; the vendor order itself is kept"
              onClick={() => removing.ask(row)}
            />
          </tr>
        )}
      />

      <UnlinkConfirm
        objectName="Vendor order link"
        target={removing}
        question={(link) => (
          <>
            Are you sure you would like to remove the link to vendor order {link.vendorOrder.name} (id:{' '}
            {link.vendorOrder.id})?
          </>
        )}
      />
    </div>
  );
}
