import type { VendorOrder } from '@desk/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Button } from 'react-bootstrap';
import { ConfirmModal } from '../../components/ui/confirm-modal';
import { DataTable, type Column } from '../../components/ui/data-table';
import { useDeleteVendorOrder } from './api/delete-vendor-order';
import { listVendorOrdersPage } from './api/list-vendor-orders';
import { vendorOrderKeys } from './api/query-keys';
import { VendorOrderModal } from './vendor-order-modal';
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

type Editor = { seq: number; id: number | null; show: boolean };

/**
 * Sales > Vendor Orders (docs/product.md section 2, "Vendor order list"): the list, its editor and the
 * delete confirmation. The editor closes on save or cancel and the list reloads; a save's toast
 * ('Create succeeded - ID: n', 'Update Succeeded') stays in view for a few seconds.
 */
export function VendorOrdersTab() {
  const queryClient = useQueryClient();
  const [editor, setEditor] = useState<Editor | null>(null);
  const [deleting, setDeleting] = useState<VendorOrder | null>(null);
  const [showDelete, setShowDelete] = useState(false);
  const deleteVendorOrder = useDeleteVendorOrder();

  const openEditor = (id: number | null) => {
    setEditor((e) => ({ seq: (e?.seq ?? 0) + 1, id, show: true }));
  };
  const closeEditor = () => {
    setEditor((e) => (e ? { ...e, show: false } : e));
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
        toolbar={
          <Button variant="primary" size="sm" onClick={() => openEditor(null)}>
            Create Vendor Order
          </Button>
        }
        rowActions={(v) => (
          <>
            <Button
              variant="outline-primary"
              size="sm"
              onClick={() => openEditor(v.id)}
              aria-label={`Edit vendor order ${v.id}`}
            >
              Edit
            </Button>
            <Button
              variant="outline-danger"
              size="sm"
              onClick={() => {
                setDeleting(v);
                setShowDelete(true);
              }}
              aria-label={`Delete vendor order ${v.id}`}
            >
              Delete
            </Button>
          </>
        )}
      />

      {editor && (
        <VendorOrderModal
          key={editor.seq}
          show={editor.show}
          vendorOrderId={editor.id}
          onClose={closeEditor}
          // Unmounted once closed, so a deleted vendor order is not asked for again.
          onExited={() => setEditor((e) => (e?.show ? e : null))}
          onSaved={closeEditor}
        />
      )}

      <ConfirmModal
        show={showDelete && deleting !== null}
        objectName="Vendor order"
        action="delete"
        onConfirm={() => deleteVendorOrder.mutateAsync(deleting!.id)}
        onClose={() => setShowDelete(false)}
      >
        <p className="mb-0">
          Are you sure you would like to delete the vendor-order{' '}
          <span className="text-nowrap">(id: {deleting?.id})?</span>
        </p>
        {deleting && <p className="mb-0 mt-1 small text-secondary">{deleting.name}</p>}
      </ConfirmModal>
    </>
  );
}
