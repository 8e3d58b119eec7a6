import type { VendorOrder } from '@desk/domain';
import { useQueryClient } from '@tanstack/react-query';
import { Button } from 'react-bootstrap';
import { ConfirmDelete, preloadConfirmDialog } from '../../components/ui/confirm-modal';
import { DataTable, type Column } from '../../components/ui/data-table';
import { ExportLinks } from '../../components/ui/export-links';
import { RowAction, SlotModal, useConfirmTarget, useEditorSlot } from '../../components/ui/row-actions';
import { useDeleteVendorOrder } from './api/delete-vendor-order';
import { listVendorOrdersPage } from './api/list-vendor-orders';
import { vendorOrderKeys } from './api/query-keys';
import { lazyComponent, usePreloadWhenIdle } from '../../lib/lazy-component';

// Its own chunk (react-select), loaded once the list has painted.
const VendorOrderModal = lazyComponent(() => import('./vendor-order-modal').then((m) => m.VendorOrderModal));
import { EstimatedArrival, VendorOrderStatusBadge } from './vendor-order-status';

export const VENDOR_ORDER_COLUMNS: Column<VendorOrder>[] = [
  { key: 'id', header: 'ID', width: '6.5rem' },
  { key: 'name', header: 'Name', width: '22rem', render: (v) => <span className="fw-medium">{v.name}</span> },
  {
    key: 'description',
    header: 'Description',
    render: (v) => <span className="text-body-secondary">{v.description ?? ''}</span>,
  },
  {
    key: 'estimatedArrival',
    header: 'Estimated Arrival',
    width: '12rem',
    render: (v) => <EstimatedArrival date={v.estimatedArrival} status={v.status} />,
  },
  {
    key: 'status',
    header: 'Status',
    width: '9rem',
    render: (v) => <VendorOrderStatusBadge status={v.status} />,
  },
];

/**
 * Sales > Vendor Orders (docs/product.md section 2, "Vendor order list"): the list, its editor and the
 * delete confirmation. The editor closes on save or cancel and the list reloads; a save's toast
 * ('Create succeeded - ID: n', 'Update Succeeded') stays in view for a few seconds.
 */
export function VendorOrdersTab() {
  const queryClient = useQueryClient();
  const editor = useEditorSlot();
  const deleting = useConfirmTarget<VendorOrder>();
  const deleteVendorOrder = useDeleteVendorOrder();
  usePreloadWhenIdle(vendorOrderKeys.lists(), [VendorOrderModal, preloadConfirmDialog]);

  const closeEditor = () => {
    editor.close();
    void queryClient.invalidateQueries({ queryKey: vendorOrderKeys.lists() });
  };

  return (
    <>
      <DataTable<VendorOrder>
        caption="Vendor orders"
        columns={VENDOR_ORDER_COLUMNS}
        rowKey={(v) => v.id}
        queryKey={vendorOrderKeys.lists()}
        fetchPage={listVendorOrdersPage}
        initialSort="id"
        emptyText="No vendor orders found"
        renderExport={(state) => <ExportLinks list="vendor-orders" noun="vendor orders" state={state} />}
        toolbar={
          <Button variant="primary" size="sm" onClick={() => editor.open(null)}>
            Create Vendor Order
          </Button>
        }
        rowActions={(v) => (
          <>
            <RowAction action="Edit" subject={`vendor order ${v.id}`} onClick={() => editor.open(v.id)} />
            <RowAction action="Delete" subject={`vendor order ${v.id}`} onClick={() => deleting.ask(v)} />
          </>
        )}
      />

      {/* Unmounted once closed, so a deleted vendor order is not asked for again. */}
      <SlotModal slot={editor}>
        {(vendorOrderId, modal) => (
          <VendorOrderModal {...modal} vendorOrderId={vendorOrderId} onClose={closeEditor} onSaved={closeEditor} />
        )}
      </SlotModal>

      <ConfirmDelete
        target={deleting}
        objectName="Vendor order"
        onDelete={(v) => deleteVendorOrder.mutateAsync(v.id)}
        detail={(v) => v.name}
      >
        <p className="mb-0">
          Are you sure you would like to delete the vendor-order{' '}
          <span className="text-nowrap">(id: {deleting.target?.id})?</span>
        </p>
      </ConfirmDelete>
    </>
  );
}
